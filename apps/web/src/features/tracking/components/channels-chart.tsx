import { Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_CHANNEL_KEYS,
  type DeliveryChannel,
  type TGetTrackingOverviewResponse,
} from '@service-hub/contracts';
import { PointerTooltip } from '../../../components/ui/pointer-tooltip';
import { formatDay, formatNumber } from '../../../lib/format';
import classes from './channels-chart.module.css';

/** Mantine palette shades, one per channel, told apart also by their order in each bar. */
const CHANNEL_COLORS: Record<DeliveryChannel, string> = {
  email: 'blue-7',
  sms: 'cyan-8',
  print: 'gray-7',
  eBoks: 'teal-7',
  digipost: 'red-7',
  kivra: 'lime-8',
  minaMeddelanden: 'indigo-6',
  vipps: 'orange-7',
  internetBankEInvoice: 'violet-6',
  b2bInvoiceNetwork: 'grape-7',
  eArchive: 'yellow-8',
  custom: 'pink-7',
};
const colorOf = (channel: DeliveryChannel) => `var(--mantine-color-${CHANNEL_COLORS[channel]})`;

const HEIGHT_PX = 220;
/** About this many dates along the axis, whatever the period. */
const DATE_LABELS = 8;

/** The top of the scale and its step: a round step (1, 2, 2.5 or 5 × 10ⁿ) in about four parts. */
export function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const wholeStep = Math.max(1, step);
  return { top: Math.ceil(max / wholeStep) * wholeStep, step: wholeStep };
}

/**
 * Documents per channel and day as stacked bars drawn with plain elements and CSS heights, and the
 * same numbers as a table for screen readers. A charting library (recharts through Mantine charts)
 * measured its container and rendered each of up to 30 × 12 bars through its own state: 2.2 s of a
 * slowed phone's main thread for this card alone (docs/performance.md).
 */
export function ChannelsChart({ overview }: { overview: TGetTrackingOverviewResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const channels = DELIVERY_CHANNEL_KEYS.filter((c) => overview.documents.byChannel[c] > 0);
  const days = overview.channelsByDay.map((d) => ({
    date: d.date,
    label: formatDay(d.date, language, 'short'),
    counts: channels.map((channel) => ({ channel, count: d.channels[channel] })),
    total: channels.reduce((sum, channel) => sum + d.channels[channel], 0),
  }));
  const { top, step } = niceScale(Math.max(0, ...days.map((d) => d.total)));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const labelEvery = Math.max(1, Math.ceil(days.length / DATE_LABELS));
  const title = t('tracking.overview.perDay');
  const channelName = (channel: DeliveryChannel) => t(`tracking.channels.${channel}`);

  return (
    <Card withBorder component="section" aria-labelledby="overview-chart">
      <Title order={2} size="h4" id="overview-chart" mb="sm">
        {title}
      </Title>
      <div
        aria-hidden="true"
        className={classes.chart}
        style={{ '--chart-height': `${HEIGHT_PX}px` } as CSSProperties}
      >
        <div className={classes.yAxis}>
          {ticks.map((tick) => (
            <span key={tick} className={classes.yTick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {formatNumber(tick, language)}
            </span>
          ))}
        </div>
        <div className={classes.plot}>
          {ticks.slice(1).map((tick) => (
            <div key={tick} className={classes.grid} style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          {days.map((day) => (
            <PointerTooltip
              key={day.date}
              className={classes.column}
              withinPortal
              label={
                <Stack gap={2}>
                  <Text size="sm" fw={700}>
                    {day.label}: {formatNumber(day.total, language)}
                  </Text>
                  {day.counts
                    .filter((c) => c.count > 0)
                    .map((c) => (
                      <Text size="xs" key={c.channel}>
                        {channelName(c.channel)}: {formatNumber(c.count, language)}
                      </Text>
                    ))}
                </Stack>
              }
            >
              {day.counts.map((c) =>
                c.count > 0 ? (
                  <span
                    key={c.channel}
                    className={classes.segment}
                    style={{ height: `${(c.count / top) * 100}%`, background: colorOf(c.channel) }}
                  />
                ) : null,
              )}
            </PointerTooltip>
          ))}
        </div>
        <div className={classes.xAxis}>
          {days.map((day, index) => (
            <span
              key={day.date}
              className={classes.xLabel}
              data-minor={index % (labelEvery * 2) !== 0 || undefined}
            >
              {index % labelEvery === 0 ? day.label : null}
            </span>
          ))}
        </div>
        <ul className={classes.legend}>
          {channels.map((channel) => (
            <li key={channel}>
              <span className={classes.swatch} style={{ background: colorOf(channel) }} />
              {channelName(channel)}
            </li>
          ))}
        </ul>
      </div>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tracking.fields.date')}</Table.Th>
              {channels.map((channel) => (
                <Table.Th scope="col" key={channel}>
                  {channelName(channel)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.channelsByDay.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Th scope="row">{formatDay(d.date, language, 'long')}</Table.Th>
                {channels.map((channel) => (
                  <Table.Td key={channel}>{formatNumber(d.channels[channel], language)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}
