import { Anchor, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TGetEdiDocumentResponse } from '@service-hub/contracts';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';
import { AskSupportButton, SupportCasesAbout } from '../../../components/ui/support-about';
import { formatDateTime } from '../../../lib/format';
import { ediTrackingLinks } from '../edi-tracking-links';
import { DetailError } from './detail-error';
import { DetailHeader } from './detail-header';
import { EdiStatusBadge } from './edi-status-badge';
import { Parties, Section, StatusHistory } from './edi-detail-parts';

/** What a document and a message of a consignment both show. */
type EdiItem = Pick<
  TGetEdiDocumentResponse,
  | 'ref'
  | 'status'
  | 'createdAt'
  | 'consignmentId'
  | 'consignmentStatus'
  | 'direction'
  | 'category'
  | 'filename'
  | 'errorMessage'
  | 'sender'
  | 'receiver'
  | 'statusHistory'
>;

/**
 * The page of a document or a message: its consignment, direction, category, own fields, parties,
 * status history, and the consignment's other kind of items (`related`).
 */
export function EdiItemDetail<T extends EdiItem>({
  query,
  kind,
  id,
  accountId,
  list,
  ownFields,
  related,
}: {
  query: UseQueryResult<T>;
  /** What a support case calls it. */
  kind: 'ediDocument' | 'ediMessage';
  id: string;
  accountId: number;
  list: { label: string; to: string };
  ownFields: (item: T) => DetailItem[];
  related: (item: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const data = query.data;
  return (
    <Stack gap="lg">
      <DetailHeader
        listLabel={list.label}
        listTo={list.to}
        id={id}
        status={data?.status}
        subtitle={
          data && t('ediTracking.detail.created', { time: formatDateTime(data.createdAt, i18n.language) })
        }
        action={
          data && (
            <AskSupportButton
              accountId={accountId}
              item={{ kind, id: data.ref }}
              label={t('ediTracking.support.ask')}
            />
          )
        }
      />
      {query.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {query.isError && <DetailError error={query.error} onRetry={() => void query.refetch()} />}
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
                ...ownFields(data),
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
          {related(data)}
        </>
      )}
      <SupportCasesAbout
        accountId={accountId}
        item={data && { kind, id: data.ref }}
        ready={data !== undefined}
        title={t('ediTracking.support.openCases')}
      />
    </Stack>
  );
}
