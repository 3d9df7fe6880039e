import type { PoolClient } from 'pg';
import {
  exceedsThreshold,
  measuredValue,
  SHOWN_DEADLINES,
  type DeliveryChannel,
  type DeadlineOutcome,
  type ExpectedDeliveryDays,
  type TMissingFileDetails,
  type TThresholdDetails,
} from '@service-hub/contracts';
import { MARKET_TIME_ZONES } from '../lib/business-days.ts';
import {
  insertRule as insertThresholdRule,
  ruleSubjectKey,
} from '../modules/alert-rules/alert-rules.repository.ts';
import { COUNTED_STATUSES, windowOf } from '../modules/alert-rules/threshold-evaluation.ts';
import { acknowledge } from '../modules/alerts/alert-list.repository.ts';
import { raiseAlert, resolveAlert, type StoredAlert } from '../modules/alerts/alerts.repository.ts';
import { nextDeadline, previousDeadline, type DeadlineRule } from '../modules/alerts/deadline-schedule.ts';
import { firstMatchingFiles, type MatchedFile } from '../modules/alerts/evaluate-expected-deliveries.ts';
import { insertRule, missingFileSubject } from '../modules/alerts/expected-deliveries.repository.ts';
import type { SeededCustomer, SeededUser } from './demo-accounts.ts';

/*
 * Expected deliveries and alerts of one demo account (issue 22), so that a new user sees what the
 * alert pages do. Nothing here is made up where the seeded tracking files can answer: each rule's
 * last ten deadlines are judged against the account's seeded files with the evaluation's own
 * matching statement (firstMatchingFiles) and its rules (on time by the deadline; else late when a
 * file came before the next deadline; else missing), and the alerts are raised and resolved through
 * the alert repository, so the `alert.raised`/`alert.resolved` events and the bell notifications
 * are the ones the evaluation would have written. Only their times are then set to when it would
 * have written them (the repository stamps the transaction's clock).
 */

const MINUTE = 60_000;

type DemoRule = {
  name: string;
  /** The flow's files; the account's seeded ones are `<customer number>_<word>_<stamp>_<id>.<ext>` (tracking-generator.ts). */
  pattern: (customerNumber: string) => string;
  application: string | null;
  deadline: string;
  days: ExpectedDeliveryDays;
  /** How many deadlines the rule has seen: the last ten, or fewer for a rule set up lately. */
  deadlines: number;
};

const DEMO_RULES: readonly DemoRule[] = [
  {
    name: 'Daily invoice file',
    pattern: (customerNumber) => `${customerNumber}_invoices_*`,
    application: 'Invoice',
    deadline: '06:00',
    days: 'businessDays',
    deadlines: SHOWN_DEADLINES,
  },
  {
    name: 'Billing system production',
    pattern: (customerNumber) => `${customerNumber}_*`,
    application: null,
    deadline: '14:00',
    days: 'businessDays',
    deadlines: SHOWN_DEADLINES,
  },
  // Set up for a new flow whose producer has not sent its first file: no such file is seeded, so
  // its one deadline so far is missing and its alert open.
  {
    name: 'Payroll slips',
    pattern: () => 'LON_*.pdf',
    application: 'Payroll',
    deadline: '09:00',
    days: 'businessDays',
    deadlines: 1,
  },
];

type JudgedDeadline = {
  deadlineAt: Date;
  outcome: DeadlineOutcome;
  file: MatchedFile | undefined;
  lateMinutes: number | null;
  windowStartAt: Date;
  /** When the next deadline was checked (a missing deadline's alert is resolved then), or undefined. */
  nextAt: Date | undefined;
};

/** How long a resolved alert was open. */
const lateness = (alert: StoredAlert) => (alert.resolvedAt?.getTime() ?? 0) - alert.raisedAt.getTime();

/** Minutes after the deadline, rounded up, as the evaluation counts them. */
const minutesLate = (deadlineAt: Date, arrivedAt: Date) =>
  Math.max(1, Math.ceil((arrivedAt.getTime() - deadlineAt.getTime()) / MINUTE));

/** The last `count` deadlines before `now`, oldest first, judged as the evaluation judges them. */
async function judgeDeadlines(
  client: PoolClient,
  customerId: number,
  rule: DeadlineRule & { pattern: string; application: string | null },
  count: number,
  now: Date,
): Promise<JudgedDeadline[]> {
  const deadlines: Date[] = [];
  for (let at = now; deadlines.length < count;) {
    at = previousDeadline(rule, at);
    deadlines.unshift(at);
  }
  const judged: JudgedDeadline[] = [];
  let countedArrival: Date | undefined;
  for (const [index, deadlineAt] of deadlines.entries()) {
    const previous = previousDeadline(rule, deadlineAt);
    const windowStartAt = countedArrival && countedArrival > previous ? countedArrival : previous;
    const nextAt = deadlines[index + 1];
    const window = (untilAt: Date) => ({
      customerId,
      afterAt: windowStartAt,
      untilAt,
      filenamePattern: rule.pattern,
      application: rule.application,
      minDocuments: null,
    });
    // By the deadline: on time. Else the first file by the next deadline (or now) came late.
    const [onTime] = await firstMatchingFiles(client, [window(deadlineAt)]);
    const [late] = onTime ? [undefined] : await firstMatchingFiles(client, [window(nextAt ?? now)]);
    const file = onTime ?? late;
    judged.push({
      deadlineAt,
      outcome: onTime ? 'onTime' : late ? 'late' : 'missing',
      file,
      lateMinutes: late ? minutesLate(deadlineAt, late.arrivedAt) : null,
      windowStartAt,
      nextAt,
    });
    if (file) countedArrival = file.arrivedAt;
  }
  return judged;
}

/**
 * Moves what the alert repository stamped with the transaction's clock to when the evaluation
 * would have written it: the alert's resolution, its events and its users' notifications (which
 * count as read: they are history).
 */
async function backdateAlert(client: PoolClient, alert: StoredAlert, resolvedAt: Date | undefined) {
  if (resolvedAt) {
    await client.query('UPDATE alerts SET resolved_at = $2 WHERE id = $1', [alert.id, resolvedAt]);
    await client.query(
      `UPDATE hub_events SET occurred_at = $2, data = jsonb_set(data, '{resolvedAt}', to_jsonb($3::text))
        WHERE type = 'alert.resolved' AND customer_id = $4 AND data->>'alertId' = $1`,
      [alert.id, resolvedAt, resolvedAt.toISOString(), alert.customerId],
    );
  }
  await client.query(
    `UPDATE notifications SET created = CASE WHEN type = 'alertRaised' THEN $2::timestamptz ELSE $3::timestamptz END
      WHERE payload->>'alertId' = $1`,
    [alert.id, alert.raisedAt, resolvedAt ?? alert.raisedAt],
  );
}

/** Expected deliveries with the deadlines they have seen (ten at most), and the missing-file alerts those raised. */
async function seedExpectedDeliveries(
  client: PoolClient,
  customer: SeededCustomer,
  admin: SeededUser,
  now: Date,
): Promise<StoredAlert[]> {
  const timeZone = MARKET_TIME_ZONES[customer.market];
  const lateAlerts: StoredAlert[] = [];
  for (const demo of DEMO_RULES) {
    const schedule = { deadline: demo.deadline, timeZone, days: demo.days, market: customer.market };
    const pattern = demo.pattern(customer.customerNumber);
    const judged = await judgeDeadlines(
      client,
      customer.id,
      { ...schedule, pattern, application: demo.application },
      demo.deadlines,
      now,
    );
    // Set up between the deadline before its first and its first: it has seen exactly these.
    const first = judged[0]!;
    const created = new Date((first.windowStartAt.getTime() + first.deadlineAt.getTime()) / 2);
    const ruleId = await insertRule(client, customer.id, admin.id, {
      name: demo.name,
      filenamePattern: pattern,
      application: demo.application,
      deadline: demo.deadline,
      timeZone,
      days: demo.days,
      minDocuments: null,
      enabled: true,
      nextDeadlineAt: nextDeadline(schedule, now),
    });
    await client.query('UPDATE expected_deliveries SET created = $2, modified = $2 WHERE id = $1', [
      ruleId,
      created,
    ]);
    await client.query(
      `INSERT INTO expected_delivery_deadlines (rule_id, deadline_at, outcome, file_id, arrived_at, late_minutes)
       SELECT $1, * FROM unnest($2::timestamptz[], $3::text[], $4::bigint[], $5::timestamptz[], $6::int[])`,
      [
        ruleId,
        judged.map((d) => d.deadlineAt),
        judged.map((d) => d.outcome),
        judged.map((d) => d.file?.fileId ?? null),
        judged.map((d) => d.file?.arrivedAt ?? null),
        judged.map((d) => d.lateMinutes),
      ],
    );
    for (const deadline of judged.filter((d) => d.outcome !== 'onTime')) {
      const details: TMissingFileDetails = {
        ruleId,
        ruleName: demo.name,
        filenamePattern: pattern,
        application: demo.application,
        deadline: demo.deadline,
        deadlineAt: deadline.deadlineAt.toISOString(),
        windowStartAt: deadline.windowStartAt.toISOString(),
        timeZone,
        minDocuments: null,
      };
      const subjectKey = missingFileSubject(ruleId, deadline.deadlineAt);
      const raised = await raiseAlert(client, {
        customerId: customer.id,
        kind: 'missingFile',
        subjectKey,
        details,
        raisedAt: deadline.deadlineAt,
      });
      if (!raised) continue;
      // Late: resolved when the file came; missing: when the next deadline was checked; else open.
      const resolution =
        deadline.outcome === 'late'
          ? { reason: 'arrivedLate', lateMinutes: deadline.lateMinutes, fileId: deadline.file!.fileId }
          : deadline.nextAt && { reason: 'nextDeadline', nextDeadlineAt: deadline.nextAt.toISOString() };
      const resolvedAt = deadline.outcome === 'late' ? deadline.file!.arrivedAt : deadline.nextAt;
      if (resolution) await resolveAlert(client, { customerId: customer.id, subjectKey, resolution });
      await backdateAlert(client, raised, resolution ? resolvedAt : undefined);
      if (deadline.outcome === 'late') lateAlerts.push({ ...raised, resolvedAt: resolvedAt ?? null });
    }
  }
  return lateAlerts;
}

/**
 * A threshold rule the administrator added next to the defaults, watching rejections on the
 * account's most rejecting channel over a week, and its open alert: measured on the seeded
 * documents as the evaluation measures them, with the limit set below what was measured.
 * Answers the alert, or undefined when the seeded documents show too few rejections to exceed any
 * limit (then the rule is there without an alert).
 */
async function seedThresholdAlert(client: PoolClient, customer: SeededCustomer, now: Date) {
  // A week: the e-invoice channels carry few of the account's documents, so a day says little.
  const windowMinutes = 7 * 24 * 60;
  // The last pass of the evaluation found it (it runs every minute; it has been open a while).
  const raisedAt = new Date(now.getTime() - 47 * MINUTE);
  const statuses = [...COUNTED_STATUSES.documentsRejected];
  // Documents per channel within the window ending `at`, counted as the evaluation counts them.
  const measure = async (at: Date) => {
    const window = windowOf({ kind: 'documentsRejected', window_minutes: windowMinutes }, at);
    const { rows } = await client.query<{ channel: DeliveryChannel; matching: number; total: number }>(
      `SELECT channel, count(*) FILTER (WHERE status = ANY($4::text[]))::int AS matching, count(*)::int AS total
         FROM tracking_documents, unnest(channels) AS channel
        WHERE customer_id = $1 AND created_at > $2 AND created_at <= $3
        GROUP BY channel ORDER BY matching DESC, channel`,
      [customer.id, window.from, window.to, statuses],
    );
    return { window, rows };
  };
  const { window, rows } = await measure(raisedAt);
  const busiest = rows[0];
  // Below what the first pass after the seed measures too, so a running Hub keeps it open.
  const later = (await measure(now)).rows.find((row) => row.channel === busiest?.channel);
  const least = Math.min(busiest?.matching ?? 0, later?.matching ?? 0);
  const threshold = Math.max(1, Math.floor(least / 2));
  const rule = {
    kind: 'documentsRejected' as const,
    channel: busiest?.channel ?? 'print',
    measure: 'count' as const,
    threshold,
    windowMinutes,
    minDocuments: 20,
    enabled: true,
  };
  const ruleId = await insertThresholdRule(client, customer.id, rule);
  if (!busiest || !exceedsThreshold(rule, busiest)) return undefined;
  const details: TThresholdDetails = {
    ruleId,
    channel: rule.channel,
    measure: rule.measure,
    threshold,
    windowMinutes,
    minDocuments: rule.minDocuments,
    measured: measuredValue(rule.measure, busiest),
    matching: busiest.matching,
    total: busiest.total,
    statuses,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  };
  const raised = await raiseAlert(client, {
    customerId: customer.id,
    kind: 'documentsRejected',
    subjectKey: ruleSubjectKey(ruleId),
    details,
    raisedAt,
  });
  if (raised) await backdateAlert(client, raised, undefined);
  return raised;
}

/**
 * Expected deliveries, their missing-file alerts and an open threshold alert of the account, one
 * alert acknowledged with a comment by its administrator. The events written here are marked fanned
 * out by seedDemoWebhooks, which runs next.
 */
export async function seedDemoAlerts(
  client: PoolClient,
  customer: SeededCustomer,
  admin: SeededUser,
  now: Date,
): Promise<void> {
  const lateAlerts = await seedExpectedDeliveries(client, customer, admin, now);
  const threshold = await seedThresholdAlert(client, customer, now);
  // Someone looked into the file that came latest while it was still missing (an alert is
  // acknowledged while open); with no late file in the history, into the open threshold alert.
  const late = lateAlerts.reduce<StoredAlert | undefined>(
    (longest, alert) => (longest && lateness(longest) >= lateness(alert) ? longest : alert),
    undefined,
  );
  const looked = late
    ? {
        alert: late,
        comment:
          'The billing run stopped after a server update; operations restarted it and the file is on its way.',
      }
    : threshold && {
        alert: threshold,
        comment: 'Checking the rejected addresses with the channel provider.',
      };
  if (looked) {
    await acknowledge(client, looked.alert.id, admin.id, looked.comment);
    // A quarter of an hour after it was raised, or halfway to the file if that came sooner.
    const raised = looked.alert.raisedAt.getTime();
    const until = looked.alert.resolvedAt?.getTime() ?? now.getTime();
    const at = new Date(Math.min(raised + 15 * MINUTE, (raised + until) / 2));
    await client.query('UPDATE alerts SET acknowledged_at = $2 WHERE id = $1', [looked.alert.id, at]);
  }
  await client.query(
    `UPDATE notifications SET read_at = created
      WHERE read_at IS NULL AND type IN ('alertRaised', 'alertResolved') AND payload->>'customerId' = $1`,
    [String(customer.id)],
  );
}
