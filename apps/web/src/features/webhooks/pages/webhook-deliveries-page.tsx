import 'mantine-datatable/styles.css';
import { Button, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PAGE_SIZES,
  ZListWebhookDeliveriesRequest,
  type TListWebhookDeliveriesRequest,
} from '@service-hub/contracts';
import { DetailError } from '../../../components/ui/detail-error';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';
import { LoadingSpinner } from '../../../components/ui/loading-page';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { AttemptList } from '../components/attempt-list';
import { DeliveryFilters } from '../components/delivery-filters';
import { DeliveryStateBadge } from '../components/delivery-state-badge';
import { EndpointHeader } from '../components/endpoint-header';
import { eventTypeKey } from '../components/event-type-label';
import { ReplayFailedForm } from '../components/replay-failed-form';
import { useEndpointParam } from '../components/use-endpoint-param';

/** The address's filters as the operation's request; what the API would refuse falls back to its default. */
function requestOf(params: URLSearchParams, endpointId: string): TListWebhookDeliveriesRequest {
  const raw = Object.fromEntries(params);
  const parsed = ZListWebhookDeliveriesRequest.safeParse({ ...raw, endpointId });
  return parsed.success ? parsed.data : ZListWebhookDeliveriesRequest.parse({ endpointId });
}

/** An endpoint's delivery log: newest first, filtered, each with its attempts; replay one or a range. */
export function WebhookDeliveriesPage() {
  const { t, i18n } = useTranslation();
  const { endpointId, accountId, endpoint } = useEndpointParam();
  const [params, setParams] = useSearchParams();
  const request = requestOf(params, endpointId);
  const deliveries = useWebhookDeliveries(accountId, request);
  const replay = useReplayWebhookDelivery(accountId);
  const [expanded, setExpanded] = useState<string[]>([]);
  const update = (changes: Record<string, string | null | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined) next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  if (endpoint.isError)
    return (
      <DetailError
        error={endpoint.error}
        onRetry={() => void endpoint.refetch()}
        refused={{ title: t('webhooks.endpoint.refused'), hint: t('webhooks.endpoint.refusedHint') }}
      />
    );
  if (!endpoint.data) return <LoadingSpinner />;
  return (
    <Stack>
      <EndpointHeader endpoint={endpoint.data} tab="deliveries" />
      <Text maw={720}>{t('webhooks.deliveries.intro')}</Text>
      <DeliveryFilters value={request} onChange={update} />
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={deliveries.data?.result ?? []}
        fetching={deliveries.isFetching}
        noRecordsText={t('webhooks.deliveries.empty')}
        aria-label={t('titles.webhookDeliveries')}
        scrollAreaProps={KEYBOARD_SCROLLABLE}
        totalRecords={deliveries.data?.totalCount ?? 0}
        recordsPerPage={request.pageSize}
        page={request.page}
        onPageChange={(next) => update({ page: String(next) })}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(size) => update({ pageSize: String(size) })}
        recordsPerPageLabel={t('webhooks.deliveries.perPage')}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <Stack p="sm" gap="xs">
              <Text size="xs" c="dimmed">
                {t('webhooks.deliveries.webhookId', { id: record.id })}
                {record.sequence !== null &&
                  ` · ${t('webhooks.deliveries.sequence', { sequence: record.sequence })}`}
              </Text>
              <AttemptList attempts={record.attempts} />
            </Stack>
          ),
        }}
        columns={[
          {
            accessor: 'created',
            title: t('webhooks.deliveries.columns.created'),
            render: (d) => formatDateTime(d.created, i18n.language),
          },
          {
            accessor: 'eventType',
            title: t('webhooks.deliveries.columns.event'),
            render: (d) => t(eventTypeKey(d.eventType)),
          },
          {
            accessor: 'state',
            title: t('webhooks.deliveries.columns.state'),
            render: (d) => <DeliveryStateBadge state={d.state} />,
          },
          {
            accessor: 'attempts',
            title: t('webhooks.deliveries.columns.attempts'),
            render: (d) => {
              const last = d.attempts.at(-1);
              return last
                ? t('webhooks.deliveries.lastAttempt', {
                    count: d.attempts.length,
                    outcome: last.error
                      ? t(`webhooks.attempts.errors.${last.error}`)
                      : String(last.httpStatus),
                  })
                : t('webhooks.attempts.none');
            },
          },
          {
            accessor: 'id',
            title: t('webhooks.deliveries.columns.actions'),
            render: (d) => (
              <Button
                size="compact-sm"
                variant="default"
                disabled={!endpoint.data.enabled && d.eventType !== 'webhook.test'}
                loading={replay.isPending && replay.variables === d.id}
                aria-label={t('webhooks.deliveries.replayNamed', {
                  time: formatDateTime(d.created, i18n.language),
                })}
                onClick={(event) => {
                  event.stopPropagation();
                  replay.mutate(d.id, { onSuccess: () => showSuccess('webhooks.deliveries.replayed') });
                }}
              >
                {t('webhooks.deliveries.replay')}
              </Button>
            ),
          },
        ]}
      />
      <ReplayFailedForm accountId={accountId} endpointId={endpointId} />
    </Stack>
  );
}
