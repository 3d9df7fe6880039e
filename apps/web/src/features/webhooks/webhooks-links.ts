import { developerLinks } from '../../lib/routing/developer-links';

/** Addresses of the active account's webhooks: the list, a new one, one endpoint and its log. */
export const webhooksLinks = {
  list: developerLinks.webhooks,
  create: () => `${developerLinks.webhooks()}/new`,
  endpoint: (endpointId: string) => `${developerLinks.webhooks()}/${encodeURIComponent(endpointId)}`,
  deliveries: (endpointId: string) =>
    `${developerLinks.webhooks()}/${encodeURIComponent(endpointId)}/deliveries`,
};
