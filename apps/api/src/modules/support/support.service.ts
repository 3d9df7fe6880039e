import {
  statusAfterReply,
  SUPPORT_CASE_TRANSITIONS,
  SUPPORT_CASES_ABOUT_MAX,
  SUPPORT_OPEN_STATUSES,
  supportItemKey,
  type SupportCaseStatus,
  type SupportSide,
  type TCreateSupportCaseRequest,
  type TGetSupportItemFactsResponse,
  type TListSupportCasesAboutRequest,
  type TListSupportCasesAboutResponse,
  type TSupportCase,
  type TSupportCaseItem,
  type TSupportItemRef,
  type TListSupportCasesResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import { isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import type {
  Author,
  CaseItem,
  CaseQuery,
  CaseRecord,
  CaseScope,
  SupportCaseConnector,
} from './support-connector.ts';
import { findVisibleItems, ITEM_SERVICE, maySeeKind, type ItemAccount } from './support-items.repository.ts';
import { notifyCase, type CaseNotice } from './support-notices.ts';
import type { StoredUpload } from './upload.ts';

/** Provider staff (SF_ADMIN) act for support, whichever screen they use; everyone else for their customer. */
export const sideOf = (principal: Pick<Principal, 'roles'>): SupportSide =>
  isProviderAdmin(principal) ? 'provider' : 'customer';

export const CASE_NOT_FOUND = 'The support case was not found.';

export type SupportContext = {
  db: Database;
  connector: SupportCaseConnector;
  publicUrl: string;
  /** Sends outbox mails after their transaction committed. */
  deliverEmails: (ids: number[]) => Promise<void>;
  /** The account when the caller holds it, with their permissions there (the access plugin's cached lookup). */
  heldAccount: (principal: Principal, customerId: number) => Promise<ActiveAccount | undefined>;
};

/**
 * Who looks at a case: the caller, and on the customer routes the active account they act in (the
 * case's account). Provider staff on their own routes look from no account: an item of the case
 * opens for them only in an account they hold themselves with the item's service.
 */
export type Viewer = { principal: Principal; account?: ActiveAccount | undefined };

async function authorOf(db: Database, principal: Principal): Promise<Author> {
  const { rows } = await db.$client.query<{ display_name: string }>(
    'SELECT display_name FROM users WHERE id = $1',
    [principal.userId],
  );
  const name = rows[0]?.display_name ?? principal.email;
  return { userId: principal.userId, name, email: principal.email, side: sideOf(principal) };
}

/** The case's account as the viewer holds it, or undefined. */
async function viewerAccount(
  context: SupportContext,
  viewer: Viewer,
  customerId: number,
): Promise<ActiveAccount | undefined> {
  if (viewer.account?.id === customerId) return viewer.account;
  return context.heldAccount(viewer.principal, customerId);
}

/**
 * The case's items for the viewer: each may be opened when the viewer holds the case's account
 * with the item's service and the item is still there to see (the same rule as its page).
 */
async function itemsFor(
  context: SupportContext,
  viewer: Viewer,
  record: CaseRecord,
): Promise<TSupportCaseItem[]> {
  if (record.items.length === 0) return [];
  const account = await viewerAccount(context, viewer, record.customerId);
  const visible = account ? await findVisibleItems(context.db.$client, account, record.items) : new Map();
  return record.items.map((item) => {
    const facts = visible.get(supportItemKey(item));
    return {
      ...item,
      canOpen: facts !== undefined,
      consignmentId: facts && 'consignmentId' in facts ? facts.consignmentId : null,
    };
  });
}

async function withCallerView(
  context: SupportContext,
  viewer: Viewer,
  record: CaseRecord,
): Promise<TSupportCase> {
  const { createdByUserId: _createdBy, ...view } = record;
  const side = sideOf(viewer.principal);
  return {
    ...view,
    items: await itemsFor(context, viewer, record),
    allowedStatuses: [...SUPPORT_CASE_TRANSITIONS[side][record.status]],
    canReply: record.status !== 'resolved',
  };
}

const NEEDS_SERVICE: Record<'STT' | 'ETS', string> = {
  STT: 'Linking tracking documents and files needs track and trace on this account.',
  ETS: 'Linking EDI consignments, messages and documents needs EDI tracking on this account.',
};
export const ITEM_NOT_VISIBLE = 'A linked item was not found in this account. Nothing was created.';

/**
 * The items of a new case with their labels, or a refusal of the whole case: every item must be
 * one the caller may see in the account, exactly as its list or page shows it. An item outside the
 * account, or one that does not exist, is refused alike (no answer tells which ids exist).
 */
export async function linkCaseItems(
  db: Parameters<typeof findVisibleItems>[0],
  account: ItemAccount,
  items: readonly TSupportItemRef[],
): Promise<CaseItem[]> {
  const missing = items.find((item) => !maySeeKind(item.kind, account));
  if (missing) throw forbidden(NEEDS_SERVICE[ITEM_SERVICE[missing.kind]]);
  const visible = await findVisibleItems(db, account, items);
  return items.map((item) => {
    const facts = visible.get(supportItemKey(item));
    if (!facts) throw forbidden(ITEM_NOT_VISIBLE);
    return { kind: item.kind, id: item.id, label: facts.label };
  });
}

/** The key facts of the items the caller may see in the account (the new-case form); others are left out. */
export async function getItemFacts(
  context: SupportContext,
  account: ActiveAccount,
  items: readonly TSupportItemRef[],
): Promise<TGetSupportItemFactsResponse> {
  const visible = await findVisibleItems(context.db.$client, account, items);
  return { items: items.flatMap((item) => visible.get(supportItemKey(item)) ?? []) };
}

/** The open cases of the account about one item, newest activity first. */
export async function listCasesAbout(
  context: SupportContext,
  scope: CaseScope,
  query: TListSupportCasesAboutRequest,
): Promise<TListSupportCasesAboutResponse> {
  const cases = await context.connector.listCasesAbout(
    scope,
    { kind: query.kind, id: query.itemId },
    { statuses: SUPPORT_OPEN_STATUSES, limit: SUPPORT_CASES_ABOUT_MAX },
  );
  return { cases };
}

async function tell(context: SupportContext, notice: CaseNotice): Promise<void> {
  const outbox = await notifyCase(context.db, notice, context.publicUrl);
  await context.deliverEmails(outbox);
}

export async function listCases(
  context: SupportContext,
  scope: CaseScope,
  query: CaseQuery,
): Promise<TListSupportCasesResponse> {
  const { cases, totalCount } = await context.connector.listCases(scope, query);
  return { cases, totalCount, page: query.page, pageSize: query.pageSize };
}

export async function getCase(
  context: SupportContext,
  viewer: Viewer,
  scope: CaseScope,
  caseId: number,
): Promise<TSupportCase> {
  const record = await context.connector.getCase(scope, caseId);
  if (!record) throw notFound(CASE_NOT_FOUND);
  return withCallerView(context, viewer, record);
}

/** Opens a case for the active account, about the items the caller may see there (or none). */
export async function createCase(
  context: SupportContext,
  principal: Principal,
  account: ActiveAccount,
  input: TCreateSupportCaseRequest,
  attachments: readonly StoredUpload[],
): Promise<TSupportCase> {
  const author = await authorOf(context.db, principal);
  const { items = [], ...fields } = input;
  const { caseId } = await context.connector.createCase(
    { ...fields, customerId: account.id, author, attachments },
    (db) => linkCaseItems(db, account, items),
  );
  const record = (await context.connector.getCase({ customerId: account.id }, caseId))!;
  await tell(context, { type: 'caseCreated', to: 'provider', case: record, actor: author });
  return withCallerView(context, { principal, account }, record);
}

export async function replyToCase(
  context: SupportContext,
  viewer: Viewer,
  scope: CaseScope,
  caseId: number,
  message: string,
  attachments: readonly StoredUpload[],
): Promise<TSupportCase> {
  const author = await authorOf(context.db, viewer.principal);
  const result = await context.connector.addReply(
    scope,
    caseId,
    { author, message, attachments },
    (status) => {
      if (status === 'resolved') {
        throw conflict('This case is resolved. Create a new case, or ask support to reopen it.');
      }
      return statusAfterReply(author.side, status);
    },
  );
  if (!result) throw notFound(CASE_NOT_FOUND);
  await tell(context, {
    type: 'caseReply',
    to: author.side === 'provider' ? 'customer' : 'provider',
    case: result.case,
    actor: author,
  });
  return withCallerView(context, viewer, result.case);
}

/** Refuses a status change the workflow does not give the caller's side (docs/support.md). */
export function checkTransition(side: SupportSide, from: SupportCaseStatus, to: SupportCaseStatus): void {
  if (SUPPORT_CASE_TRANSITIONS[side][from].includes(to)) return;
  if (side === 'customer' && SUPPORT_CASE_TRANSITIONS.provider[from].includes(to)) {
    throw forbidden('Only support can move a case to this status.');
  }
  throw conflict(`A case cannot move from ${from} to ${to}.`);
}

export async function changeCaseStatus(
  context: SupportContext,
  viewer: Viewer,
  scope: CaseScope,
  caseId: number,
  to: SupportCaseStatus,
): Promise<TSupportCase> {
  const { principal } = viewer;
  const side = sideOf(principal);
  const result = await context.connector.changeStatus(scope, caseId, to, (from) =>
    checkTransition(side, from, to),
  );
  if (!result) throw notFound(CASE_NOT_FOUND);
  const author = await authorOf(context.db, principal);
  await tell(context, {
    type: 'caseStatusChanged',
    to: side === 'provider' ? 'customer' : 'provider',
    case: result.case,
    actor: author,
  });
  return withCallerView(context, viewer, result.case);
}
