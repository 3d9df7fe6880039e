import { useSearchParams } from 'react-router';
import { ZListWebhookDeliveriesRequest, type TListWebhookDeliveriesRequest } from '@service-hub/contracts';

/** The address's names of the log's filters and paging (anything else, e.g. activeAccountId, is not ours). */
const FILTER_NAMES = ['endpointId', 'eventType', 'state', 'from', 'to', 'page', 'pageSize'] as const;

/**
 * The address's filters as the operation's request. A value the API would refuse falls back to its
 * default on its own, so one mistyped parameter of a shared link does not drop the others.
 * `endpointId` (a loaded endpoint's id): the log of that endpoint, whatever the address says.
 */
export function deliveryRequestOf(
  params: URLSearchParams,
  endpointId?: string,
): TListWebhookDeliveriesRequest {
  let raw: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  if (endpointId !== undefined) raw.endpointId = endpointId;
  // First the values that are wrong on their own; then, if the end is before the start, the range
  // (one filter): the refinement also fires on a malformed end, which alone should not cost the start.
  for (const dropRange of [false, true]) {
    const parsed = ZListWebhookDeliveriesRequest.safeParse(raw);
    if (parsed.success) return parsed.data;
    const refused = new Set(
      parsed.error.issues.flatMap((issue) => {
        const isRange = issue.code === 'custom' && issue.params?.code === 'endBeforeStart';
        if (isRange) return dropRange ? ['from', 'to'] : [];
        return [issue.path[0]];
      }),
    );
    raw = Object.fromEntries(Object.entries(raw).filter(([name]) => !refused.has(name)));
    if (endpointId !== undefined) raw.endpointId = endpointId;
  }
  const last = ZListWebhookDeliveriesRequest.safeParse(raw);
  return last.success ? last.data : ZListWebhookDeliveriesRequest.parse({ endpointId });
}

export type DeliveryRequestChange = Partial<Record<(typeof FILTER_NAMES)[number], string | null>>;

/**
 * The log's request from the address, and a change of it: null removes a filter, and any change
 * but the page's goes back to page 1. The address is replaced, not pushed, so Back leaves the log.
 */
export function useDeliveryRequest(endpointId?: string) {
  const [params, setParams] = useSearchParams();
  const request = deliveryRequestOf(params, endpointId);
  const update = (changes: DeliveryRequestChange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined) next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { request, update };
}
