import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiDocument } from '../api/get-edi-document';
import { RelatedList, Section } from '../components/edi-detail-parts';
import { EdiItemDetail } from '../components/edi-item-detail';
import { ediTrackingLinks } from '../edi-tracking-links';

/** /edi-tracking/documents/{documentId}/{consignmentId}: a document with its consignment's messages. */
export function DocumentPage() {
  const { t } = useTranslation();
  const { documentId = '', consignmentId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  return (
    <EdiItemDetail
      kind="ediDocument"
      query={useEdiDocument(accountId, documentId, consignmentId)}
      id={documentId}
      accountId={accountId}
      list={{ label: t('titles.documents'), to: ediTrackingLinks.documents(accountId) }}
      ownFields={(document) => [
        { label: t('ediTracking.fields.documentNumber'), value: document.documentNumber },
      ]}
      related={(document) => (
        <Section title={t('ediTracking.detail.messagesOfConsignment')}>
          <RelatedList
            idLabel={t('ediTracking.fields.messageId')}
            empty={t('ediTracking.detail.noMessages')}
            extraLabel={t('ediTracking.fields.messageType')}
            items={document.messages.map((m) => ({
              id: m.id,
              category: m.category,
              status: m.status,
              extra: m.messageType,
              to: ediTrackingLinks.message(m.id, document.consignmentId, accountId),
            }))}
          />
        </Section>
      )}
    />
  );
}

export default DocumentPage;
