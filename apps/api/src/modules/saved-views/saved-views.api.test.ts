import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSavedView } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[VIEWS] saved views and column choices, on the server', () => {
  let ctx: TestContext;
  let user: string;
  let colleague: string;
  let malardalen: number;
  let gota: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await ctx.tokenFor('user@example.com');
    // admin@example.com holds Mälardalens Vatten AB too: a colleague there.
    colleague = await ctx.tokenFor('admin@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | null,
    body?: object,
    account = malardalen,
  ) =>
    ctx.app.inject({
      method,
      url: `${path}${path.includes('?') ? '&' : '?'}activeAccountId=${account}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
  const views = async (token: string, account = malardalen) => {
    const response = await call('GET', '/api/saved-views?list=tracking.files', token, undefined, account);
    expect(response.statusCode).toBe(200);
    return response.json<TSavedView[]>();
  };

  it('shares a view with colleagues of the account, read-only for them; keeps private ones private', async () => {
    const shared = await call('POST', '/api/saved-views', user, {
      list: 'tracking.files',
      name: 'Rejected this month',
      query:
        'status=Rejected&dateOperator=from&fromDate=2026-11-01&sortBy=arrivedAt&sortDirection=desc&pageSize=50',
      shared: true,
    });
    expect(shared.statusCode).toBe(201);
    const view = shared.json<TSavedView>();
    expect(view).toMatchObject({
      name: 'Rejected this month',
      shared: true,
      isOwn: true,
      ownerName: 'Ulla Sand',
    });
    const mine = await call('POST', '/api/saved-views', user, {
      list: 'tracking.files',
      name: 'Mine only',
      query: 'filename=invoices',
    });
    expect(mine.statusCode).toBe(201);

    const seen = await views(colleague);
    expect(seen.map((v) => [v.name, v.isOwn])).toEqual([['Rejected this month', false]]);
    expect((await views(user)).map((v) => v.name)).toEqual(['Mine only', 'Rejected this month']);
    // Not in another account, not in another list.
    expect(await views(user, gota)).toEqual([]);
    const documents = await call('GET', '/api/saved-views?list=tracking.documents', user);
    expect(documents.json()).toEqual([]);

    const change = await call('PUT', `/api/saved-views/${view.id}`, colleague, {
      name: 'Taken over',
      query: 'status=Delivered',
    });
    expect(change.statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-views/${view.id}`, colleague)).statusCode).toBe(404);

    const unshare = await call('PUT', `/api/saved-views/${view.id}`, user, {
      name: 'Rejected this month',
      query: 'status=Rejected',
      shared: false,
    });
    expect(unshare.json()).toMatchObject({ shared: false, query: 'status=Rejected' });
    expect(await views(colleague)).toEqual([]);
    expect((await call('DELETE', `/api/saved-views/${view.id}`, user)).statusCode).toBe(204);
    expect((await views(user)).map((v) => v.name)).toEqual(['Mine only']);
  });

  it('refuses a name the user already has, and queries the list would not accept', async () => {
    const twice = await call('POST', '/api/saved-views', user, {
      list: 'tracking.files',
      name: 'MINE ONLY',
      query: '',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      errorCode: 'CONFLICT',
      errors: [expect.objectContaining({ field: 'body.name' })],
    });
    for (const query of [
      'status=Lost',
      'activeAccountId=1',
      'page=2',
      'dateOperator=between&fromDate=2026-11-10',
      'status=Rejected&status=Delivered',
    ]) {
      const response = await call('POST', '/api/saved-views', user, {
        list: 'tracking.files',
        name: query,
        query,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'body.query' })]);
    }
    const empty = await call('POST', '/api/saved-views', user, {
      list: 'tracking.files',
      name: '  ',
      query: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it("needs the list's service on the account, the account itself, and a signed-in user", async () => {
    expect((await call('GET', '/api/saved-views?list=tracking.files', null)).statusCode).toBe(401);
    const bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    expect(
      (await call('GET', '/api/saved-views?list=tracking.files', user, undefined, bergen)).statusCode,
    ).toBe(403);
    await ctx.db.$client.query(
      `DELETE FROM customer_user_permissions cup USING permissions p
        WHERE p.id = cup.permission_id AND p.prefix = 'STT' AND cup.customer_id = $1 AND cup.user_id = $2`,
      [gota, await ctx.userId('user@example.com')],
    );
    await ctx.cachesHeard();
    expect(
      (await call('GET', '/api/saved-views?list=tracking.files', user, undefined, gota)).statusCode,
    ).toBe(403);
  });

  it('remembers each user’s columns of a list', async () => {
    const get = (token: string) =>
      ctx.app.inject({
        url: '/api/list-columns/tracking.files',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(user)).json()).toEqual({ columns: null });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/list-columns/tracking.files',
      headers: { authorization: `Bearer ${user}` },
      payload: { columns: ['filename', 'status', 'receiverName'] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get(user)).json()).toEqual({ columns: ['filename', 'status', 'receiverName'] });
    expect((await get(colleague)).json()).toEqual({ columns: null });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/list-columns/tracking.files',
      headers: { authorization: `Bearer ${user}` },
      payload: { columns: ['<script>'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          url: '/api/list-columns/nothing',
          headers: { authorization: `Bearer ${user}` },
        })
      ).statusCode,
    ).toBe(400);
  });
});
