import { Anchor, Box, ColorSwatch, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
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

const StatusDonut = lazy(() => import('./status-donut'));

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
              <div aria-hidden="true">
                <Suspense fallback={<Box w={140} h={140} />}>
                  <StatusDonut
                    data={shown.map((status) => ({
                      name: t(`tracking.statuses.${status}`),
                      value: overview.documents.byStatus[status],
                      color: STATUS_COLORS[status],
                    }))}
                  />
                </Suspense>
              </div>
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
