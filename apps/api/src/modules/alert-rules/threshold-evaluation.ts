import type { PoolClient } from 'pg';
import {
  exceedsThreshold,
  measuredValue,
  NOT_DELIVERED_GRACE_MINUTES,
  type TThresholdDetails,
  type DeliveryChannel,
  type ThresholdAlertKind,
  type ThresholdMeasure,
  type TrackingStatus,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { raiseAlert, resolveAlert } from '../alerts/alerts.repository.ts';
import { takeQueuedAlertMails } from '../alert-notifications/alert-routing.ts';
import { ruleSubjectKey } from './alert-rules.repository.ts';

/**
 * The document statuses each kind counts (docs/alerts.md): rejected = at least one channel
 * rejected the document; not delivered = no channel has delivered it (yet). The tracking list
 * filtered by these statuses, the rule's channel and its window shows exactly the counted documents.
 */
export const COUNTED_STATUSES: Record<ThresholdAlertKind, readonly TrackingStatus[]> = {
  documentsRejected: ['Rejected', 'DeliveredWithRejections', 'PartiallyDeliveredWithRejections'],
  documentsNotDelivered: ['NotDelivered'],
};

type Rule = {
  id: string;
  kind: ThresholdAlertKind;
  channel: DeliveryChannel | null;
  measure: ThresholdMeasure;
  threshold: number;
  window_minutes: number;
  min_documents: number;
};

/**
 * The documents a rule looks at: created within its window, which ends now for rejections and
 * NOT_DELIVERED_GRACE_MINUTES ago for "not delivered" (a channel gets that long to report).
 */
export function windowOf(rule: Pick<Rule, 'kind' | 'window_minutes'>, at: Date): { from: Date; to: Date } {
  const lag = rule.kind === 'documentsNotDelivered' ? NOT_DELIVERED_GRACE_MINUTES : 0;
  const to = new Date(at.getTime() - lag * 60_000);
  return { from: new Date(to.getTime() - rule.window_minutes * 60_000), to };
}

export type EvaluationOutcome = { accounts: number; rules: number; raised: number; resolved: number };

/**
 * One pass over every account with a rule switched on: measures each rule and raises or resolves its
 * alert. Safe with several workers: each account's rules are taken with FOR UPDATE SKIP LOCKED, so
 * a rule another worker is measuring is left to it, and an alert is raised once (unique index).
 * Answers what it did and the committed outbox ids of immediate alert e-mails.
 */
export async function evaluateThresholdRules(
  db: Database,
  at: Date = new Date(),
): Promise<EvaluationOutcome & { outboxIds: number[] }> {
  const { rows: accounts } = await db.$client.query<{ customer_id: number }>(
    // Accounts with documents in the longest of their windows (the hourly counts answer that
    // from their index), or with a rule's alert open that may have to be resolved.
    `SELECT DISTINCT r.customer_id FROM alert_rules r
      WHERE r.enabled
        AND (EXISTS (SELECT 1 FROM tracking_document_counts c
                      WHERE c.customer_id = r.customer_id
                        AND c.hour >= $1::timestamptz - make_interval(mins => r.window_minutes + $2 + 60))
             OR EXISTS (SELECT 1 FROM alerts a
                         WHERE a.customer_id = r.customer_id AND a.status = 'open' AND a.subject_key LIKE 'alertRule:%'))
      ORDER BY r.customer_id`,
    [at, NOT_DELIVERED_GRACE_MINUTES],
  );
  const outcome = { accounts: 0, rules: 0, raised: 0, resolved: 0, outboxIds: [] as number[] };
  for (const { customer_id } of accounts) {
    const result = await inTransaction(db.$client, (client) => evaluateAccount(client, customer_id, at));
    outcome.accounts++;
    outcome.rules += result.rules;
    outcome.raised += result.raised;
    outcome.resolved += result.resolved;
    outcome.outboxIds.push(...result.outboxIds);
  }
  return outcome;
}

async function evaluateAccount(client: PoolClient, customerId: number, at: Date) {
  const { rows: rules } = await client.query<Rule>(
    `SELECT r.id, r.kind, r.channel, r.measure, r.threshold::float8 AS threshold, r.window_minutes, r.min_documents
       FROM alert_rules r
      WHERE r.customer_id = $1 AND r.enabled
        AND coalesce((SELECT c.enabled FROM alert_checks c WHERE c.customer_id = r.customer_id AND c.kind = r.kind), true)
      ORDER BY r.id
        FOR UPDATE OF r SKIP LOCKED`,
    [customerId],
  );
  const result = { rules: rules.length, raised: 0, resolved: 0, outboxIds: [] as number[] };
  if (rules.length === 0) return result;
  const measured = await measureRules(client, customerId, rules, at);
  const { rows: open } = await client.query<{ subject_key: string }>(
    `SELECT subject_key FROM alerts WHERE customer_id = $1 AND status = 'open' AND subject_key = ANY($2)`,
    [customerId, rules.map((rule) => ruleSubjectKey(rule.id))],
  );
  const isOpen = new Set(open.map((row) => row.subject_key));
  for (const [index, rule] of rules.entries()) {
    const counts = measured[index]!;
    const subjectKey = ruleSubjectKey(rule.id);
    const value = measuredValue(rule.measure, counts);
    const rule_ = { measure: rule.measure, threshold: rule.threshold, minDocuments: rule.min_documents };
    if (exceedsThreshold(rule_, counts)) {
      if (isOpen.has(subjectKey)) continue;
      const window = windowOf(rule, at);
      const raised = await raiseAlert(client, {
        customerId,
        kind: rule.kind,
        subjectKey,
        details: {
          ruleId: rule.id,
          channel: rule.channel,
          measure: rule.measure,
          threshold: rule.threshold,
          windowMinutes: rule.window_minutes,
          minDocuments: rule.min_documents,
          measured: value,
          matching: counts.matching,
          total: counts.total,
          statuses: [...COUNTED_STATUSES[rule.kind]],
          from: window.from.toISOString(),
          to: window.to.toISOString(),
        } satisfies TThresholdDetails,
      });
      if (raised) result.raised++;
    } else if (isOpen.has(subjectKey)) {
      const resolved = await resolveAlert(client, {
        customerId,
        subjectKey,
        resolution: {
          reason: 'belowThreshold',
          measured: value,
          matching: counts.matching,
          total: counts.total,
        },
      });
      if (resolved) result.resolved++;
    }
  }
  result.outboxIds = takeQueuedAlertMails(client);
  return result;
}

/**
 * Every rule's counts in one index-only scan of the account's documents (customer_id, created_at
 * with status and channels included): the span from the earliest window start to now, each rule
 * counting its own window, channel and statuses with a FILTER.
 */
async function measureRules(
  client: PoolClient,
  customerId: number,
  rules: readonly Rule[],
  at: Date,
): Promise<{ matching: number; total: number }[]> {
  const params: unknown[] = [customerId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const windows = rules.map((rule) => windowOf(rule, at));
  const earliest = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const columns = rules.flatMap((rule, index) => {
    const window = windows[index]!;
    const inRule = [
      `created_at > ${param(window.from)}::timestamptz`,
      `created_at <= ${param(window.to)}::timestamptz`,
      ...(rule.channel ? [`channels @> ARRAY[${param(rule.channel)}::text]`] : []),
    ].join(' AND ');
    return [
      `count(*) FILTER (WHERE ${inRule})::int AS total_${index}`,
      `count(*) FILTER (WHERE ${inRule} AND status = ANY(${param(COUNTED_STATUSES[rule.kind])}::text[]))::int AS matching_${index}`,
    ];
  });
  const { rows } = await client.query<Record<string, number>>(
    `SELECT ${columns.join(', ')} FROM tracking_documents
      WHERE customer_id = $1 AND created_at > ${param(earliest)}::timestamptz AND created_at <= ${param(at)}::timestamptz`,
    params,
  );
  const row = rows[0]!;
  return rules.map((_, index) => ({ matching: row[`matching_${index}`]!, total: row[`total_${index}`]! }));
}
