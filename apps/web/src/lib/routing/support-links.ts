import {
  formatSupportItems,
  type SupportCaseFilter,
  type SupportItemKind,
  type TSupportItemRef,
} from '@service-hub/contracts';
import { withQuery } from './link-query';
import type { RouteHandle } from './route-definition';

/** The tabs of a case, each with its own address (spec 2). */
export const CASE_TABS = ['activity', 'details', 'information'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

/** What a new case is about: items of one account (the case is opened in it). */
export type NewCaseAbout = { accountId: number; items: { kind: SupportItemKind; id: number }[] };

/** The query parameter of the new-case page naming its items (`trackingDocument:123,trackingFile:45`). */
export const ABOUT_PARAM = 'about';

/**
 * The new-case form's route flags: development only (spec 2), so the pages that link to it offer
 * it only where it opens. Here rather than in the support feature because other features ask too.
 */
export const NEW_CASE_HANDLE: RouteHandle = {
  title: ['titles.cases', 'titles.newCase'],
  requires: ['SUP'],
  activeAccount: true,
  environments: ['localhost', 'Development'],
  confirmLeave: true,
};

/**
 * Addresses of the support screens. They live in lib/routing because other features (the
 * dashboard) link into support too, and features never import each other.
 */
export const supportLinks = {
  contact: () => '/support/contact',
  /** `customers: 'active'` narrows provider staff's list (every customer's) to the account. */
  cases: (accountId?: number, query: { status?: SupportCaseFilter; customers?: 'active' } = {}) =>
    withQuery('/support/cases', accountId, query),
  /**
   * The new-case form; `about` fills it in from items of one account (opened in that account), e.g.
   * `/support/cases/new?activeAccountId=1&about=trackingDocument:123,trackingFile:45`.
   */
  newCase: (about?: NewCaseAbout) =>
    about
      ? // Kinds are letters and ids digits: the pairs stay readable in the address, unencoded.
        `/support/cases/new?activeAccountId=${about.accountId}&${ABOUT_PARAM}=${formatSupportItems(about.items satisfies readonly TSupportItemRef[])}`
      : '/support/cases/new',
  /** A case; without a tab its address opens the first one. `search` keeps the list's query. */
  case: (caseId: number, tab?: CaseTab, search = '') =>
    tab === undefined ? `/support/cases/${caseId}` : `/support/cases/${caseId}/${tab}${search}`,
  /** A case opened in the account it belongs to. */
  caseInAccount: (caseId: number, accountId: number) =>
    withQuery(`/support/cases/${caseId}/activity`, accountId),
};
