import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeploymentRequestStatus } from '@service-hub/contracts';

const COLOURS: Record<DeploymentRequestStatus, string> = {
  submitted: 'gray',
  inProgress: 'blue',
  testing: 'orange',
  live: 'green',
  rejected: 'red',
};

export function RequestStatusBadge({ status }: { status: DeploymentRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="light" c="dark.8" tt="none">
      {t(`ediConnect.statuses.${status}`)}
    </Badge>
  );
}
