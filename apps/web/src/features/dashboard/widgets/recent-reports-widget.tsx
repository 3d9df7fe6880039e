import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { reportsLinks } from '../../../lib/routing/reports-links';
import { RECENT_REPORTS_QUERY, useRecentReports } from '../api/list-recent-reports';
import { WidgetCard, widgetState } from '../components/widget-card';
import cardClasses from '../components/widget-card.module.css';
import { rowsHeight } from '../components/widget-sizes';
import type { AccountWidgetProps } from './widget-types';

const SHOWN = 5;

/** The account's newest reports and their status; the reports page opens sorted the same way. */
export function RecentReportsWidget({ title, accountId }: AccountWidgetProps) {
  const { t, i18n } = useTranslation();
  const reports = useRecentReports(accountId);
  const rows = reports.data?.reports.slice(0, SHOWN) ?? [];
  const { sortBy, sortDirection } = RECENT_REPORTS_QUERY;

  return (
    <WidgetCard
      title={title}
      link={{
        to: reportsLinks.list(accountId, { sortBy, sortDirection }),
        label: t('dashboard.reportsShowAll'),
      }}
      reserve={rowsHeight(SHOWN, ['sm', 'xs'])}
      state={widgetState(reports, () => rows.length === 0)}
      empty={t('dashboard.reportsEmpty')}
      onRetry={() => void reports.refetch()}
    >
      {() => (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((report) => (
            <Group component="li" key={report.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} className={cardClasses.oneLine}>
                  {t('dashboard.reportLine', {
                    level: t(`reports.levels.${report.level}`),
                    format: report.format,
                    from: report.from,
                    to: report.to,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(report.created, i18n.language)}
                </Text>
              </Stack>
              <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t(`reports.statuses.${report.status}`)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
