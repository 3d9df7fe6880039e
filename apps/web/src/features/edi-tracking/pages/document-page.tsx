import { Anchor, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiDocument } from '../api/get-edi-document';
import { DetailError } from '../components/detail-error';
import { DetailHeader } from '../components/detail-header';
import { EdiStatusBadge } from '../components/edi-status-badge';
import { Parties, RelatedList, Section, StatusHistory } from '../components/edi-detail-parts';
import { ediTrackingLinks } from '../edi-tracking-links';

/** /edi-tracking/documents/{documentId}/{consignmentId}: a document with its consignment's messages. */
export function DocumentPage() {
  const { t, i18n } = useTranslation();
  const { documentId = '', consignmentId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const document = useEdiDocument(accountId, documentId, consignmentId);
  const data = document.data;

  return (
    <Stack gap="lg">
      <DetailHeader
        listLabel={t('titles.documents')}
        listTo={ediTrackingLinks.documents(accountId)}
        id={documentId}
        status={data?.status}
        subtitle={
          data && t('ediTracking.detail.created', { time: formatDateTime(data.createdAt, i18n.language) })
        }
      />
      {document.isPending && <Loader aria-label={t('common.loading')} />}
      {document.isError && <DetailError error={document.error} onRetry={() => void document.refetch()} />}
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
                { label: t('ediTracking.fields.documentNumber'), value: data.documentNumber },
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
          <Section title={t('ediTracking.detail.messagesOfConsignment')}>
            <RelatedList
              idLabel={t('ediTracking.fields.messageId')}
              empty={t('ediTracking.detail.noMessages')}
              extraLabel={t('ediTracking.fields.messageType')}
              items={data.messages.map((m) => ({
                id: m.id,
                category: m.category,
                status: m.status,
                extra: m.messageType,
                to: ediTrackingLinks.message(m.id, data.consignmentId, accountId),
              }))}
            />
          </Section>
        </>
      )}
    </Stack>
  );
}

export default DocumentPage;
