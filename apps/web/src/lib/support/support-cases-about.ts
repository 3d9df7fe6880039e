import { useQuery } from '@tanstack/react-query';
import type { SupportItemKind } from '@service-hub/contracts';
import { api, unwrap } from '../api/client';

/*
 * The open support cases about one item, for the item's own page (tracking documents and files,
 * EDI consignments, messages and documents). Shared by those features, so it lives below them.
 * Its key sits under ['support', 'cases'], which a new case invalidates.
 */

export const supportCasesAboutKey = (accountId: number, kind: SupportItemKind, id: number) =>
  ['support', 'cases', 'about', accountId, kind, id] as const;

/** Asked only once the page has its own data (`enabled`): the section is secondary. */
export function useSupportCasesAbout(
  accountId: number,
  item: { kind: SupportItemKind; id: number } | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: supportCasesAboutKey(accountId, item?.kind ?? 'trackingDocument', item?.id ?? 0),
    queryFn: () =>
      unwrap(
        api.GET('/api/support/cases/about', {
          params: {
            query: {
              kind: item!.kind,
              itemId: String(item!.id),
              activeAccountId: String(accountId),
            },
          },
        }),
      ),
    enabled: enabled && item !== undefined && accountId > 0,
    // A page is whole without this section: no toast when it fails, it simply stays away.
    meta: { handlesErrors: true },
  });
}
