import type { SupportCaseFilter } from '@service-hub/contracts';
import { withQuery } from './link-query';

/**
 * Addresses of screens whose features have no link builders of their own, for pages that link
 * into them (the dashboard). Features never import each other, so the builders live here.
 */
export const supportLinks = {
  /** `customers: 'active'` narrows provider staff's list (every customer's) to the account. */
  cases: (accountId?: number, query: { status?: SupportCaseFilter; customers?: 'active' } = {}) =>
    withQuery('/support/cases', accountId, query),
  case: (caseId: number, accountId?: number) => withQuery(`/support/cases/${caseId}/activity`, accountId),
};

export const reportsLinks = {
  list: (accountId?: number, query: Record<string, string> = {}) => withQuery('/reports', accountId, query),
};

/** Provider staff's screens; they work without an account. */
export const providerLinks = {
  services: () => '/administration/services',
  customers: () => '/customers',
  users: () => '/users',
};
