import type { PoolClient } from 'pg';
import {
  ZCreateExpectedDeliveryRequest,
  type TExpectedDelivery,
  type TListExpectedDeliveriesResponse,
} from '@service-hub/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import { canManageCustomer } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { resolveAlert } from './alerts.repository.ts';
import { nextDeadline } from './deadline-schedule.ts';
import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  lockRule,
  openMissingFileSubjects,
  recentApplications,
  updateRule,
  type ExpectedDeliveryValues,
} from './expected-deliveries.repository.ts';

type RuleRequest = z.infer<typeof ZCreateExpectedDeliveryRequest>;
type Caller = { principal: Principal; account: ActiveAccount; requestId: string };

const ENTITY = 'expectedDelivery';
const ruleNotFound = () => notFound('The expected delivery was not found.');

/** Customer administrators of the account and provider administrators (the route's roles narrow it first). */
function requireManager({ principal, account }: Caller) {
  if (!canManageCustomer(principal, account.id)) throw forbidden();
}

/** What an audit entry keeps of a rule: its settings, not its history. */
const audited = (rule: TExpectedDelivery) => ({
  name: rule.name,
  filenamePattern: rule.filenamePattern,
  application: rule.application,
  deadline: rule.deadline,
  timeZone: rule.timeZone,
  days: rule.days,
  minDocuments: rule.minDocuments,
  enabled: rule.enabled,
});

function valuesOf(
  request: RuleRequest,
  account: ActiveAccount,
  nextDeadlineAt: (timeZone: string) => Date,
): ExpectedDeliveryValues {
  const timeZone = request.timeZone ?? MARKET_TIME_ZONES[account.market];
  return {
    name: request.name,
    filenamePattern: request.filenamePattern,
    application: request.application,
    deadline: request.deadline,
    timeZone,
    days: request.days,
    minDocuments: request.minDocuments,
    enabled: request.enabled,
    nextDeadlineAt: nextDeadlineAt(timeZone),
  };
}

export async function listExpectedDeliveries(
  db: Database,
  caller: Caller,
): Promise<TListExpectedDeliveriesResponse> {
  requireManager(caller);
  const [rules, applications] = await Promise.all([
    listRules(db.$client, caller.account.id),
    recentApplications(db.$client, caller.account.id),
  ]);
  return { rules, applications, defaultTimeZone: MARKET_TIME_ZONES[caller.account.market] };
}

export async function getExpectedDelivery(db: Database, caller: Caller, id: string) {
  requireManager(caller);
  const rule = await findRule(db.$client, caller.account.id, id);
  if (!rule) throw ruleNotFound();
  return rule;
}

export async function createExpectedDelivery(db: Database, caller: Caller, request: RuleRequest) {
  requireManager(caller);
  const { account, principal } = caller;
  return inTransaction(db.$client, async (client) => {
    const values = valuesOf(request, account, (timeZone) =>
      nextDeadline({ ...request, timeZone, market: account.market }, new Date()),
    );
    const id = await insertRule(client, account.id, principal.userId, values);
    const rule = (await findRule(client, account.id, id))!;
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'expectedDelivery.created',
      entityType: ENTITY,
      entityId: id,
      customerId: account.id,
      after: audited(rule),
      requestId: caller.requestId,
    });
    return rule;
  });
}

/** Closes a rule's open missing-file alerts: nobody waits for that file any more. */
async function resolveOpenAlerts(client: PoolClient, customerId: number, ruleId: string, reason: string) {
  for (const subjectKey of await openMissingFileSubjects(client, customerId, ruleId)) {
    await resolveAlert(client, { customerId, subjectKey, resolution: { reason } });
  }
}

/**
 * Changes a rule. The next deadline is worked out again only when the schedule changed (time, zone,
 * days) or the rule is switched back on, so an edit of the name never skips a deadline that is due.
 */
export async function updateExpectedDelivery(db: Database, caller: Caller, id: string, request: RuleRequest) {
  requireManager(caller);
  const { account, principal } = caller;
  return inTransaction(db.$client, async (client) => {
    if (!(await lockRule(client, account.id, id))) throw ruleNotFound();
    const before = (await findRule(client, account.id, id))!;
    const values = valuesOf(request, account, (timeZone) => {
      const rescheduled =
        before.deadline !== request.deadline ||
        before.timeZone !== timeZone ||
        before.days !== request.days ||
        (!before.enabled && request.enabled);
      return rescheduled
        ? nextDeadline({ ...request, timeZone, market: account.market }, new Date())
        : new Date(before.nextDeadlineAt);
    });
    await updateRule(client, id, values);
    if (before.enabled && !values.enabled) await resolveOpenAlerts(client, account.id, id, 'ruleDisabled');
    const after = (await findRule(client, account.id, id))!;
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'expectedDelivery.updated',
      entityType: ENTITY,
      entityId: id,
      customerId: account.id,
      before: audited(before),
      after: audited(after),
      requestId: caller.requestId,
    });
    return after;
  });
}

export async function deleteExpectedDelivery(db: Database, caller: Caller, id: string) {
  requireManager(caller);
  const { account, principal } = caller;
  await inTransaction(db.$client, async (client) => {
    if (!(await lockRule(client, account.id, id))) throw ruleNotFound();
    const before = (await findRule(client, account.id, id))!;
    await resolveOpenAlerts(client, account.id, id, 'ruleDeleted');
    await deleteRule(client, id);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'expectedDelivery.deleted',
      entityType: ENTITY,
      entityId: id,
      customerId: account.id,
      before: audited(before),
      requestId: caller.requestId,
    });
  });
}
