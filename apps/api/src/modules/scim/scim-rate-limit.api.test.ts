import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { scimClient, scimTokenFor, type ScimClient } from './scim-test-support.ts';

/** Each SCIM token has a request budget of its own (RATE_LIMIT_SCIM per minute), told in every answer. */
describe('[SCIM] rate limit per token', () => {
  let ctx: TestContext;
  let scim: ScimClient;
  let other: ScimClient;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_SCIM: '3' } });
    const admin = await ctx.tokenFor('admin@example.com');
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const first = await scimTokenFor(ctx, admin, malardalen);
    const second = await scimTokenFor(ctx, admin, malardalen);
    scim = scimClient(ctx, () => first);
    other = scimClient(ctx, () => second);
  });
  afterAll(() => ctx.close());

  it('tells the budget, refuses past it with 429 in the SCIM shape and Retry-After, and counts per token', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await scim('GET', '/Users'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
    const refused = answers[3]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '429',
    });
    expect((await other('GET', '/Users')).statusCode).toBe(200);
  });
});
