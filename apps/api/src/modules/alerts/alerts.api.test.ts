import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertKind, TAlert, TListAlertsResponse } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { inTransaction } from '../../lib/audit.ts';
import { raiseAlert, resolveAlert } from './alerts.repository.ts';

describe('[ALERTS] the alert page: who sees which alerts, filters, acknowledging', () => {
  let ctx: TestContext;
  let admin: string;
  let user: string;
  let malardalen: number;
  let gota: number;
  const ids: Partial<Record<string, string>> = {};

  const raise = (customerId: number, kind: AlertKind, subjectKey: string, raisedAt: string) =>
    inTransaction(ctx.db.$client, (client) =>
      raiseAlert(client, {
        customerId,
        kind,
        subjectKey,
        details: { note: subjectKey },
        raisedAt: new Date(raisedAt),
      }),
    ).then((alert) => alert!.id);

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, user] = await Promise.all([ctx.tokenFor('admin@example.com'), ctx.tokenFor('user@example.com')]);
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    ids.missing = await raise(malardalen, 'missingFile', 'test:missing', '2026-11-20T05:01:00Z');
    ids.rejected = await raise(malardalen, 'documentsRejected', 'test:rejected', '2026-11-21T08:00:00Z');
    ids.edi = await raise(malardalen, 'ediMessageFailed', 'test:edi', '2026-11-22T09:00:00Z');
    ids.report = await raise(malardalen, 'reportFailed', 'test:report', '2026-11-23T10:00:00Z');
    ids.gota = await raise(gota, 'missingFile', 'test:gota', '2026-11-24T05:01:00Z');
    await inTransaction(ctx.db.$client, (client) =>
      resolveAlert(client, {
        customerId: malardalen,
        subjectKey: 'test:report',
        resolution: { reason: 'test' },
      }),
    );
  });
  afterAll(() => ctx.close());

  const get = (query: string, token: string | null, account = malardalen) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/alerts?activeAccountId=${account}${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const acknowledge = (id: string, body: unknown, token: string | null, account = malardalen) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/alerts/${id}/acknowledge?activeAccountId=${account}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
  const listed = async (query: string, token: string, account = malardalen) => {
    const response = await get(query, token, account);
    expect(response.statusCode).toBe(200);
    return response.json<TListAlertsResponse>();
  };

  it('refuses anonymous callers and accounts the caller does not hold', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await acknowledge(ids.missing!, { comment: 'x' }, null)).statusCode).toBe(401);
    // admin@example.com does not hold Göta.
    expect((await get('', admin, gota)).statusCode).toBe(403);
    expect((await acknowledge(ids.gota!, { comment: 'x' }, admin, gota)).statusCode).toBe(403);
    const count = await ctx.app.inject({
      method: 'GET',
      url: `/api/alerts/open-count?activeAccountId=${gota}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(count.statusCode).toBe(403);
  });

  it("answers another account's alert through the caller's own account as not found", async () => {
    expect((await acknowledge(ids.gota!, { comment: 'Looking into it' }, admin)).statusCode).toBe(404);
    const everything = await listed('&pageSize=100', admin);
    expect(everything.result.map((a) => a.id)).not.toContain(ids.gota);
  });

  it('shows EDI alerts only to users with ETS, track and trace alerts only to users with STT', async () => {
    // user@example.com holds Mälardalen with STT only.
    const own = await listed('', user);
    expect(own.result.map((a) => a.kind).sort()).toEqual([
      'documentsRejected',
      'missingFile',
      'reportFailed',
    ]);
    expect((await acknowledge(ids.edi!, { comment: 'Seen' }, user)).statusCode).toBe(404);
    const all = await listed('', admin);
    expect(all.result.map((a) => a.kind)).toContain('ediMessageFailed');

    const userId = await ctx.userId('user@example.com');
    const { rows: taken } = await ctx.db.$client.query<{ permission_id: number }>(
      `DELETE FROM customer_user_permissions cup USING permissions p
        WHERE p.id = cup.permission_id AND cup.user_id = $1 AND cup.customer_id = $2 AND p.prefix = 'STT'
        RETURNING cup.permission_id`,
      [userId, malardalen],
    );
    await ctx.cachesHeard();
    try {
      expect((await listed('', user)).result).toEqual([]);
      expect((await acknowledge(ids.missing!, { comment: 'Seen' }, user)).statusCode).toBe(404);
      const count = await ctx.app.inject({
        method: 'GET',
        url: `/api/alerts/open-count?activeAccountId=${malardalen}`,
        headers: { authorization: `Bearer ${user}` },
      });
      expect(count.json()).toEqual({ open: 0 });
    } finally {
      await ctx.db.$client.query(
        `INSERT INTO customer_user_permissions (user_id, customer_id, permission_id) SELECT $1, $2, unnest($3::int[])`,
        [userId, malardalen, taken.map((row) => row.permission_id)],
      );
      await ctx.cachesHeard();
    }
  });

  it('lists newest first and filters by status, kind and day, with paging', async () => {
    const all = await listed('', admin);
    expect(all.result.map((a) => a.id)).toEqual([ids.report, ids.edi, ids.rejected, ids.missing]);
    expect(all.totalCount).toBe(4);
    expect((await listed('&status=resolved', admin)).result.map((a) => a.id)).toEqual([ids.report]);
    expect(
      (await listed('&status=open&kind=missingFile,ediMessageFailed', admin)).result.map((a) => a.id),
    ).toEqual([ids.edi, ids.missing]);
    expect((await listed('&fromDate=2026-11-21&toDate=2026-11-22', admin)).result.map((a) => a.id)).toEqual([
      ids.edi,
      ids.rejected,
    ]);
    const page = await listed('&pageSize=25&page=2', admin);
    expect(page).toEqual({ totalCount: 4, result: [] });
    const count = await ctx.app.inject({
      method: 'GET',
      url: `/api/alerts/open-count?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(count.json()).toEqual({ open: 3 });
  });

  it.each([
    ['an unknown kind', '&kind=fire'],
    ['an unknown status', '&status=closed'],
    ['an impossible day', '&fromDate=2026-02-30'],
    ['page 0', '&page=0'],
    ['a huge page', '&page=99999999999999999999'],
    ['a page size not offered', '&pageSize=7'],
    ['U+0000', '&kind=missingFile%00'],
  ])('refuses a list query with %s', async (_case, query) => {
    const response = await get(query, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });

  it.each([
    ['no comment', {}],
    ['an empty comment', { comment: '   ' }],
    ['U+0000', { comment: 'On it\u0000' }],
    ['a lone surrogate', { comment: 'On it \uDC00' }],
    ['a huge comment', { comment: 'x'.repeat(1001) }],
    ['an unknown field', { comment: 'On it', resolve: true }],
  ])('refuses an acknowledgement with %s', async (_case, body) => {
    const response = await acknowledge(ids.rejected!, body, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });

  it('acknowledges an open alert once, with who and when, keeps it open, and audits it', async () => {
    expect(
      (await acknowledge('0b6f3a4e-5d7c-4e2b-9a1f-3c8d2e7f6a5b', { comment: 'x' }, admin)).statusCode,
    ).toBe(404);
    const response = await acknowledge(
      ids.missing!,
      { comment: '  Called the sender, file comes at 09:00  ' },
      user,
    );
    expect(response.statusCode).toBe(200);
    const alert = response.json<TAlert>();
    expect(alert).toMatchObject({
      id: ids.missing,
      status: 'open',
      acknowledgement: { byName: 'Ulla Sand', comment: 'Called the sender, file comes at 09:00' },
    });
    expect(Date.now() - Date.parse(alert.acknowledgement!.at)).toBeLessThan(60_000);
    const again = await acknowledge(ids.missing!, { comment: 'Me too' }, admin);
    expect(again.statusCode).toBe(409);
    // A resolved alert needs no acknowledgement.
    expect((await acknowledge(ids.report!, { comment: 'Late' }, admin)).statusCode).toBe(409);

    const seen = (await listed('&kind=missingFile', admin)).result[0];
    expect(seen?.acknowledgement?.comment).toBe('Called the sender, file comes at 09:00');
    const { rows } = await ctx.db.$client.query<{ customer_id: number; actor_email: string; after: unknown }>(
      `SELECT customer_id, actor_email, after FROM audit_log WHERE action = 'alert.acknowledged' AND entity_id = $1`,
      [ids.missing],
    );
    expect(rows).toEqual([
      {
        customer_id: malardalen,
        actor_email: 'user@example.com',
        after: { comment: 'Called the sender, file comes at 09:00' },
      },
    ]);
  });
});
