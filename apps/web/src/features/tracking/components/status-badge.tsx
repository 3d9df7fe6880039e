import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, TrackingStatus } from '@service-hub/contracts';

export const STATUS_COLORS: Record<TrackingStatus, string> = {
  Delivered: 'green',
  DeliveredWithRejections: 'yellow',
  NotDelivered: 'gray',
  PartiallyDelivered: 'blue',
  PartiallyDeliveredWithRejections: 'orange',
  Rejected: 'red',
};

const DELIVERY_COLORS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  delivered: 'green',
  rejected: 'red',
  notDelivered: 'orange',
};

/** A track-and-trace status; the dot carries the colour, the text stays dark for contrast. */
export function StatusBadge({ status }: { status: TrackingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} tt="none" size="md">
      {t(`tracking.statuses.${status}`)}
    </Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={DELIVERY_COLORS[status]} tt="none" size="md">
      {t(`tracking.deliveryStatuses.${status}`)}
    </Badge>
  );
}
