import { ColorSwatch, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportStatus, TReport } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';

// The colour is only a dot beside the word: the word itself stays dark enough on any row (WCAG AA).
const COLORS: Record<ReportStatus, string> = {
  queued: 'var(--mantine-color-gray-5)',
  generating: 'var(--mantine-color-blue-6)',
  ready: 'var(--mantine-color-green-7)',
  failed: 'var(--mantine-color-red-7)',
  expired: 'var(--mantine-color-gray-5)',
};

/** The status, with a live progress bar while generating and the reason when it failed. */
export function ReportStatusCell({ report }: { report: TReport }) {
  const { t, i18n } = useTranslation();
  const total = report.rowCount ?? 0;
  const percent = total > 0 ? Math.min(100, (report.rowsWritten / total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={COLORS[report.status]} size={10} withShadow={false} aria-hidden />
        <Text size="sm" fw={600}>
          {t(`reports.statuses.${report.status}`)}
        </Text>
      </Group>
      {report.status === 'generating' && (
        <>
          <Progress
            value={percent}
            animated
            aria-label={t('reports.list.progressLabel')}
            aria-valuetext={t('reports.list.progress', {
              written: formatNumber(report.rowsWritten, i18n.language),
              total: formatNumber(total, i18n.language),
            })}
          />
          <Text size="xs">
            {t('reports.list.progress', {
              written: formatNumber(report.rowsWritten, i18n.language),
              total: formatNumber(total, i18n.language),
            })}
          </Text>
        </>
      )}
      {report.status === 'failed' && report.failure && (
        <Text size="xs">{t(`reports.failures.${report.failure}`)}</Text>
      )}
    </Stack>
  );
}
