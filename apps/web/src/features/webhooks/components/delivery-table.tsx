import 'mantine-datatable/styles.css';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PAGE_SIZES,
  WEBHOOK_TEST_EVENT,
  type TListWebhookDeliveriesRequest,
  type TWebhookDelivery,
} from '@service-hub/contracts';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { webhooksLinks } from '../webhooks-links';
import { AttemptList, attemptOutcome } from './attempt-list';
import type { DeliveryRequestChange } from './delivery-request';
import { DeliveryStateBadge } from './delivery-state-badge';
import { eventTypeKey } from './event-type-label';

export type DeliveryTableProps = {
  accountId: number | null;
  /** The page of the log to show, as the address holds it (delivery-request.ts). */
  request: TListWebhookDeliveriesRequest;
  onChange: (change: DeliveryRequestChange) => void;
  /** The account-wide log names each delivery's endpoint and links to it; an endpoint's own log does not. */
  showEndpoint?: boolean;
  /**
   * Whether the delivery's endpoint is switched off: the API refuses to replay its deliveries then
   * (409), except a test event, which an administrator sends to try the receiver.
   */
  isEndpointDisabled: (delivery: TWebhookDelivery) => boolean;
  /** Shown instead of "no deliveries match" (e.g. when the account has no webhook yet). */
  emptyText?: string;
};

/** A page of the delivery log, newest first: a row per delivery, opened to its attempts; replay one. */
export function DeliveryTable({
  accountId,
  request,
  onChange,
  showEndpoint = false,
  isEndpointDisabled,
  emptyText,
}: DeliveryTableProps) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(accountId, request);
  const replay = useReplayWebhookDelivery(accountId);
  const [expanded, setExpanded] = useState<string[]>([]);
  const endpointColumn: DataTableColumn<TWebhookDelivery>[] = showEndpoint
    ? [
        {
          accessor: 'endpointUrl',
          title: t('webhooks.deliveries.columns.endpoint'),
          render: (d) => (
            // Long addresses end in "…" so the row stays readable on a phone; the whole address is
            // the link's name, its tooltip and in the opened row.
            <Anchor
              component={Link}
              to={webhooksLinks.endpoint(d.endpointId)}
              title={d.endpointUrl}
              display="block"
              maw={{ base: 150, sm: 240, lg: 320 }}
              truncate="end"
              onClick={(event) => event.stopPropagation()}
            >
              {d.endpointUrl}
            </Anchor>
          ),
        },
      ]
    : [];
  return (
    <DataTable
      withTableBorder
      striped
      minHeight={160}
      records={deliveries.data?.result ?? []}
      fetching={deliveries.isFetching}
      noRecordsText={emptyText ?? t('webhooks.deliveries.empty')}
      aria-label={t('titles.webhookDeliveries')}
      scrollAreaProps={KEYBOARD_SCROLLABLE}
      totalRecords={deliveries.data?.totalCount ?? 0}
      recordsPerPage={request.pageSize}
      page={request.page}
      onPageChange={(next) => onChange({ page: String(next) })}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={(size) => onChange({ pageSize: String(size) })}
      recordsPerPageLabel={t('webhooks.deliveries.perPage')}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => (
          <Stack p="sm" gap="xs">
            {showEndpoint && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('webhooks.deliveries.endpointOf', { url: record.endpointUrl })}
              </Text>
            )}
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
        ...endpointColumn,
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
            if (!last) return t('webhooks.attempts.none');
            return t('webhooks.deliveries.lastAttempt', {
              count: d.attempts.length,
              outcome: attemptOutcome(last, t),
            });
          },
        },
        {
          accessor: 'id',
          title: t('webhooks.deliveries.columns.actions'),
          render: (d) => (
            <Button
              size="compact-sm"
              variant="default"
              disabled={isEndpointDisabled(d) && d.eventType !== WEBHOOK_TEST_EVENT}
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
  );
}
