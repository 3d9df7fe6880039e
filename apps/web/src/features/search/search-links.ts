import { SUPPORT_ITEM_KINDS, type SupportItemKind, type TSearchResult } from '@service-hub/contracts';
import { ediTrackingLinks } from '../../lib/routing/edi-tracking-links';
import { providerLinks } from '../../lib/routing/links';
import { reportsLinks } from '../../lib/routing/reports-links';
import { supportLinks } from '../../lib/routing/support-links';
import { trackingLinks } from '../../lib/routing/tracking-links';

/** The page of a result, in the account it belongs to (the address switches to it, spec 2). */
export function resultLink(result: TSearchResult): string {
  const accountId = result.account?.id;
  const consignment = result.consignmentId ?? '';
  switch (result.kind) {
    case 'trackingDocument':
      return trackingLinks.document(Number(result.id), 'delivery', accountId);
    case 'trackingFile':
      return trackingLinks.file(Number(result.id), 'delivery-channels', accountId);
    case 'ediConsignment':
      return ediTrackingLinks.consignment(result.id, accountId);
    case 'ediMessage':
      return ediTrackingLinks.message(result.id, consignment, accountId);
    case 'ediDocument':
      return ediTrackingLinks.document(result.id, consignment, accountId);
    case 'supportCase':
      return supportLinks.caseInAccount(Number(result.id), accountId!);
    case 'report':
      return reportsLinks.list(accountId);
    case 'customer':
      return providerLinks.customer(Number(result.id));
    case 'user':
      return providerLinks.user(result.id);
  }
}

const isSupportItemKind = (kind: string): kind is SupportItemKind =>
  (SUPPORT_ITEM_KINDS as readonly string[]).includes(kind);

/** "Ask support about this" for a result a case can be about, or null. */
export function askSupportLink(result: TSearchResult): string | null {
  const { kind, account } = result;
  if (!isSupportItemKind(kind) || !account) return null;
  return supportLinks.newCase({ accountId: account.id, items: [{ kind, id: Number(result.key) }] });
}
