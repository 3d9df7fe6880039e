import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDeadlineResult } from '@service-hub/contracts';
import { formatInZone } from '../zoned-time';

const COLORS = { onTime: 'green', late: 'orange', missing: 'red' } as const;

/** A rule's last deadlines, newest first, as small labelled chips: on time, late by N min, missing. */
export function DeadlineChips({
  deadlines,
  timeZone,
}: {
  deadlines: readonly TDeadlineResult[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  if (deadlines.length === 0) return null;
  return (
    <Group
      gap={4}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('alerts.expected.lastDeadlines')}
    >
      {deadlines.map((deadline) => {
        const outcome =
          deadline.outcome === 'late'
            ? t('alerts.expected.outcomes.late', { minutes: deadline.lateMinutes ?? 0 })
            : t(`alerts.expected.outcomes.${deadline.outcome}`);
        const when = formatInZone(deadline.deadlineAt, i18n.language, timeZone);
        return (
          <li key={deadline.deadlineAt}>
            <Badge
              variant="light"
              color={COLORS[deadline.outcome]}
              c="dark.8"
              tt="none"
              title={`${when}: ${outcome}`}
            >
              <span>{when.split(/[ ,]+/)[0]}</span> <span>{outcome}</span>
            </Badge>
          </li>
        );
      })}
    </Group>
  );
}
