import { Anchor, ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRACKING_STATUSES, type TrackingStatus } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import { trackingLinks } from '../../../lib/routing/tracking-links';
import { useTrackingSummary } from '../api/get-tracking-summary';
import { WidgetCard, widgetState } from '../components/widget-card';
import cardClasses from '../components/widget-card.module.css';
import classes from './tracking-summary-widget.module.css';
import type { AccountWidgetProps } from './widget-types';

/** Colours of the statuses in the chart; the list beside it carries the same dot and the words. */
const STATUS_COLORS: Record<TrackingStatus, string> = {
  Delivered: 'green.7',
  DeliveredWithRejections: 'yellow.6',
  NotDelivered: 'gray.6',
  PartiallyDelivered: 'blue.6',
  PartiallyDeliveredWithRejections: 'orange.6',
  Rejected: 'red.7',
};

/** The last 30 days' documents by status: a chart, and each count a link to the filtered list. */
export function TrackingSummaryWidget({ title, accountId }: AccountWidgetProps) {
  const { t, i18n } = useTranslation();
  const summary = useTrackingSummary(accountId);
  const data = summary.data;
  const range: Record<string, string> = data
    ? { dateOperator: 'between', fromDate: data.fromDate, toDate: data.toDate }
    : {};
  const documentsLink = (query: Record<string, string> = {}) =>
    trackingLinks.documents(accountId, { ...range, ...query });
  const number = (value: number) => formatNumber(value, i18n.language);

  return (
    <WidgetCard
      title={title}
      link={{ to: trackingLinks.overview(accountId), label: t('dashboard.trackingOpenOverview') }}
      reserveClassName={classes.reserve}
      state={widgetState(summary, () => !data || (data.documents.total === 0 && data.files.total === 0))}
      empty={t('dashboard.trackingEmpty')}
      onRetry={() => void summary.refetch()}
    >
      {() => {
        const overview = data!;
        const shown = TRACKING_STATUSES.filter((status) => overview.documents.byStatus[status] > 0);
        return (
          <>
            <div className={classes.totals}>
              <Anchor
                component={Link}
                to={documentsLink()}
                fw={600}
                size="sm"
                className={cardClasses.oneLine}
              >
                {t('dashboard.trackingDocuments', { total: number(overview.documents.total) })}
              </Anchor>
              <Anchor
                component={Link}
                to={trackingLinks.files(accountId, range)}
                fw={600}
                size="sm"
                className={cardClasses.oneLine}
              >
                {t('dashboard.trackingFiles', { total: number(overview.files.total) })}
              </Anchor>
            </div>
            <div className={classes.chart}>
              {/* Decoration: the list next to it says the same in words and links. */}
              <StatusDonut
                parts={shown.map((status) => ({
                  value: overview.documents.byStatus[status],
                  color: STATUS_COLORS[status],
                }))}
              />
              <ul className={classes.legend}>
                {shown.map((status) => (
                  <li key={status}>
                    <Anchor component={Link} to={documentsLink({ status })} underline="hover">
                      <Group gap="xs" wrap="nowrap" justify="space-between">
                        <Group gap="xs" wrap="nowrap" miw={0}>
                          <ColorSwatch
                            color={`var(--mantine-color-${STATUS_COLORS[status].replace('.', '-')})`}
                            size={12}
                            withShadow={false}
                          />
                          <Text span size="sm" c="dark.7" className={cardClasses.oneLine}>
                            {t(`tracking.statuses.${status}`)}
                          </Text>
                        </Group>
                        <Text span size="sm" fw={700}>
                          {number(overview.documents.byStatus[status])}
                        </Text>
                      </Group>
                    </Anchor>
                  </li>
                ))}
              </ul>
            </div>
          </>
        );
      }}
    </WidgetCard>
  );
}

/**
 * The statuses' shares as a ring: one element with a conic gradient. A chart library's donut
 * (recharts) was 100 KB more to load and a quarter of a second of a slowed phone's main thread.
 */
function StatusDonut({ parts }: { parts: { value: number; color: string }[] }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let reached = 0;
  const stops = parts.map((part) => {
    const from = (reached / total) * 100;
    reached += part.value;
    return `var(--mantine-color-${part.color.replace('.', '-')}) ${from}% ${(reached / total) * 100}%`;
  });
  const background = total > 0 ? `conic-gradient(${stops.join(', ')})` : 'var(--mantine-color-gray-2)';
  return <div aria-hidden="true" className={classes.donut} style={{ background }} />;
}
