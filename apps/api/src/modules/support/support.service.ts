import {
  statusAfterReply,
  SUPPORT_CASE_TRANSITIONS,
  type SupportCaseStatus,
  type SupportSide,
  type TCreateSupportCaseRequest,
  type TSupportCase,
  type TListSupportCasesResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import type { Author, CaseQuery, CaseRecord, CaseScope, SupportCaseConnector } from './support-connector.ts';
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
};

async function authorOf(db: Database, principal: Principal): Promise<Author> {
  const { rows } = await db.$client.query<{ display_name: string }>(
    'SELECT display_name FROM users WHERE id = $1',
    [principal.userId],
  );
  const name = rows[0]?.display_name ?? principal.email;
  return { userId: principal.userId, name, email: principal.email, side: sideOf(principal) };
}

function withCallerView(record: CaseRecord, side: SupportSide): TSupportCase {
  const { createdByUserId: _createdBy, ...view } = record;
  return {
    ...view,
    allowedStatuses: [...SUPPORT_CASE_TRANSITIONS[side][record.status]],
    canReply: record.status !== 'resolved',
  };
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
  principal: Principal,
  scope: CaseScope,
  caseId: number,
): Promise<TSupportCase> {
  const record = await context.connector.getCase(scope, caseId);
  if (!record) throw notFound(CASE_NOT_FOUND);
  return withCallerView(record, sideOf(principal));
}

export async function createCase(
  context: SupportContext,
  principal: Principal,
  customerId: number,
  input: TCreateSupportCaseRequest,
  attachments: readonly StoredUpload[],
): Promise<TSupportCase> {
  const author = await authorOf(context.db, principal);
  const { caseId } = await context.connector.createCase({ ...input, customerId, author, attachments });
  const record = (await context.connector.getCase({ customerId }, caseId))!;
  await tell(context, { type: 'caseCreated', to: 'provider', case: record, actor: author });
  return withCallerView(record, author.side);
}

export async function replyToCase(
  context: SupportContext,
  principal: Principal,
  scope: CaseScope,
  caseId: number,
  message: string,
  attachments: readonly StoredUpload[],
): Promise<TSupportCase> {
  const author = await authorOf(context.db, principal);
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
  return withCallerView(result.case, author.side);
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
  principal: Principal,
  scope: CaseScope,
  caseId: number,
  to: SupportCaseStatus,
): Promise<TSupportCase> {
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
  return withCallerView(result.case, side);
}
