import { Anchor, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ATTENTION_STATUSES, DELIVERY_CHANNEL_KEYS, TRACKING_STATUSES } from '@service-hub/contracts';
import { LocalDatesProvider } from '../../../components/ui/data-list/dates-provider';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { userTimeZone } from '../../../lib/list-state/list-state';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useTrackingOverview } from '../api/get-tracking-overview';
import { ChannelLabel } from '../components/channel-icon';
import { ChannelsChart } from '../components/channels-chart';
import { StatusBadge } from '../components/status-badge';
import { trackingLinks } from '../tracking-links';

const PRESETS = [7, 30, 90] as const;

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

function daysBefore(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() - days);
  return value.toISOString().slice(0, 10);
}

/** The overview for a time frame: counts that link to their lists, channels over time, what needs attention. */
export function OverviewPage() {
  const { t } = useTranslation();
  const { heading: title } = usePageTitle();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const timeZone = userTimeZone();
  const fromDate = params.get('fromDate') ?? undefined;
  const toDate = params.get('toDate') ?? undefined;
  const overview = useTrackingOverview(accountId, {
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
    timeZone,
  });
  const data = overview.data;

  const setRange = (from: string | undefined, to: string | undefined) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of [
        ['fromDate', from],
        ['toDate', to],
      ] as const)
        if (value) next.set(name, value);
        else next.delete(name);
      return next;
    });
  const today = todayIn(timeZone);
  const preset = PRESETS.find(
    (days) =>
      (!fromDate && !toDate && days === 30) || (toDate === today && fromDate === daysBefore(today, days - 1)),
  );

  const range: Record<string, string> = data
    ? { dateOperator: 'between', fromDate: data.fromDate, toDate: data.toDate }
    : {};
  const filesLink = (query: Record<string, string>) => trackingLinks.files(accountId, { ...range, ...query });
  const documentsLink = (query: Record<string, string>) =>
    trackingLinks.documents(accountId, { ...range, ...query });

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <LocalDatesProvider>
        <Group gap="md" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t('tracking.overview.period')}
            value={preset ? String(preset) : 'custom'}
            onChange={(value) => {
              const days = Number(value);
              if (days === 30) setRange(undefined, undefined);
              else if (days) setRange(daysBefore(today, days - 1), today);
            }}
            data={[
              ...PRESETS.map((days) => ({
                value: String(days),
                label: t('tracking.overview.lastDays', { days }),
              })),
              { value: 'custom', label: t('tracking.overview.custom'), disabled: true },
            ]}
          />
          <DatePickerInput
            type="range"
            label={t('tracking.overview.period')}
            value={[data?.fromDate ?? fromDate ?? null, data?.toDate ?? toDate ?? null]}
            onChange={([from, to]) => {
              if (from && to) setRange(from, to);
            }}
            valueFormat="YYYY-MM-DD"
            maxDate={today}
            miw={240}
          />
        </Group>
      </LocalDatesProvider>

      {data && (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <CountCard
              title={t('titles.files')}
              total={{ count: data.files.total, to: filesLink({}) }}
              rows={TRACKING_STATUSES.map((status) => ({
                key: status,
                label: <StatusBadge status={status} />,
                count: data.files.byStatus[status],
                to: filesLink({ status }),
              }))}
            />
            <CountCard
              title={t('titles.documents')}
              total={{ count: data.documents.total, to: documentsLink({}) }}
              rows={TRACKING_STATUSES.map((status) => ({
                key: status,
                label: <StatusBadge status={status} />,
                count: data.documents.byStatus[status],
                to: documentsLink({ status }),
              }))}
            />
            <CountCard
              title={t('tracking.overview.byChannel')}
              rows={DELIVERY_CHANNEL_KEYS.filter((c) => data.documents.byChannel[c] > 0).map((channel) => ({
                key: channel,
                label: <ChannelLabel channel={channel} />,
                count: data.documents.byChannel[channel],
                to: documentsLink({ channel }),
              }))}
              empty={t('tracking.overview.nothing')}
            />
          </SimpleGrid>
          <ChannelsChart overview={data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <AttentionCard
              title={t('tracking.overview.attentionFiles')}
              showAll={filesLink({ status: ATTENTION_STATUSES.join(',') })}
              rows={data.attention.files.map((file) => ({
                id: file.id,
                name: file.filename,
                to: trackingLinks.file(file.id, 'delivery-channels', accountId),
                status: file.status,
                at: file.arrivedAt,
              }))}
            />
            <AttentionCard
              title={t('tracking.overview.attentionDocuments')}
              showAll={documentsLink({ status: ATTENTION_STATUSES.join(',') })}
              rows={data.attention.documents.map((document) => ({
                id: document.id,
                name: document.externalDocumentId,
                to: trackingLinks.document(document.id, 'delivery', accountId),
                status: document.status,
                at: document.createdAt,
              }))}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

type CountRow = { key: string; label: ReactNode; count: number; to: string };

/** Counts, each a link to the list it counts. */
function CountCard({
  title,
  total,
  rows,
  empty,
}: {
  title: string;
  total?: { count: number; to: string };
  rows: CountRow[];
  empty?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {total && (
          <Anchor component={Link} to={total.to} fw={700} size="lg">
            {formatNumber(total.count, i18n.language)}
          </Anchor>
        )}
      </Group>
      {rows.length === 0 && empty ? (
        <Text>{empty}</Text>
      ) : (
        <Stack gap={6}>
          {rows.map((row) => (
            <Group key={row.key} justify="space-between" wrap="nowrap">
              {row.label}
              <Anchor component={Link} to={row.to} fw={600}>
                {formatNumber(row.count, i18n.language)}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

type AttentionRow = {
  id: number;
  name: string;
  to: string;
  status: (typeof TRACKING_STATUSES)[number];
  at: string;
};

function AttentionCard({ title, rows, showAll }: { title: string; rows: AttentionRow[]; showAll: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={showAll} size="sm">
          {t('tracking.overview.showAll')}
        </Anchor>
      </Group>
      {rows.length === 0 ? (
        <Text>{t('tracking.overview.nothingNeedsAttention')}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((row) => (
            <Group key={row.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={row.to} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDateTime(row.at, i18n.language)}
                </Text>
              </Stack>
              <div style={{ flexShrink: 0 }}>
                <StatusBadge status={row.status} />
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export default OverviewPage;
