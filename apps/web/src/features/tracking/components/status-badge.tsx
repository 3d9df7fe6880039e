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

/** Statuses are read, not guessed: a badge keeps its whole text and the table scrolls instead. */
const WHOLE_TEXT = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** A track-and-trace status; the dot carries the colour, the text stays dark for contrast. */
export function StatusBadge({ status }: { status: TrackingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} tt="none" size="md" styles={WHOLE_TEXT}>
      {t(`tracking.statuses.${status}`)}
    </Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={DELIVERY_COLORS[status]} tt="none" size="md" styles={WHOLE_TEXT}>
      {t(`tracking.deliveryStatuses.${status}`)}
    </Badge>
  );
}
