import { sectionLinks } from './links';

/**
 * Addresses of the developer pages: the account's API keys and examples (features/developer) and
 * its webhooks (features/webhooks), which link to each other (features never import each other).
 */
export const developerLinks = {
  developer: sectionLinks.developer,
  webhooks: () => `${sectionLinks.developer()}/webhooks`,
  /** The readable API description the server publishes (plugins/openapi.ts), outside this app. */
  apiDocs: () => '/api/docs',
};
