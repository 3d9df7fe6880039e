import { Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { AskSupportButton, SupportCasesAbout } from '../../../components/ui/support-about';
import { formatDateTime } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiConsignment } from '../api/get-edi-consignment';
import { DetailError } from '../components/detail-error';
import { DetailHeader } from '../components/detail-header';
import { Parties, RelatedList, Section, StatusHistory } from '../components/edi-detail-parts';
import { ediTrackingLinks } from '../edi-tracking-links';

/** /edi-tracking/files/{consignmentId}: a consignment with its documents and messages. */
export function ConsignmentPage() {
  const { t, i18n } = useTranslation();
  const { consignmentId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const consignment = useEdiConsignment(accountId, consignmentId);
  const data = consignment.data;
  const time = (value: string | null) => (value ? formatDateTime(value, i18n.language) : null);

  return (
    <Stack gap="lg">
      <DetailHeader
        listLabel={t('titles.consignments')}
        listTo={ediTrackingLinks.consignments(accountId)}
        id={consignmentId}
        status={data?.status}
        subtitle={data && t('ediTracking.detail.received', { time: time(data.receivedAt) })}
        action={
          data && (
            <AskSupportButton
              accountId={accountId}
              item={{ kind: 'ediConsignment', id: data.ref }}
              label={t('ediTracking.support.ask')}
            />
          )
        }
      />
      {consignment.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {consignment.isError && (
        <DetailError error={consignment.error} onRetry={() => void consignment.refetch()} />
      )}
      {data && (
        <>
          <Section title={t('ediTracking.detail.details')}>
            <DetailList
              items={[
                {
                  label: t('ediTracking.fields.direction'),
                  value: t(`ediTracking.directions.${data.direction}`),
                },
                { label: t('ediTracking.fields.filename'), value: data.filename },
                { label: t('ediTracking.fields.receivedAt'), value: time(data.receivedAt) },
                { label: t('ediTracking.fields.deliveredAt'), value: time(data.deliveredAt) },
                { label: t('ediTracking.fields.errorMessage'), value: data.errorMessage },
                {
                  label: t('ediTracking.fields.customer'),
                  value: `${data.customer.name} (${data.customer.customerNumber})`,
                },
              ]}
            />
          </Section>
          <Section title={t('ediTracking.detail.parties')}>
            <Parties sender={data.sender} receiver={data.receiver} />
          </Section>
          <Section title={t('ediTracking.detail.statusHistory')}>
            <StatusHistory entries={data.statusHistory} />
          </Section>
          <Section title={t('titles.messages')}>
            <RelatedList
              idLabel={t('ediTracking.fields.messageId')}
              empty={t('ediTracking.detail.noMessages')}
              extraLabel={t('ediTracking.fields.messageType')}
              items={data.messages.map((m) => ({
                id: m.messageId,
                category: m.category,
                status: m.status,
                extra: m.messageType,
                to: ediTrackingLinks.message(m.messageId, data.consignmentId, accountId),
              }))}
            />
          </Section>
          <Section title={t('titles.documents')}>
            <RelatedList
              idLabel={t('ediTracking.fields.documentId')}
              empty={t('ediTracking.detail.noDocuments')}
              extraLabel={t('ediTracking.fields.documentNumber')}
              items={data.documents.map((d) => ({
                id: d.documentId,
                category: d.category,
                status: d.status,
                extra: d.documentNumber ?? '',
                to: ediTrackingLinks.document(d.documentId, data.consignmentId, accountId),
              }))}
            />
          </Section>
        </>
      )}
      <SupportCasesAbout
        accountId={accountId}
        item={data && { kind: 'ediConsignment', id: data.ref }}
        ready={data !== undefined}
        title={t('ediTracking.support.openCases')}
      />
    </Stack>
  );
}

export default ConsignmentPage;
