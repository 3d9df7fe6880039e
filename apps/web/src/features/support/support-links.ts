/** The tabs of a case, each with its own address (spec 2). */
export const CASE_TABS = ['activity', 'details', 'information'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

/** Addresses of the support screens. */
export const supportLinks = {
  contact: () => '/support/contact',
  cases: () => '/support/cases',
  newCase: () => '/support/cases/new',
  /** A case; without a tab its address opens the first one. `search` keeps the list's query. */
  case: (caseId: number, tab?: CaseTab, search = '') =>
    tab === undefined ? `/support/cases/${caseId}` : `/support/cases/${caseId}/${tab}${search}`,
};
