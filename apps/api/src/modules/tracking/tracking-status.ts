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
  const outstanding = deliveries.length - delivered - rejected;
  if (deliveries.length === 0) return 'NotDelivered';
  if (delivered === deliveries.length) return 'Delivered';
  if (rejected === deliveries.length) return 'Rejected';
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
