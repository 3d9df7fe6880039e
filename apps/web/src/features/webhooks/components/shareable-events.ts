import {
  HUB_EVENT_SERVICES,
  HUB_EVENT_TYPES,
  type HubEventType,
  type TCurrentUser,
} from '@service-hub/contracts';
import { mayShareService } from '../../../lib/access/share-service';

/**
 * Whether the user may subscribe an endpoint of the account to an event type: they must read one
 * of its services there themselves (provider administrators: all). The server refuses any other
 * with 403 (webhooks.service.ts, assertMaySubscribe).
 */
export const maySubscribe = (user: TCurrentUser | undefined, accountId: number, type: HubEventType) =>
  HUB_EVENT_SERVICES[type].some((service) => mayShareService(user, accountId, service));

/**
 * The event types an endpoint form offers: those the user may subscribe to, and those the endpoint
 * has already (someone with more rights chose them), which the user may take away but not add back.
 */
export const offeredEventTypes = (
  user: TCurrentUser | undefined,
  accountId: number,
  held: readonly HubEventType[],
): HubEventType[] =>
  HUB_EVENT_TYPES.filter((type) => held.includes(type) || maySubscribe(user, accountId, type));

/** Whether two selections hold the same event types, in whatever order. */
export const sameEventTypes = (a: readonly HubEventType[], b: readonly HubEventType[]) =>
  a.length === b.length && a.every((type) => b.includes(type));
