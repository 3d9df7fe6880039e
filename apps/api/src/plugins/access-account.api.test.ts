import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PermissionPrefix } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf } from '../modules/auth/request-context.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

/** Account-scoped test routes, one per rule, declared the way feature routes declare them. */
function addAccountRoutes(app: FastifyInstance) {
  const rules: (PermissionPrefix | undefined)[] = [undefined, 'STT', 'ETS', 'SUP', 'EC', 'WOD'];
  for (const requires of rules) {
    app.get(
      `/api/test/account/${requires ?? 'any'}`,
      {
        config: { access: { account: requires ? { requires } : {} } },
        // One of them documented, to see what the OpenAPI document says about such routes.
        schema: {
          hide: requires !== 'STT',
          querystring: z.object({ page: z.coerce.number().int().optional() }),
        },
      },
      async (request) => {
        const account = accountOf(request);
        return { id: account.id, customerNumber: account.customerNumber, market: account.market };
      },
    );
  }
}

describe('[ACCESS] the active account: one hook checks activeAccountId for every account-scoped route', () => {
  let ctx: TestContext;
  let token: string;
  let gota: number;
  let malardalen: number;
  let foreign: number;
  beforeAll(async () => {
    ctx = await createTestApp({ configure: addAccountRoutes });
    token = await ctx.tokenFor('user@example.com');
    gota = await ctx.customerId('Göta Bostäder AB');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    foreign = await ctx.customerId('Bergen Boligbyggelag AS');
  });
  afterAll(() => ctx.close());

  const call = (rule: string, query: string, bearer: string | null = token) =>
    ctx.app.inject({
      url: `/api/test/account/${rule}${query}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  // user@example.com: Göta with STT, ETS, SUP and EC; Mälardalen with STT only; Bergen not at all.
  it.each([
    ['any', 'gota', 200],
    ['any', 'malardalen', 200],
    ['STT', 'gota', 200],
    ['STT', 'malardalen', 200],
    ['ETS', 'gota', 200],
    ['ETS', 'malardalen', 403],
    ['SUP', 'gota', 200],
    ['SUP', 'malardalen', 403],
    ['EC', 'gota', 200],
    ['EC', 'malardalen', 403],
    ['WOD', 'gota', 403],
    ['any', 'foreign', 403],
    ['STT', 'foreign', 403],
  ] as const)('%s on the %s account → %i', async (rule, which, status) => {
    const id = { gota, malardalen, foreign }[which];
    const response = await call(rule, `?activeAccountId=${id}`);
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json()).toMatchObject({ id });
    else expect(response.json()).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
  });

  it('hands the handler the checked account with its customer number and market', async () => {
    const response = await call('STT', `?activeAccountId=${gota}&page=2`);
    expect(response.json()).toEqual({ id: gota, customerNumber: expect.any(String), market: 'SE' });
  });

  it.each([
    ['missing', '', 'This field cannot be empty.'],
    ['not a number', '?activeAccountId=SE12', 'Invalid customerId: SE12 is not a valid number'],
    [
      'past the integer column',
      '?activeAccountId=2147483648',
      'Invalid customerId: 2147483648 is not a valid number',
    ],
    ['negative', '?activeAccountId=-1', 'Invalid customerId: -1 is not a valid number'],
  ])('refuses a %s activeAccountId with 400 and the spec’s message', async (_, query, message) => {
    const response = await call('STT', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({ field: 'query.activeAccountId', message }),
    );
  });

  it('asks for sign-in before looking at the account', async () => {
    expect((await call('STT', `?activeAccountId=${gota}`, null)).statusCode).toBe(401);
  });

  it('documents the parameter and the rule on every account-scoped route', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/test/account/STT'].get;
    expect(operation['x-access']).toEqual({ signedIn: true, account: { requires: 'STT' } });
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'activeAccountId', required: true }),
    );
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'page' }));
  });
});
