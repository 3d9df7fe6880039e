import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TExpectedDelivery } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { wallClock } from '../../lib/business-days.ts';
import { evaluateExpectedDeliveries } from './evaluate-expected-deliveries.ts';

const MINUTE = 60_000;

describe('[ALERTS] evaluating expected deliveries: on time, missing, late, and the alerts they raise', () => {
  let ctx: TestContext;
  let admin: string;
  let malardalen: number;
  /** A deadline an hour ago, on the minute: every rule of a test is made due at it. */
  let deadline: Date;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.tokenFor('admin@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    deadline = new Date(Math.floor((Date.now() - 60 * MINUTE) / MINUTE) * MINUTE);
  });

  /** Creates a rule through the API, then makes `deadline` its due deadline, as time passing would. */
  async function ruleDue(body: Record<string, unknown>): Promise<TExpectedDelivery> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/expected-deliveries?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'Daily invoices', deadline: '06:00', days: 'everyDay', ...body },
    });
    expect(response.statusCode).toBe(201);
    const rule = response.json<TExpectedDelivery>();
    await ctx.db.$client.query('UPDATE expected_deliveries SET next_deadline_at = $2 WHERE id = $1', [
      rule.id,
      deadline,
    ]);
    return rule;
  }

  async function fileArrives(
    filename: string,
    arrivedAt: Date,
    extra: { application?: string; documents?: number } = {},
  ): Promise<number> {
    const { rows } = await ctx.db.$client.query<{ id: string }>(
      `INSERT INTO tracking_files (customer_id, filename, status, arrived_at, document_count, application)
       VALUES ($1, $2, 'Delivered', $3, $4, $5) RETURNING id`,
      [malardalen, filename, arrivedAt, extra.documents ?? 1, extra.application ?? null],
    );
    return Number(rows[0]!.id);
  }

  const deadlinesOf = async (ruleId: string) =>
    (
      await ctx.db.$client.query<{
        deadline_at: Date;
        outcome: string;
        file_id: string | null;
        late_minutes: number | null;
      }>(
        'SELECT deadline_at, outcome, file_id, late_minutes FROM expected_delivery_deadlines WHERE rule_id = $1 ORDER BY deadline_at',
        [ruleId],
      )
    ).rows.map((row) => ({ ...row, file_id: row.file_id === null ? null : Number(row.file_id) }));

  const alertsOf = async (ruleId: string) =>
    (
      await ctx.db.$client.query<{
        id: string;
        status: string;
        details: Record<string, unknown>;
        resolution: Record<string, unknown> | null;
      }>(
        `SELECT id, status, details, resolution FROM alerts WHERE kind = 'missingFile' AND details->>'ruleId' = $1 ORDER BY raised_at`,
        [ruleId],
      )
    ).rows;

  const nextDeadlineOf = async (ruleId: string) =>
    (
      await ctx.db.$client.query<{ next_deadline_at: Date }>(
        'SELECT next_deadline_at FROM expected_deliveries WHERE id = $1',
        [ruleId],
      )
    ).rows[0]!.next_deadline_at;

  it('records a matching file that arrived by the deadline as on time, raises nothing, and moves on to the next deadline', async () => {
    const rule = await ruleDue({ filenamePattern: 'INV_*.xml' });
    // Case-insensitive, whole name: `_` is a literal underscore, not "any character".
    await fileArrives('INVX20261126.xml', new Date(deadline.getTime() - 30 * MINUTE));
    await fileArrives('INV_20261126.xml.bak', new Date(deadline.getTime() - 25 * MINUTE));
    const fileId = await fileArrives('inv_20261126.XML', new Date(deadline.getTime() - 20 * MINUTE));

    await evaluateExpectedDeliveries(ctx.db.$client);

    expect(await deadlinesOf(rule.id)).toEqual([
      { deadline_at: deadline, outcome: 'onTime', file_id: fileId, late_minutes: null },
    ]);
    expect(await alertsOf(rule.id)).toEqual([]);
    // Moved on to the rule's next 06:00 in Stockholm (the account's zone).
    const next = await nextDeadlineOf(rule.id);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(wallClock(next, 'Europe/Stockholm').minutes).toBe(6 * 60);
  });

  it('matches Nordic letters in any case, as the rule form promises', async () => {
    const rule = await ruleDue({ filenamePattern: 'KÖRNING_Å*.xml' });
    const fileId = await fileArrives('körning_åland_1.XML', new Date(deadline.getTime() - 10 * MINUTE));

    await evaluateExpectedDeliveries(ctx.db.$client);

    expect(await deadlinesOf(rule.id)).toEqual([
      { deadline_at: deadline, outcome: 'onTime', file_id: fileId, late_minutes: null },
    ]);
  });

  it('raises a missing-file alert with its event and bell notifications, then resolves it when the file arrives late', async () => {
    const rule = await ruleDue({ filenamePattern: 'LATE_*.csv' });
    // Arrived before the previous deadline (a day earlier): that file was yesterday's.
    await fileArrives('LATE_yesterday.csv', new Date(deadline.getTime() - 25 * 60 * MINUTE));

    const first = await evaluateExpectedDeliveries(ctx.db.$client);
    expect(first.missing).toBeGreaterThanOrEqual(1);
    expect((await deadlinesOf(rule.id)).map((d) => d.outcome)).toEqual(['missing']);
    const [alert] = await alertsOf(rule.id);
    expect(alert).toMatchObject({
      status: 'open',
      details: {
        ruleId: rule.id,
        ruleName: 'Daily invoices',
        filenamePattern: 'LATE_*.csv',
        deadline: '06:00',
        deadlineAt: deadline.toISOString(),
        timeZone: 'Europe/Stockholm',
        application: null,
        minDocuments: null,
      },
    });
    const events = await ctx.db.$client.query<{ type: string; customer_id: number }>(
      `SELECT type, customer_id FROM hub_events WHERE data->>'alertId' = $1 ORDER BY id`,
      [alert!.id],
    );
    expect(events.rows).toEqual([{ type: 'alert.raised', customer_id: malardalen }]);
    const bell = await ctx.db.$client.query<{ email: string }>(
      `SELECT u.email FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.type = 'alertRaised' AND n.payload->>'alertId' = $1`,
      [alert!.id],
    );
    expect(bell.rows.map((row) => row.email)).toContain('admin@example.com');

    // A second pass changes nothing: the deadline was evaluated once.
    await evaluateExpectedDeliveries(ctx.db.$client);
    expect(await alertsOf(rule.id)).toHaveLength(1);

    const fileId = await fileArrives(
      'late_20261126.CSV',
      new Date(deadline.getTime() + 42 * MINUTE + 10_000),
    );
    const second = await evaluateExpectedDeliveries(ctx.db.$client);
    expect(second.late).toBeGreaterThanOrEqual(1);
    expect(await deadlinesOf(rule.id)).toEqual([
      { deadline_at: deadline, outcome: 'late', file_id: fileId, late_minutes: 43 },
    ]);
    const [resolved] = await alertsOf(rule.id);
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolution: { reason: 'arrivedLate', lateMinutes: 43, fileId },
    });
    const after = await ctx.db.$client.query<{ type: string }>(
      `SELECT type FROM hub_events WHERE data->>'alertId' = $1 ORDER BY id`,
      [alert!.id],
    );
    expect(after.rows.map((row) => row.type)).toEqual(['alert.raised', 'alert.resolved']);
  });

  it('counts a file made before the deadline but ingested after the check as on time, and closes the alert so', async () => {
    const rule = await ruleDue({ filenamePattern: 'LAG_*.xml' });
    await evaluateExpectedDeliveries(ctx.db.$client);
    const [alert] = await alertsOf(rule.id);
    expect(alert?.status).toBe('open');

    // The producer made it 2 minutes before the deadline; its batch reached the Hub after the check.
    const fileId = await fileArrives('LAG_20261126.xml', new Date(deadline.getTime() - 2 * MINUTE));
    await evaluateExpectedDeliveries(ctx.db.$client);

    expect(await deadlinesOf(rule.id)).toEqual([
      { deadline_at: deadline, outcome: 'onTime', file_id: fileId, late_minutes: null },
    ]);
    expect(await alertsOf(rule.id)).toMatchObject([
      { status: 'resolved', resolution: { reason: 'arrivedOnTime', fileId } },
    ]);
  });

  it('counts only a file with the minimum documents, from the application the rule names', async () => {
    const rule = await ruleDue({ filenamePattern: 'BATCH-??.dat', application: 'Invoice', minDocuments: 50 });
    const before = (minutes: number) => new Date(deadline.getTime() - minutes * MINUTE);
    await fileArrives('BATCH-01.dat', before(50), { application: 'Invoice', documents: 49 });
    await fileArrives('BATCH-02.dat', before(40), { application: 'Reminder', documents: 500 });
    await fileArrives('BATCH-003.dat', before(30), { application: 'Invoice', documents: 500 });
    await evaluateExpectedDeliveries(ctx.db.$client);
    expect((await deadlinesOf(rule.id)).map((d) => d.outcome)).toEqual(['missing']);

    const other = await ruleDue({ filenamePattern: 'SLIP-??.dat', application: 'Invoice', minDocuments: 50 });
    const fileId = await fileArrives('SLIP-04.dat', before(20), { application: 'Invoice', documents: 50 });
    await evaluateExpectedDeliveries(ctx.db.$client);
    expect(await deadlinesOf(other.id)).toEqual([
      { deadline_at: deadline, outcome: 'onTime', file_id: fileId, late_minutes: null },
    ]);
  });

  it('keeps a deadline missing when nothing came before the next one, and closes its alert then', async () => {
    const rule = await ruleDue({ filenamePattern: 'NEVER_*.xml' });
    await evaluateExpectedDeliveries(ctx.db.$client);
    const [open] = await alertsOf(rule.id);
    expect(open?.status).toBe('open');

    // The next deadline (a day later in the rule) is made due now: 30 minutes after the first.
    const next = new Date(deadline.getTime() + 30 * MINUTE);
    await ctx.db.$client.query('UPDATE expected_deliveries SET next_deadline_at = $2 WHERE id = $1', [
      rule.id,
      next,
    ]);
    // This file arrives after the next deadline: it is late for that one, not for the first.
    await fileArrives('NEVER_again.xml', new Date(next.getTime() + 5 * MINUTE));
    // The pass evaluates the next deadline (missing: the file came after it); the following
    // minute's pass finds the file for it, late.
    await evaluateExpectedDeliveries(ctx.db.$client);
    await evaluateExpectedDeliveries(ctx.db.$client);

    const deadlines = await deadlinesOf(rule.id);
    expect(deadlines.map((d) => [d.deadline_at.toISOString(), d.outcome])).toEqual([
      [deadline.toISOString(), 'missing'],
      [next.toISOString(), 'late'],
    ]);
    const alerts = await alertsOf(rule.id);
    expect(alerts.map((a) => [a.status, a.resolution?.reason ?? null])).toEqual([
      ['resolved', 'nextDeadline'],
      ['resolved', 'arrivedLate'],
    ]);
  });

  it('records a missing file without an alert when the account switched missing-file alerts off', async () => {
    await ctx.db.$client.query(
      `INSERT INTO alert_checks (customer_id, kind, enabled) VALUES ($1, 'missingFile', false)`,
      [malardalen],
    );
    try {
      const rule = await ruleDue({ filenamePattern: 'QUIET_*.xml' });
      await evaluateExpectedDeliveries(ctx.db.$client);
      expect((await deadlinesOf(rule.id)).map((d) => d.outcome)).toEqual(['missing']);
      expect(await alertsOf(rule.id)).toEqual([]);
    } finally {
      await ctx.db.$client.query(`DELETE FROM alert_checks WHERE customer_id = $1 AND kind = 'missingFile'`, [
        malardalen,
      ]);
    }
  });

  it('raises one alert when two evaluators run at once', async () => {
    const rules = await Promise.all(
      ['A', 'B', 'C', 'D'].map((letter) =>
        ruleDue({ name: `Twice ${letter}`, filenamePattern: `TWICE_${letter}*` }),
      ),
    );
    const results = await Promise.all([
      evaluateExpectedDeliveries(ctx.db.$client),
      evaluateExpectedDeliveries(ctx.db.$client),
    ]);
    // Each rule was evaluated by one of them.
    expect(results[0].evaluated + results[1].evaluated).toBe(rules.length);
    for (const rule of rules) {
      expect(await deadlinesOf(rule.id)).toHaveLength(1);
      expect(await alertsOf(rule.id)).toHaveLength(1);
    }
  });

  it('resolves the open alert when the rule is switched off or deleted', async () => {
    const rule = await ruleDue({ filenamePattern: 'OFF_*.xml' });
    await evaluateExpectedDeliveries(ctx.db.$client);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/expected-deliveries/${rule.id}?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        name: rule.name,
        filenamePattern: 'OFF_*.xml',
        deadline: '06:00',
        days: 'everyDay',
        enabled: false,
      },
    });
    expect(off.statusCode).toBe(200);
    expect((await alertsOf(rule.id)).map((a) => [a.status, a.resolution?.reason])).toEqual([
      ['resolved', 'ruleDisabled'],
    ]);
  });
});
