import type { PoolClient } from 'pg';
import {
  ALERT_CHECK_KINDS,
  isDefaultAlertRule,
  type AlertKind,
  type DeliveryChannel,
  type TAlertCheck,
  type TAlertRule,
  type TCreateAlertRuleRequest,
  type ThresholdAlertKind,
  type ThresholdMeasure,
} from '@service-hub/contracts';

type Queryable = Pick<PoolClient, 'query'>;

type RuleRow = {
  id: string;
  kind: ThresholdAlertKind;
  channel: DeliveryChannel | null;
  measure: ThresholdMeasure;
  threshold: number;
  window_minutes: number;
  min_documents: number;
  enabled: boolean;
  is_raised: boolean;
};

/** The subject of a threshold rule's alerts: one open alert per rule. */
export const ruleSubjectKey = (ruleId: string) => `alertRule:${ruleId}`;

const SELECT_RULES = `SELECT r.id, r.kind, r.channel, r.measure, r.threshold::float8 AS threshold, r.window_minutes,
       r.min_documents, r.enabled,
       EXISTS (SELECT 1 FROM alerts a WHERE a.customer_id = r.customer_id AND a.status = 'open'
                  AND a.subject_key = 'alertRule:' || r.id::text) AS is_raised
  FROM alert_rules r`;

export type StoredRule = Omit<TAlertRule, 'isDefault' | 'isRaised'>;

const toRule = (row: RuleRow): TAlertRule => {
  const rule = {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    measure: row.measure,
    threshold: row.threshold,
    windowMinutes: row.window_minutes,
    minDocuments: row.min_documents,
    enabled: row.enabled,
  };
  return { ...rule, isDefault: isDefaultAlertRule(rule), isRaised: row.is_raised };
};

/** The account's rules: all channels before single ones, then by kind and window. */
export async function listRules(db: Queryable, customerId: number): Promise<TAlertRule[]> {
  const { rows } = await db.query<RuleRow>(
    `${SELECT_RULES} WHERE r.customer_id = $1
      ORDER BY r.kind, r.channel NULLS FIRST, r.window_minutes, r.threshold, r.created, r.id`,
    [customerId],
  );
  return rows.map(toRule);
}

/** One rule of the account, locked for the caller's transaction; undefined when not the account's. */
export async function findRuleForUpdate(
  client: PoolClient,
  customerId: number,
  id: string,
): Promise<TAlertRule | undefined> {
  const { rows } = await client.query<RuleRow>(
    `${SELECT_RULES} WHERE r.customer_id = $1 AND r.id = $2 FOR UPDATE OF r`,
    [customerId, id],
  );
  return rows[0] && toRule(rows[0]);
}

type RuleValues = Required<Omit<TCreateAlertRuleRequest, 'channel'>> & { channel: DeliveryChannel | null };

export async function insertRule(client: PoolClient, customerId: number, rule: RuleValues): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO alert_rules (customer_id, kind, channel, measure, threshold, window_minutes, min_documents, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      customerId,
      rule.kind,
      rule.channel,
      rule.measure,
      rule.threshold,
      rule.windowMinutes,
      rule.minDocuments,
      rule.enabled,
    ],
  );
  return rows[0]!.id;
}

export async function updateRule(
  client: PoolClient,
  customerId: number,
  id: string,
  rule: RuleValues,
): Promise<void> {
  await client.query(
    `UPDATE alert_rules SET kind = $3, channel = $4, measure = $5, threshold = $6, window_minutes = $7,
            min_documents = $8, enabled = $9, modified = now()
      WHERE customer_id = $1 AND id = $2`,
    [
      customerId,
      id,
      rule.kind,
      rule.channel,
      rule.measure,
      rule.threshold,
      rule.windowMinutes,
      rule.minDocuments,
      rule.enabled,
    ],
  );
}

export async function setRuleEnabled(
  client: PoolClient,
  customerId: number,
  id: string,
  enabled: boolean,
): Promise<void> {
  await client.query(
    'UPDATE alert_rules SET enabled = $3, modified = now() WHERE customer_id = $1 AND id = $2',
    [customerId, id, enabled],
  );
}

export async function deleteRule(client: PoolClient, customerId: number, id: string): Promise<void> {
  await client.query('DELETE FROM alert_rules WHERE customer_id = $1 AND id = $2', [customerId, id]);
}

/** The account's other checks; a kind without a row is on. */
export async function listChecks(db: Queryable, customerId: number): Promise<TAlertCheck[]> {
  const { rows } = await db.query<{ kind: AlertKind; enabled: boolean }>(
    'SELECT kind, enabled FROM alert_checks WHERE customer_id = $1',
    [customerId],
  );
  return ALERT_CHECK_KINDS.map((kind) => ({
    kind,
    enabled: rows.find((row) => row.kind === kind)?.enabled ?? true,
  }));
}

export async function setCheck(
  client: PoolClient,
  customerId: number,
  check: TAlertCheck,
): Promise<boolean | undefined> {
  const { rows } = await client.query<{ before: boolean | null }>(
    `WITH before AS (SELECT enabled FROM alert_checks WHERE customer_id = $1 AND kind = $2 FOR UPDATE)
     INSERT INTO alert_checks (customer_id, kind, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled, modified = now()
     RETURNING (SELECT enabled FROM before) AS before`,
    [customerId, check.kind, check.enabled],
  );
  return rows[0]?.before ?? undefined;
}

/**
 * Whether an account's check of a kind is on (no row: on). Read in the transaction that would
 * raise the alert, so a switch that committed first is heeded.
 */
export async function isCheckOn(db: Queryable, customerId: number, kind: AlertKind): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM alert_checks WHERE customer_id = $1 AND kind = $2',
    [customerId, kind],
  );
  return rows[0]?.enabled ?? true;
}
