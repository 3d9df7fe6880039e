import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiMessage } from '../api/get-edi-message';
import { RelatedList, Section } from '../components/edi-detail-parts';
import { EdiItemDetail } from '../components/edi-item-detail';
import { ediTrackingLinks } from '../edi-tracking-links';

/** /edi-tracking/messages/{messageId}/{consignmentId}: a message with its consignment's documents. */
export function MessagePage() {
  const { t, i18n } = useTranslation();
  const { messageId = '', consignmentId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  return (
    <EdiItemDetail
      kind="ediMessage"
      query={useEdiMessage(accountId, messageId, consignmentId)}
      id={messageId}
      accountId={accountId}
      list={{ label: t('titles.messages'), to: ediTrackingLinks.messages(accountId) }}
      ownFields={(message) => [
        { label: t('ediTracking.fields.messageType'), value: message.messageType },
        { label: t('ediTracking.fields.sizeBytes'), value: formatNumber(message.sizeBytes, i18n.language) },
      ]}
      related={(message) => (
        <Section title={t('ediTracking.detail.documentsOfConsignment')}>
          <RelatedList
            idLabel={t('ediTracking.fields.documentId')}
            empty={t('ediTracking.detail.noDocuments')}
            items={message.documents.map((d) => ({
              ...d,
              to: ediTrackingLinks.document(d.id, message.consignmentId, accountId),
            }))}
          />
        </Section>
      )}
    />
  );
}

export default MessagePage;
