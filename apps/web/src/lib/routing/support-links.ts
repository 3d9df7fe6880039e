import type { SupportCaseFilter } from '@service-hub/contracts';
import { withQuery } from './link-query';

/** The tabs of a case, each with its own address (spec 2). */
export const CASE_TABS = ['activity', 'details', 'information'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

/**
 * Addresses of the support screens. They live in lib/routing because other features (the
 * dashboard) link into support too, and features never import each other.
 */
export const supportLinks = {
  contact: () => '/support/contact',
  /** `customers: 'active'` narrows provider staff's list (every customer's) to the account. */
  cases: (accountId?: number, query: { status?: SupportCaseFilter; customers?: 'active' } = {}) =>
    withQuery('/support/cases', accountId, query),
  newCase: () => '/support/cases/new',
  /** A case; without a tab its address opens the first one. `search` keeps the list's query. */
  case: (caseId: number, tab?: CaseTab, search = '') =>
    tab === undefined ? `/support/cases/${caseId}` : `/support/cases/${caseId}/${tab}${search}`,
  /** A case opened in the account it belongs to. */
  caseInAccount: (caseId: number, accountId: number) =>
    withQuery(`/support/cases/${caseId}/activity`, accountId),
};
