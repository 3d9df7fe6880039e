import { withQuery } from './link-query';
import { sectionLinks } from './links';

/**
 * Addresses of the reports page, here because the dashboard links into it too (features never
 * import each other).
 */
export const reportsLinks = {
  reports: sectionLinks.reports,
  list: (accountId?: number, query: Record<string, string> = {}) =>
    withQuery(sectionLinks.reports(), accountId, query),
};
