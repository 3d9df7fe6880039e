import { developerLinks } from '../../lib/routing/developer-links';

/**
 * Addresses of the active account's webhooks: the list, a new one, the delivery log of them all,
 * one endpoint and its log. `deliveries` is a fixed segment beside `:endpointId` (routes.ts); an
 * endpoint's id is a UUID, so the two never meet.
 */
export const webhooksLinks = {
  list: developerLinks.webhooks,
  create: () => `${developerLinks.webhooks()}/new`,
  deliveryLog: () => `${developerLinks.webhooks()}/deliveries`,
  endpoint: (endpointId: string) => `${developerLinks.webhooks()}/${encodeURIComponent(endpointId)}`,
  deliveries: (endpointId: string) =>
    `${developerLinks.webhooks()}/${encodeURIComponent(endpointId)}/deliveries`,
};
