import type { TAlertPreferences, TListNotificationsResponse } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { raiseAlert, resolveAlert } from '../alerts/alerts.repository.ts';
import { inTransaction } from '../../lib/audit.ts';
import { claimReport, markFailed, markReady } from '../reports/reports.repository.ts';
import { sendDueDigests } from './alert-digest.ts';

describe('[ALERTS] where alerts go: the bell, e-mail at once, the daily digest', () => {
  let ctx: TestContext;
  let malardalen: { id: number; number: string };
  let gota: number;
  let tokens: Record<'admin' | 'user' | 'sfadmin', string>;
  let ediKey: string;

  const as = (
    who: keyof typeof tokens,
    method: 'GET' | 'PUT',
    path: string,
    account: number,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url: `/api${path}?activeAccountId=${account}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const bell = async (who: keyof typeof tokens) =>
    (await as(who, 'GET', '/notifications', malardalen.id)).json<TListNotificationsResponse>().notifications;
  // Alert notifications about the accounts these tests raise alerts on: admin@'s bell also holds
  // the demo seed's history of another of their accounts (Norrlandskraft).
  const alertNotes = async (who: keyof typeof tokens) =>
    (await bell(who)).filter(
      (n) =>
        (n.type === 'alertRaised' || n.type === 'alertResolved') &&
        (n.payload.customerId === malardalen.id || n.payload.customerId === gota),
    );
  const raise = (customerId: number, kind: 'documentsRejected' | 'ediMessageFailed', subjectKey: string) =>
    inTransaction(ctx.db.$client, (client) =>
      raiseAlert(client, {
        customerId,
        kind,
        subjectKey,
        details: {
          measure: 'count',
          threshold: 10,
          matching: 12,
          windowMinutes: 60,
          channel: 'kivra',
          measured: 12,
        },
      }),
    );
  const resolve = (customerId: number, subjectKey: string) =>
    inTransaction(ctx.db.$client, (client) =>
      resolveAlert(client, { customerId, subjectKey, resolution: { reason: 'test' } }),
    );
  const outboxTo = async (email: string) => {
    const { rows } = await ctx.db.$client.query<{ subject: string; text: string }>(
      'SELECT subject, text FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
      [email],
    );
    return rows;
  };
  const ingest = async (records: unknown[]) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/tracking',
      headers: { 'x-api-key': ediKey },
      payload: { records },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ accepted: number }>();
  };

  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: 'https://hub.example.test' } });
    const id = await ctx.customerId('Mälardalens Vatten AB');
    const { rows } = await ctx.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [id],
    );
    malardalen = { id, number: rows[0]!.customer_number };
    gota = await ctx.customerId('Göta Bostäder AB');
    tokens = {
      admin: await ctx.tokenFor('admin@example.com'),
      user: await ctx.tokenFor('user@example.com'),
      sfadmin: await ctx.tokenFor('sfadmin@example.com'),
    };
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/api-keys',
      headers: { authorization: `Bearer ${tokens.sfadmin}` },
      payload: { name: 'Alerts EDI', customerIds: [malardalen.id] },
    });
    ediKey = key.json<{ key: string }>().key;
  });
  afterAll(() => ctx.close());

  describe('preferences of the signed-in user', () => {
    it('answers the defaults, then what the user chose, per account', async () => {
      const initial = await as('user', 'GET', '/alert-preferences', malardalen.id);
      expect(initial.json<TAlertPreferences>()).toEqual({ inHub: true, email: 'off' });
      const saved = await as('user', 'PUT', '/alert-preferences', malardalen.id, {
        inHub: false,
        email: 'digest',
      });
      expect(saved.json<TAlertPreferences>()).toEqual({ inHub: false, email: 'digest' });
      expect((await as('user', 'GET', '/alert-preferences', malardalen.id)).json()).toEqual({
        inHub: false,
        email: 'digest',
      });
      // Another account of the same user keeps its own choice.
      expect((await as('user', 'GET', '/alert-preferences', gota)).json()).toEqual({
        inHub: true,
        email: 'off',
      });
      await as('user', 'PUT', '/alert-preferences', malardalen.id, { inHub: true, email: 'off' });
    });

    it("refuses accounts the user does not hold, another user's preferences and bad values", async () => {
      expect((await as('admin', 'GET', '/alert-preferences', gota)).statusCode).toBe(403);
      expect(
        (await as('admin', 'PUT', '/alert-preferences', gota, { inHub: true, email: 'off' })).statusCode,
      ).toBe(403);
      const userId = await ctx.userId('user@example.com');
      // There is no way to name someone else: a user id is an unknown field.
      const other = await as('admin', 'PUT', '/alert-preferences', malardalen.id, {
        inHub: false,
        email: 'off',
        userId,
      });
      expect(other.statusCode).toBe(400);
      expect((await as('user', 'GET', '/alert-preferences', malardalen.id)).json()).toEqual({
        inHub: true,
        email: 'off',
      });
      for (const payload of [
        { inHub: true, email: 'weekly' },
        { inHub: 'yes', email: 'off' },
        { inHub: true, email: 'dig\u0000est' },
        { inHub: true },
      ])
        expect((await as('admin', 'PUT', '/alert-preferences', malardalen.id, payload)).statusCode).toBe(400);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/alert-preferences?activeAccountId=${malardalen.id}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('routing', () => {
    it('rings the bell of the account users who hold the service, with in-Hub on, and nobody else', async () => {
      await as('admin', 'PUT', '/alert-preferences', malardalen.id, { inHub: false, email: 'off' });
      await raise(malardalen.id, 'documentsRejected', 'test:route-1');
      // user@ holds STT on Mälardalen: track-and-trace alerts reach them; admin@ switched the bell off.
      expect((await alertNotes('user')).map((n) => n.payload)).toContainEqual(
        expect.objectContaining({
          customerId: malardalen.id,
          kind: 'documentsRejected',
          customerName: 'Mälardalens Vatten AB',
        }),
      );
      expect(await alertNotes('admin')).toEqual([]);
      // An EDI alert needs ETS, which user@ lacks on Mälardalen.
      await as('admin', 'PUT', '/alert-preferences', malardalen.id, { inHub: true, email: 'off' });
      await raise(malardalen.id, 'ediMessageFailed', 'test:route-2');
      expect((await alertNotes('admin')).map((n) => n.payload.kind)).toEqual(['ediMessageFailed']);
      expect((await alertNotes('user')).map((n) => n.payload.kind)).not.toContain('ediMessageFailed');
    });

    it("never tells another account's users, and never a disabled user", async () => {
      const before = (await alertNotes('admin')).length;
      await raise(gota, 'documentsRejected', 'test:route-gota');
      // admin@ does not hold Göta.
      expect(await alertNotes('admin')).toHaveLength(before);
      const userBefore = (await alertNotes('user')).length;
      await ctx.db.$client.query("UPDATE users SET enabled = false WHERE email = 'user@example.com'");
      await raise(malardalen.id, 'documentsRejected', 'test:route-disabled');
      await ctx.db.$client.query("UPDATE users SET enabled = true WHERE email = 'user@example.com'");
      await ctx.cachesHeard();
      const { rows } = await ctx.db.$client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.email = 'user@example.com' AND n.type = 'alertRaised'`,
      );
      expect(rows[0]!.n).toBe(userBefore);
    });

    it("mails at once in the user's language, with a link to the account's alerts", async () => {
      await ctx.db.$client.query("UPDATE users SET language = 'fi' WHERE email = 'admin@example.com'");
      await as('admin', 'PUT', '/alert-preferences', malardalen.id, { inHub: true, email: 'immediate' });
      await raise(malardalen.id, 'documentsRejected', 'test:mail-1');
      const raised = (await outboxTo('admin@example.com')).at(-1)!;
      expect(raised.subject).toBe(
        'Hälytys asiakkaalle Mälardalens Vatten AB: hylättyjä dokumentteja yli rajan',
      );
      expect(raised.text).toContain('Hylätyt dokumentit 1 tunnin aikaikkunassa, Kivra: 12 dokumenttia.');
      expect(raised.text).toContain(`https://hub.example.test/alerts?activeAccountId=${malardalen.id}`);
      await resolve(malardalen.id, 'test:mail-1');
      expect((await outboxTo('admin@example.com')).at(-1)!.subject).toBe(
        'Ratkaistu asiakkaalle Mälardalens Vatten AB: hylättyjä dokumentteja yli rajan',
      );
      // Off again: nothing more by mail.
      await as('admin', 'PUT', '/alert-preferences', malardalen.id, { inHub: true, email: 'off' });
      const count = (await outboxTo('admin@example.com')).length;
      await raise(malardalen.id, 'documentsRejected', 'test:mail-2');
      expect(await outboxTo('admin@example.com')).toHaveLength(count);
      await ctx.db.$client.query("UPDATE users SET language = 'en-SE' WHERE email = 'admin@example.com'");
    });
  });

  describe('failures raised where they happen', () => {
    const consignment = {
      type: 'ediConsignment',
      eventId: 'ALERT-EDI-1-c',
      consignmentId: 'ALERT-EDI-1',
      direction: 'OUTBOUND',
      filename: 'ORDERS_ALERT.edi',
      receiver: { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, Hamburg' },
      receivedAt: '2026-11-25T08:00:00Z',
    };
    const message = {
      type: 'ediMessage',
      eventId: 'ALERT-EDI-1-m1',
      consignmentId: 'ALERT-EDI-1',
      messageId: 'ALERT-EDI-1-M1',
      category: 'order',
      messageType: 'ORDERS',
      direction: 'OUTBOUND',
    };
    const status = (value: string, minute: number) => ({
      type: 'ediStatusEvent',
      eventId: `ALERT-EDI-1-${value}-${minute}`,
      customerNumber: malardalen.number,
      consignmentId: 'ALERT-EDI-1',
      messageId: 'ALERT-EDI-1-M1',
      status: value,
      occurredAt: `2026-11-25T08:${String(minute).padStart(2, '0')}:00Z`,
      ...(value === 'ERROR' ? { reason: 'Unknown receiver' } : {}),
    });
    const ediAlerts = async () => {
      const { rows } = await ctx.db.$client.query<{ status: string; details: Record<string, unknown> }>(
        `SELECT status, details FROM alerts WHERE customer_id = $1 AND kind = 'ediMessageFailed' AND subject_key LIKE 'ediMessage:%'
          ORDER BY raised_at`,
        [malardalen.id],
      );
      return rows;
    };

    it('raises an EDI alert at ingestion and resolves it when the message recovers', async () => {
      const sender = {
        customerNumber: malardalen.number,
        name: 'Mälardalens Vatten AB',
        address: 'Storgatan 1',
      };
      await ingest([
        { ...consignment, customerNumber: malardalen.number, sender },
        { ...message, customerNumber: malardalen.number },
        status('ERROR', 5),
      ]);
      expect(await ediAlerts()).toEqual([
        {
          status: 'open',
          details: expect.objectContaining({
            messageId: 'ALERT-EDI-1-M1',
            consignmentId: 'ALERT-EDI-1',
            status: 'ERROR',
          }),
        },
      ]);
      await ingest([status('NOT_EXISTS', 6)]);
      expect(await ediAlerts()).toHaveLength(1);
      await ingest([status('DELIVERED', 9)]);
      expect((await ediAlerts()).map((a) => a.status)).toEqual(['resolved']);
    });

    it('raises no EDI alert while the account switched the check off', async () => {
      await as('admin', 'PUT', '/alert-checks', malardalen.id, { kind: 'ediMessageFailed', enabled: false });
      await ingest([status('ERROR', 20)]);
      expect((await ediAlerts()).map((a) => a.status)).toEqual(['resolved']);
      await as('admin', 'PUT', '/alert-checks', malardalen.id, { kind: 'ediMessageFailed', enabled: true });
    });

    it("raises a failed report's alert and resolves it when the schedule's next report is ready", async () => {
      const adminId = await ctx.userId('admin@example.com');
      const { rows: schedule } = await ctx.db.$client.query<{ id: string }>(
        `INSERT INTO report_schedules (customer_id, owner_user_id, level, frequency, language, next_run_at)
         VALUES ($1, $2, 'file', 'daily', 'en-SE', now() + interval '1 day') RETURNING id`,
        [malardalen.id, adminId],
      );
      const order = async (from: string) => {
        const { rows } = await ctx.db.$client.query<{ id: string }>(
          `INSERT INTO reports (customer_id, requested_by_user_id, schedule_id, level, type, from_date, to_date, language, status, expires_at)
           VALUES ($1, $2, $3, 'file', 'CSV', $4, $4, 'en-SE', 'queued', now() + interval '90 days') RETURNING id`,
          [malardalen.id, adminId, schedule[0]!.id, from],
        );
        return (await claimReport(ctx.db, rows[0]!.id))!;
      };
      const failed = await order('2026-11-23');
      await markFailed(ctx.db, failed, 'generationFailed');
      const reportAlerts = async () =>
        (
          await ctx.db.$client.query<{ status: string; details: Record<string, unknown> }>(
            `SELECT status, details FROM alerts WHERE customer_id = $1 AND kind = 'reportFailed'`,
            [malardalen.id],
          )
        ).rows;
      expect(await reportAlerts()).toEqual([
        {
          status: 'open',
          details: expect.objectContaining({ reportId: failed.id, failure: 'generationFailed' }),
        },
      ]);
      const next = await order('2026-11-24');
      await markReady(ctx.db, next, { storageKey: 'test/next.csv', sizeBytes: 10, rows: 1 });
      expect((await reportAlerts()).map((a) => a.status)).toEqual(['resolved']);
    });
  });

  describe('the daily digest', () => {
    // Tomorrow at 10:00 UTC is past 07:00 in Stockholm, summer or winter; 04:00 UTC is before it.
    const day = (offset: number, hour: number) => {
      const at = new Date();
      at.setUTCDate(at.getUTCDate() + offset);
      at.setUTCHours(hour, 0, 0, 0);
      return at;
    };
    const morning = day(1, 10);

    it('sends one digest at 07:00 in the market, even when two runs overlap, and none with nothing to say', async () => {
      await as('user', 'PUT', '/alert-preferences', malardalen.id, { inHub: true, email: 'digest' });
      // The digest covers what happened since it was chosen: everything these tests raised.
      await ctx.db.$client.query(
        `UPDATE alert_preferences SET digest_sent_at = now() - interval '1 hour'
          WHERE customer_id = $1 AND user_id = (SELECT id FROM users WHERE email = 'user@example.com')`,
        [malardalen.id],
      );
      const before = (await outboxTo('user@example.com')).length;
      // Before 07:00 local nothing is due.
      expect((await sendDueDigests(ctx.db, day(1, 4))).sent).toBe(0);
      const [first, second] = await Promise.all([
        sendDueDigests(ctx.db, morning),
        sendDueDigests(ctx.db, morning),
      ]);
      expect(first.sent + second.sent).toBe(1);
      const mails = await outboxTo('user@example.com');
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)!.subject).toMatch(/^Alerts for Mälardalens Vatten AB: \d+ raised, \d+ resolved$/);
      expect(mails.at(-1)!.text).toContain(
        'Rejected documents within a window of 1 hour, Kivra: 12 documents.',
      );
      // Never an EDI alert: user@ lacks ETS on Mälardalen.
      expect(mails.at(-1)!.text).not.toContain('EDI');
      // Again the same morning: already sent.
      expect((await sendDueDigests(ctx.db, morning)).sent).toBe(0);
      // The next morning nothing happened since: no mail.
      expect((await sendDueDigests(ctx.db, day(2, 10))).sent).toBe(0);
      expect(await outboxTo('user@example.com')).toHaveLength(before + 1);
    });
  });
});
