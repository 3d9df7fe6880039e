import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessRequestStatus } from '@service-hub/contracts';

const COLORS: Record<AccessRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  declined: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

/** A request's state in words (the colour only repeats it). */
export function RequestStatusBadge({ status }: { status: AccessRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" c="dark.8" tt="none">
      {t(`accessRequests.status.${status}`)}
    </Badge>
  );
}
