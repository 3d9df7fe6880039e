import type { Pool, PoolClient } from 'pg';
import type { ExpectedDeliveryDays, Market, TMissingFileDetails } from '@service-hub/contracts';
import { inTransaction } from '../../lib/audit.ts';
import { raiseAlerts, resolveAlerts } from './alerts.repository.ts';
import { nextDeadline, previousDeadline } from './deadline-schedule.ts';
import { missingFileSubject } from './expected-deliveries.repository.ts';
import { toLikePattern } from './filename-pattern.ts';
import { takeQueuedAlertMails } from '../alert-notifications/alert-routing.ts';

/*
 * One evaluation pass of the expected deliveries (docs/alerts.md, "Expected deliveries"): a few
 * statements for all rules at once, never a query per rule, so 10 000 due rules take well under a
 * second (bench/expected-deliveries.ts).
 *
 * 1. Late arrivals: a rule whose latest deadline is `missing` looks for a matching file that arrived
 *    after that deadline and by the next one; found → `late` with its minutes, the alert resolved.
 * 2. Due rules (`next_deadline_at` passed): a matching file that arrived after the previous deadline
 *    and by this one → `onTime`; none → `missing` and a missing-file alert. A missing deadline
 *    whose next deadline has now passed stays missing, and its alert is resolved (`nextDeadline`):
 *    from then on a file belongs to the next deadline, and the newer alert, if any, carries on.
 *    The rule then moves on to its next deadline.
 *
 * Several evaluators may run at once: each locks the rules it takes (FOR UPDATE SKIP LOCKED), so a
 * rule is evaluated by one of them, and the alerts' unique index keeps one open alert per deadline.
 */

/** What the matching statement needs of one window: the account, the window and the rule's filters. */
type Window = {
  customerId: number;
  afterAt: Date;
  untilAt: Date;
  filenamePattern: string;
  application: string | null;
  minDocuments: number | null;
};

export type MatchedFile = { fileId: number; arrivedAt: Date };

/**
 * The first matching file of each window (one row per window that has one, `n` its 1-based
 * place): the bench explains this very statement (bench/expected-deliveries.ts).
 */
export const MATCHING_FILES_SQL = `SELECT w.n, f.id, f.arrived_at
       FROM (SELECT customer_id, after_at, until_at, lower(pattern) AS pattern, application, min_documents, n
               FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::int[])
                    WITH ORDINALITY AS w(customer_id, after_at, until_at, pattern, application, min_documents, n)
             OFFSET 0) w
       CROSS JOIN LATERAL (
         SELECT f.id, f.arrived_at FROM tracking_files f
          WHERE f.customer_id = w.customer_id AND f.arrived_at > w.after_at AND f.arrived_at <= w.until_at
            AND f.arrived_at > $7 AND f.arrived_at <= $8
            AND lower(f.filename) LIKE w.pattern
            AND (w.application IS NULL OR f.application = w.application)
            AND (w.min_documents IS NULL OR f.document_count >= w.min_documents)
          ORDER BY f.arrived_at, f.id LIMIT 1) f`;

/**
 * The first file of each window: the account's, arrived after `afterAt` and by `untilAt`, whose
 * whole name matches the pattern (case-insensitive), from the application if the rule names one,
 * with at least the minimum documents. One statement for every window; it walks the account's
 * files by arrival (tracking_files_customer_arrived index) within each window; the bounds of all
 * windows together ($7, $8) let the planner keep only their monthly partitions, instead of pruning
 * every partition again for each window. The patterns come
 * from toLikePattern, escaped with `\`, LIKE's default escape character (an ESCAPE clause would
 * be evaluated again for every row). `lower(name) LIKE lower(pattern)` is what ILIKE does, with
 * each pattern lowered once (OFFSET 0 keeps it from being lowered again for every file); the
 * times go as ISO strings, which node-postgres passes on as they are.
 */
export async function firstMatchingFiles(
  db: Pool | PoolClient,
  windows: readonly Window[],
): Promise<(MatchedFile | undefined)[]> {
  if (windows.length === 0) return [];
  const { rows } = await db.query<{ n: string; id: number; arrived_at: Date }>(MATCHING_FILES_SQL, [
    windows.map((w) => w.customerId),
    windows.map((w) => w.afterAt.toISOString()),
    windows.map((w) => w.untilAt.toISOString()),
    windows.map((w) => toLikePattern(w.filenamePattern)),
    windows.map((w) => w.application),
    windows.map((w) => w.minDocuments),
    windows.reduce((first, w) => (w.afterAt < first ? w.afterAt : first), windows[0]!.afterAt),
    windows.reduce((last, w) => (w.untilAt > last ? w.untilAt : last), windows[0]!.untilAt),
  ]);
  const found: (MatchedFile | undefined)[] = windows.map(() => undefined);
  for (const row of rows) found[Number(row.n) - 1] = { fileId: Number(row.id), arrivedAt: row.arrived_at };
  return found;
}

/** Minutes after the deadline, rounded up: a file 20 seconds late is late by 1 minute, not 0. */
const minutesLate = (deadlineAt: Date, arrivedAt: Date) =>
  Math.max(1, Math.ceil((arrivedAt.getTime() - deadlineAt.getTime()) / 60_000));

type RuleRow = {
  id: string;
  customer_id: number;
  market: Market;
  name: string;
  filename_pattern: string;
  application: string | null;
  deadline: string;
  time_zone: string;
  days: ExpectedDeliveryDays;
  min_documents: number | null;
  next_deadline_at: Date;
};

const windowOf = (rule: RuleRow, afterAt: Date, untilAt: Date): Window => ({
  customerId: rule.customer_id,
  afterAt,
  untilAt,
  filenamePattern: rule.filename_pattern,
  application: rule.application,
  minDocuments: rule.min_documents,
});

const scheduleOf = (rule: RuleRow) => ({
  deadline: rule.deadline,
  timeZone: rule.time_zone,
  days: rule.days,
  market: rule.market,
});

/**
 * The previous and next deadline of each rule at its due deadline, worked out once per distinct
 * schedule: thousands of rules due at the same minute share a handful of schedules.
 */
function deadlinesAround(rules: readonly RuleRow[]): { previous: Date; next: Date }[] {
  const known = new Map<string, { previous: Date; next: Date }>();
  return rules.map((rule) => {
    const key = `${rule.deadline}|${rule.time_zone}|${rule.days}|${rule.market}|${rule.next_deadline_at.getTime()}`;
    let around = known.get(key);
    if (!around) {
      around = {
        previous: previousDeadline(scheduleOf(rule), rule.next_deadline_at),
        next: nextDeadline(scheduleOf(rule), rule.next_deadline_at),
      };
      known.set(key, around);
    }
    return around;
  });
}

const RULE_COLUMNS = `r.id, r.customer_id, c.market, r.name, r.filename_pattern, r.application, r.deadline,
  r.time_zone, r.days, r.min_documents, r.next_deadline_at`;

/**
 * Step 1: missing deadlines whose file came since, by the next deadline. Answers how many. The
 * search starts at the deadline's own window (its previous deadline), not at the deadline: a file
 * the producer made at 05:58 but whose batch reached the Hub after the 06:00 check was on time,
 * and is recorded so (`arrivedOnTime`); one made after the deadline is late by its minutes.
 */
async function markLateArrivals(client: PoolClient, now: Date): Promise<number> {
  const { rows } = await client.query<RuleRow & { deadline_at: Date; counted_before: Date | null }>(
    `SELECT ${RULE_COLUMNS}, d.deadline_at, before.arrived_at AS counted_before
       FROM expected_deliveries r
       JOIN customers c ON c.id = r.customer_id
       CROSS JOIN LATERAL (SELECT deadline_at, outcome FROM expected_delivery_deadlines
                            WHERE rule_id = r.id ORDER BY deadline_at DESC LIMIT 1) d
       LEFT JOIN LATERAL (SELECT arrived_at FROM expected_delivery_deadlines
                           WHERE rule_id = r.id AND deadline_at < d.deadline_at
                           ORDER BY deadline_at DESC LIMIT 1) before ON true
      WHERE r.enabled AND d.outcome = 'missing'
      FOR UPDATE OF r SKIP LOCKED`,
  );
  if (rows.length === 0) return 0;
  const found = await firstMatchingFiles(
    client,
    rows.map((rule) => {
      // The file the previous deadline counted (it may have come late, after that deadline) is not this one's.
      const previous = previousDeadline(scheduleOf(rule), rule.deadline_at);
      const afterAt = rule.counted_before && rule.counted_before > previous ? rule.counted_before : previous;
      return windowOf(rule, afterAt, new Date(Math.min(now.getTime(), rule.next_deadline_at.getTime())));
    }),
  );
  const came = rows.flatMap((rule, i) => {
    const file = found[i];
    if (!file) return [];
    const onTime = file.arrivedAt <= rule.deadline_at;
    return [{ rule, file, lateMinutes: onTime ? null : minutesLate(rule.deadline_at, file.arrivedAt) }];
  });
  if (came.length === 0) return 0;
  await client.query(
    `UPDATE expected_delivery_deadlines d
        SET outcome = CASE WHEN l.late_minutes IS NULL THEN 'onTime' ELSE 'late' END,
            file_id = l.file_id, arrived_at = l.arrived_at, late_minutes = l.late_minutes
       FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[], $4::timestamptz[], $5::int[])
            AS l(rule_id, deadline_at, file_id, arrived_at, late_minutes)
      WHERE d.rule_id = l.rule_id AND d.deadline_at = l.deadline_at`,
    [
      came.map((l) => l.rule.id),
      came.map((l) => l.rule.deadline_at),
      came.map((l) => l.file.fileId),
      came.map((l) => l.file.arrivedAt),
      came.map((l) => l.lateMinutes),
    ],
  );
  await resolveAlerts(
    client,
    came.map((l) => ({
      customerId: l.rule.customer_id,
      subjectKey: missingFileSubject(l.rule.id, l.rule.deadline_at),
      resolution:
        l.lateMinutes === null
          ? { reason: 'arrivedOnTime', fileId: l.file.fileId }
          : { reason: 'arrivedLate', lateMinutes: l.lateMinutes, fileId: l.file.fileId },
    })),
  );
  return came.length;
}

type DueRow = RuleRow & {
  alerts_on: boolean;
  latest_deadline_at: Date | null;
  latest_outcome: string | null;
  latest_arrived_at: Date | null;
};

export type PassResult = { evaluated: number; onTime: number; missing: number; late: number };

/** A batch's result, and whether rules may still be due (a full batch, or a rule catching up). */
type BatchResult = PassResult & { moreDue: boolean };

/** Step 2: up to `limit` due rules, each for its due deadline. */
async function evaluateDueRules(client: PoolClient, now: Date, limit: number): Promise<BatchResult> {
  const { rows } = await client.query<DueRow>(
    `SELECT ${RULE_COLUMNS},
            coalesce((SELECT enabled FROM alert_checks WHERE customer_id = r.customer_id AND kind = 'missingFile'), true) AS alerts_on,
            latest.deadline_at AS latest_deadline_at, latest.outcome AS latest_outcome, latest.arrived_at AS latest_arrived_at
       FROM expected_deliveries r
       JOIN customers c ON c.id = r.customer_id
       LEFT JOIN LATERAL (SELECT deadline_at, outcome, arrived_at FROM expected_delivery_deadlines
                           WHERE rule_id = r.id ORDER BY deadline_at DESC LIMIT 1) latest ON true
      WHERE r.enabled AND r.next_deadline_at <= $1
      ORDER BY r.next_deadline_at
      LIMIT $2
      FOR UPDATE OF r SKIP LOCKED`,
    [now, limit],
  );
  const result: BatchResult = { evaluated: rows.length, onTime: 0, missing: 0, late: 0, moreDue: false };
  if (rows.length === 0) return result;

  const around = deadlinesAround(rows);
  const windows = rows.map((rule, i) => {
    const deadlineAt = rule.next_deadline_at;
    let afterAt = around[i]!.previous;
    // A file that arrived late for the previous deadline counted there, not again here.
    if (rule.latest_outcome === 'late' && rule.latest_arrived_at && rule.latest_arrived_at > afterAt)
      afterAt = rule.latest_arrived_at;
    return windowOf(rule, afterAt, deadlineAt);
  });
  const found = await firstMatchingFiles(client, windows);
  result.moreDue = rows.length === limit || around.some((deadlines) => deadlines.next <= now);

  // The deadline recorded and the rule moved on to its next, in one statement.
  await client.query(
    `WITH recorded AS (
       INSERT INTO expected_delivery_deadlines (rule_id, deadline_at, outcome, file_id, arrived_at)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[], $5::timestamptz[])
       ON CONFLICT (rule_id, deadline_at) DO NOTHING
     )
     UPDATE expected_deliveries r SET next_deadline_at = u.next_deadline_at
       FROM unnest($1::uuid[], $6::timestamptz[]) AS u(id, next_deadline_at)
      WHERE r.id = u.id`,
    [
      rows.map((rule) => rule.id),
      rows.map((rule) => rule.next_deadline_at.toISOString()),
      found.map((file) => (file ? 'onTime' : 'missing')),
      found.map((file) => file?.fileId ?? null),
      found.map((file) => file?.arrivedAt.toISOString() ?? null),
      around.map((deadlines) => deadlines.next.toISOString()),
    ],
  );

  // The previous deadline's file never came: its time is over (see above).
  await resolveAlerts(
    client,
    rows.flatMap((rule) =>
      rule.latest_outcome === 'missing' && rule.latest_deadline_at
        ? [
            {
              customerId: rule.customer_id,
              subjectKey: missingFileSubject(rule.id, rule.latest_deadline_at),
              resolution: { reason: 'nextDeadline', nextDeadlineAt: rule.next_deadline_at.toISOString() },
            },
          ]
        : [],
    ),
  );

  const missing = rows.flatMap((rule, i) => (found[i] ? [] : [{ rule, window: windows[i]! }]));
  result.missing = missing.length;
  result.onTime = rows.length - missing.length;
  await raiseAlerts(
    client,
    missing
      .filter(({ rule }) => rule.alerts_on)
      .map(({ rule, window }) => {
        const details: TMissingFileDetails = {
          ruleId: rule.id,
          ruleName: rule.name,
          filenamePattern: rule.filename_pattern,
          application: rule.application,
          deadline: rule.deadline,
          deadlineAt: rule.next_deadline_at.toISOString(),
          windowStartAt: window.afterAt.toISOString(),
          timeZone: rule.time_zone,
          minDocuments: rule.min_documents,
        };
        return {
          customerId: rule.customer_id,
          kind: 'missingFile' as const,
          subjectKey: missingFileSubject(rule.id, rule.next_deadline_at),
          details,
        };
      }),
  );
  return result;
}

async function anyRuleDue(pool: Pool, now: Date): Promise<boolean> {
  const { rows } = await pool.query<{ due: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM expected_deliveries WHERE enabled AND next_deadline_at <= $1) AS due',
    [now],
  );
  return rows[0]!.due;
}

/** Rules taken per transaction: a pass over 10 000 due rules is one batch. */
export const EVALUATION_BATCH = 10_000;
/** A worker that was away catches up deadline by deadline; this bounds one run's catching up. */
const MAX_BATCHES = 50;

/**
 * One evaluation pass: late arrivals, then every due rule (in batches of EVALUATION_BATCH, each its
 * own transaction, until none is due). Answers what it found.
 */
export async function evaluateExpectedDeliveries(
  pool: Pool,
  options: { now?: Date; batchSize?: number } = {},
): Promise<PassResult & { outboxIds: number[] }> {
  const now = options.now ?? new Date();
  const total = { evaluated: 0, onTime: 0, missing: 0, late: 0, outboxIds: [] as number[] };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    // A full batch may have taken the last due rules: then there is no batch more to run.
    if (batch > 0 && !(await anyRuleDue(pool, now))) break;
    const result = await inTransaction(pool, async (client) => {
      const late = await markLateArrivals(client, now);
      const due: BatchResult = await evaluateDueRules(client, now, options.batchSize ?? EVALUATION_BATCH);
      // The "at once" e-mails of the alerts raised here, for the job to send after the commit.
      return { ...due, late, outboxIds: takeQueuedAlertMails(client) };
    });
    total.evaluated += result.evaluated;
    total.onTime += result.onTime;
    total.missing += result.missing;
    total.late += result.late;
    total.outboxIds.push(...result.outboxIds);
    if (!result.moreDue) break;
  }
  return total;
}
