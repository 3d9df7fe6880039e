import type { PoolClient } from 'pg';
import {
  DEFAULT_ALERT_RULES,
  type TAlertCheck,
  type TAlertRule,
  type TCreateAlertRuleRequest,
  type TGetAlertSettingsResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { resolveAlert } from '../alerts/alerts.repository.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import type { Principal } from '../auth/principal.repository.ts';
import {
  deleteRule,
  findRuleForUpdate,
  insertRule,
  listChecks,
  listRules,
  ruleSubjectKey,
  setCheck,
  setRuleEnabled,
  updateRule,
} from './alert-rules.repository.ts';

/** Who changes an account's alert settings, for the audit log. */
export type SettingsChange = { principal: Principal; account: ActiveAccount; requestId: string };

const RULE_NOT_FOUND = 'There is no such alert rule for this account.';

const audit = (
  client: PoolClient,
  change: SettingsChange,
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
) =>
  writeAudit(client, {
    actorUserId: change.principal.userId,
    actorEmail: change.principal.email,
    action,
    entityType: 'alertRule',
    entityId,
    customerId: change.account.id,
    before,
    after,
    requestId: change.requestId,
  });

/** Only the values an administrator set: the audit log shows what changed, not derived state. */
const settingsOf = ({ isDefault: _isDefault, isRaised: _isRaised, id: _id, ...rule }: TAlertRule) => rule;

export async function getAlertSettings(db: Database, customerId: number): Promise<TGetAlertSettingsResponse> {
  const [rules, checks] = [await listRules(db.$client, customerId), await listChecks(db.$client, customerId)];
  const hasAllDefaults = DEFAULT_ALERT_RULES.every((d) =>
    rules.some((r) => r.isDefault && r.enabled && r.kind === d.kind && r.windowMinutes === d.windowMinutes),
  );
  return { rules, checks, hasAllDefaults };
}

type RuleInput = Required<Omit<TCreateAlertRuleRequest, 'channel'>> &
  Pick<TCreateAlertRuleRequest, 'channel'>;

/**
 * A rule that stops watching (switched off, changed or deleted) resolves its open alert in the same
 * transaction: nothing would resolve it later, and a changed rule is judged afresh by the next pass.
 */
async function closeAlertOf(
  client: PoolClient,
  customerId: number,
  rule: TAlertRule,
  reason: 'ruleSwitchedOff' | 'ruleChanged' | 'ruleDeleted',
) {
  if (rule.isRaised)
    await resolveAlert(client, { customerId, subjectKey: ruleSubjectKey(rule.id), resolution: { reason } });
}

export async function createAlertRule(
  db: Database,
  change: SettingsChange,
  input: RuleInput,
): Promise<TAlertRule> {
  return inTransaction(db.$client, async (client) => {
    const id = await insertRule(client, change.account.id, input);
    const created = (await findRuleForUpdate(client, change.account.id, id))!;
    await audit(client, change, 'alertRule.create', id, undefined, settingsOf(created));
    return created;
  });
}

export async function updateAlertRule(
  db: Database,
  change: SettingsChange,
  id: string,
  input: RuleInput,
): Promise<TAlertRule> {
  return inTransaction(db.$client, async (client) => {
    const before = await findRuleForUpdate(client, change.account.id, id);
    if (!before) throw notFound(RULE_NOT_FOUND);
    await updateRule(client, change.account.id, id, input);
    await closeAlertOf(client, change.account.id, before, input.enabled ? 'ruleChanged' : 'ruleSwitchedOff');
    const after = (await findRuleForUpdate(client, change.account.id, id))!;
    await audit(client, change, 'alertRule.update', id, settingsOf(before), settingsOf(after));
    return after;
  });
}

export async function setAlertRuleEnabled(
  db: Database,
  change: SettingsChange,
  id: string,
  enabled: boolean,
): Promise<TAlertRule> {
  return inTransaction(db.$client, async (client) => {
    const before = await findRuleForUpdate(client, change.account.id, id);
    if (!before) throw notFound(RULE_NOT_FOUND);
    if (before.enabled === enabled) return before;
    await setRuleEnabled(client, change.account.id, id, enabled);
    if (!enabled) await closeAlertOf(client, change.account.id, before, 'ruleSwitchedOff');
    await audit(
      client,
      change,
      enabled ? 'alertRule.enable' : 'alertRule.disable',
      id,
      { enabled: before.enabled },
      { enabled },
    );
    return (await findRuleForUpdate(client, change.account.id, id))!;
  });
}

export async function deleteAlertRule(db: Database, change: SettingsChange, id: string): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const before = await findRuleForUpdate(client, change.account.id, id);
    if (!before) throw notFound(RULE_NOT_FOUND);
    await closeAlertOf(client, change.account.id, before, 'ruleDeleted');
    await deleteRule(client, change.account.id, id);
    await audit(client, change, 'alertRule.delete', id, settingsOf(before), undefined);
  });
}

/**
 * Brings back each default rule: switches on an unchanged default that is off, and adds one that
 * was changed or deleted. Rules the administrator added or changed stay as they are.
 */
export async function restoreDefaultAlertRules(
  db: Database,
  change: SettingsChange,
): Promise<TGetAlertSettingsResponse> {
  await inTransaction(db.$client, async (client) => {
    // One restore at a time per account, so two clicks never add a default twice.
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [change.account.id]);
    const rules = await listRules(client, change.account.id);
    for (const wanted of DEFAULT_ALERT_RULES) {
      const existing = rules.find(
        (r) => r.isDefault && r.kind === wanted.kind && r.windowMinutes === wanted.windowMinutes,
      );
      if (existing?.enabled) continue;
      if (existing) {
        await setRuleEnabled(client, change.account.id, existing.id, true);
        await audit(client, change, 'alertRule.enable', existing.id, { enabled: false }, { enabled: true });
      } else {
        const values = { ...wanted, channel: null, enabled: true };
        const id = await insertRule(client, change.account.id, values);
        await audit(client, change, 'alertRule.create', id, undefined, values);
      }
    }
  });
  return getAlertSettings(db, change.account.id);
}

export async function setAlertCheck(
  db: Database,
  change: SettingsChange,
  check: TAlertCheck,
): Promise<TAlertCheck> {
  return inTransaction(db.$client, async (client) => {
    const before = (await setCheck(client, change.account.id, check)) ?? true;
    if (before !== check.enabled)
      await writeAudit(client, {
        actorUserId: change.principal.userId,
        actorEmail: change.principal.email,
        action: check.enabled ? 'alertCheck.enable' : 'alertCheck.disable',
        entityType: 'alertCheck',
        entityId: check.kind,
        customerId: change.account.id,
        before: { enabled: before },
        after: { enabled: check.enabled },
        requestId: change.requestId,
      });
    return check;
  });
}
