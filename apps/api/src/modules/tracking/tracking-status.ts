import type { DeliveryStatus, ProcessingStep, TrackingStatus } from '@service-hub/contracts';

/**
 * The track-and-trace status of a document or file from the statuses of its deliveries:
 * all delivered → Delivered; delivered and rejected, nothing outstanding → DeliveredWithRejections;
 * delivered and outstanding → PartiallyDelivered(WithRejections); all rejected → Rejected;
 * otherwise (nothing delivered yet, or no deliveries) → NotDelivered.
 */
export function deriveTrackingStatus(deliveries: readonly DeliveryStatus[]): TrackingStatus {
  let delivered = 0;
  let rejected = 0;
  for (const status of deliveries) {
    if (status === 'delivered') delivered++;
    else if (status === 'rejected') rejected++;
  }
  return deriveTrackingStatusFromCounts({ total: deliveries.length, delivered, rejected });
}

/** The same rule from counts, as SQL aggregates deliver them. */
export function deriveTrackingStatusFromCounts({
  total,
  delivered,
  rejected,
}: {
  total: number;
  delivered: number;
  rejected: number;
}): TrackingStatus {
  const outstanding = total - delivered - rejected;
  if (total === 0) return 'NotDelivered';
  if (delivered === total) return 'Delivered';
  if (rejected === total) return 'Rejected';
  if (delivered === 0) return 'NotDelivered';
  if (outstanding === 0) return 'DeliveredWithRejections';
  return rejected > 0 ? 'PartiallyDeliveredWithRejections' : 'PartiallyDelivered';
}

/** The status-log step that records a file reaching a final status. */
export const FINAL_STEP: Record<TrackingStatus, ProcessingStep | undefined> = {
  Delivered: 'delivered',
  DeliveredWithRejections: 'deliveredWithRejections',
  PartiallyDelivered: 'partiallyDelivered',
  PartiallyDeliveredWithRejections: 'partiallyDeliveredWithRejections',
  Rejected: 'rejected',
  NotDelivered: undefined,
};
