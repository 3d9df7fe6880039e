import { Anchor, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiMessage } from '../api/get-edi-message';
import { DetailError } from '../components/detail-error';
import { DetailHeader } from '../components/detail-header';
import { EdiStatusBadge } from '../components/edi-status-badge';
import { Parties, RelatedList, Section, StatusHistory } from '../components/edi-detail-parts';
import { ediTrackingLinks } from '../edi-tracking-links';

/** /edi-tracking/messages/{messageId}/{consignmentId}: a message with its consignment's documents. */
export function MessagePage() {
  const { t, i18n } = useTranslation();
  const { messageId = '', consignmentId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const message = useEdiMessage(accountId, messageId, consignmentId);
  const data = message.data;

  return (
    <Stack gap="lg">
      <DetailHeader
        listLabel={t('titles.messages')}
        listTo={ediTrackingLinks.messages(accountId)}
        id={messageId}
        status={data?.status}
        subtitle={
          data && t('ediTracking.detail.created', { time: formatDateTime(data.createdAt, i18n.language) })
        }
      />
      {message.isPending && <Loader aria-label={t('common.loading')} />}
      {message.isError && <DetailError error={message.error} onRetry={() => void message.refetch()} />}
      {data && (
        <>
          <Section title={t('ediTracking.detail.details')}>
            <DetailList
              items={[
                {
                  label: t('ediTracking.fields.consignmentId'),
                  value: (
                    <>
                      <Anchor
                        component={Link}
                        to={ediTrackingLinks.consignment(data.consignmentId, accountId)}
                      >
                        {data.consignmentId}
                      </Anchor>{' '}
                      <EdiStatusBadge status={data.consignmentStatus} />
                    </>
                  ),
                },
                {
                  label: t('ediTracking.fields.direction'),
                  value: t(`ediTracking.directions.${data.direction}`),
                },
                {
                  label: t('ediTracking.fields.category'),
                  value: t(`ediTracking.categories.${data.category}`),
                },
                { label: t('ediTracking.fields.messageType'), value: data.messageType },
                {
                  label: t('ediTracking.fields.sizeBytes'),
                  value: formatNumber(data.sizeBytes, i18n.language),
                },
                { label: t('ediTracking.fields.filename'), value: data.filename },
                { label: t('ediTracking.fields.errorMessage'), value: data.errorMessage },
              ]}
            />
          </Section>
          <Section title={t('ediTracking.detail.parties')}>
            <Parties sender={data.sender} receiver={data.receiver} />
          </Section>
          <Section title={t('ediTracking.detail.statusHistory')}>
            <StatusHistory entries={data.statusHistory} />
          </Section>
          <Section title={t('ediTracking.detail.documentsOfConsignment')}>
            <RelatedList
              idLabel={t('ediTracking.fields.documentId')}
              empty={t('ediTracking.detail.noDocuments')}
              items={data.documents.map((d) => ({
                ...d,
                to: ediTrackingLinks.document(d.id, data.consignmentId, accountId),
              }))}
            />
          </Section>
        </>
      )}
    </Stack>
  );
}

export default MessagePage;
