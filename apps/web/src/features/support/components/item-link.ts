import type { SupportItemKind } from '@service-hub/contracts';
import { ediTrackingLinks } from '../../../lib/routing/edi-tracking-links';
import { trackingLinks } from '../../../lib/routing/tracking-links';

/**
 * The page of an item a case is about, in the account it belongs to; null when its address cannot
 * be built (an EDI item without its consignment: the caller may not open it).
 */
export function supportItemPath(
  item: { kind: SupportItemKind; id: number; label: string; consignmentId: string | null },
  accountId: number,
): string | null {
  switch (item.kind) {
    case 'trackingDocument':
      return trackingLinks.document(item.id, 'delivery', accountId);
    case 'trackingFile':
      return trackingLinks.file(item.id, 'delivery-channels', accountId);
    case 'ediConsignment':
      return item.consignmentId && ediTrackingLinks.consignment(item.consignmentId, accountId);
    case 'ediMessage':
      return item.consignmentId && ediTrackingLinks.message(item.label, item.consignmentId, accountId);
    case 'ediDocument':
      return item.consignmentId && ediTrackingLinks.document(item.label, item.consignmentId, accountId);
  }
}
