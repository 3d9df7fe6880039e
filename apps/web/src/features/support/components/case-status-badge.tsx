import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SupportCaseStatus } from '@service-hub/contracts';

const COLOURS: Record<SupportCaseStatus, string> = {
  needsAttention: 'red',
  onHold: 'gray',
  ongoing: 'blue',
  readyForClosure: 'teal',
  resolved: 'green',
  waitingForDetails: 'orange',
};

export function CaseStatusBadge({ status }: { status: SupportCaseStatus }) {
  const { t } = useTranslation();
  // Dark text on the light variant keeps the contrast of every colour above 4.5:1.
  return (
    <Badge color={COLOURS[status]} variant="light" c="dark.8" tt="none">
      {t(`support.statuses.${status}`)}
    </Badge>
  );
}
