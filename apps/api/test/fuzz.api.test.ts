import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { changeCounts, changedTables, installChangeLog } from './security/change-log.ts';
import { fixtureValue, homeResources, pathFixture } from './security/fixtures.ts';
import { operationsOf, type Operation } from './security/operations.ts';
import {
  hostileValue,
  oddString,
  requestArbitrary,
  type GeneratedRequest,
} from './security/schema-arbitraries.ts';
import { scimTokenFor } from '../src/modules/scim/scim-test-support.ts';

/**
 * Every operation of the OpenAPI document, fed inputs generated from its own schema: wrong types,
 * edges, huge and odd strings, NUL and lone surrogates, repeated and unknown parameters, broken
 * bodies. Never a 5xx, never a stack trace or the input echoed in an error, never a changed row
 * after a refused request. FUZZ_RUNS (default 200) per operation; `npm run fuzz` runs more.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/**
 * Tables a refused request may change on purpose: failed sign-ins and wrong codes are counted,
 * and the rate limiter counts every request it sees.
 */
const COUNTED_ON_REFUSAL = new Set([
  'sign_in_attempts',
  'mfa_challenges',
  'mfa_failures',
  'rate_limits',
  // A valid API key's last use is recorded even when the data it brings is refused.
  'api_keys',
]);

/** Tables a read may change: the refusals' counters, and attachments moved out of the database on first read. */
const CHANGED_BY_READS = new Set([...COUNTED_ON_REFUSAL, 'support_attachments']);

/** Answers that never end (server-sent events): an opened stream counts as answered after this. */
const STREAMS = new Set(['GET /api/notifications/stream']);
const STREAM_OPEN_MS = 100;

/** Operations whose 5xx is their job (readiness of the job queue, not started in tests). */
const MAY_ANSWER_503 = new Set(['GET /api/ready']);

const ctx = await createTestApp({
  env: {
    // The fuzzer is one client sending thousands of writes: rate limits would refuse it first.
    ...Object.fromEntries(
      ['SIGN_IN', 'MFA', 'INVITATIONS', 'EMAIL_CHANGE', 'WRITES'].map((name) => [
        `RATE_LIMIT_${name}`,
        '1000000',
      ]),
    ),
    // No scheduled jobs: what they write (e.g. the minute's alert evaluation catching up on the demo
    // seed's expected deliveries, seeded at a fixed past time) would count as a refused request's doing.
    RUN_JOBS: '0',
  },
});
const { operations, document } = operationsOf(ctx.app);
const home = await homeResources(ctx);
await installChangeLog(ctx);
/** Row changes so far, per table: each request compares with the count after the one before. */
let counts = await changeCounts(ctx);
afterAll(() => ctx.close());

/** TEST-NET-2: the fuzzer's requests come from here, the harness's own sign-ins from 127.0.0.1. */
const FUZZER_ADDRESS = '198.51.100.23';

const tokens = new Map<string, string>();
async function tokenOf(email: string, renew = false): Promise<string> {
  if (renew || !tokens.has(email)) {
    tokens.set(email, await ctx.tokenFor(email));
    // Signing in writes sessions and attempts: not the next request's doing.
    counts = await changeCounts(ctx);
  }
  return tokens.get(email)!;
}
let apiKey: string | undefined;
async function apiKeyOf(): Promise<string> {
  if (!apiKey) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/api-keys',
      headers: { authorization: `Bearer ${await tokenOf('sfadmin@example.com')}` },
      payload: { name: 'fuzz', customerIds: [home.customerId] },
    });
    apiKey = created.json<{ key: string }>().key;
    counts = await changeCounts(ctx);
  }
  return apiKey;
}

// Signed in before the first request: the first sign-in also creates the signing key, a write
// that would otherwise land on whichever request comes first.
for (const email of ['admin@example.com', 'sfadmin@example.com']) await tokenOf(email);

/** A caller the declared access lets through, so the inputs reach the handler. */
function callerOf(operation: Operation): string | 'apiKey' | undefined {
  const access = operation.access;
  if ('public' in access) return undefined;
  if ('apiKey' in access) return 'apiKey';
  if (access.roles?.includes('SF_ADMIN') && !access.roles.includes('CustomerAdministrator'))
    return 'sfadmin@example.com';
  return 'admin@example.com';
}

/** Percent-encoding that also writes lone surrogates (as WTF-8 bytes), as a hostile client can. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        return encodeURIComponent(char);
      })
      .join('');
  }
}

function injectOptions(
  operation: Operation,
  generated: GeneratedRequest,
  headers: Record<string, string>,
): InjectOptions {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(generated.path[name] ?? ''));
  const query = generated.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  const options: InjectOptions = {
    method: operation.method,
    url: `${path}${query ? `?${query}` : ''}`,
    headers: { ...headers },
    // Not the address the harness signs in from: failed sign-ins the fuzzer causes count per address.
    remoteAddress: FUZZER_ADDRESS,
  };
  if (generated.rawBody !== undefined) {
    options.payload = generated.rawBody;
    options.headers!['content-type'] = generated.contentType!;
  } else if (generated.body !== undefined && operation.method !== 'GET') {
    options.payload = JSON.stringify(generated.body);
    options.headers!['content-type'] = 'application/json';
  }
  return options;
}

/** Inputs worth looking for in an answer: odd enough that finding them means an echo. */
function echoCandidates(generated: GeneratedRequest): string[] {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(generated.query.map(([, value]) => value));
  collect(generated.body);
  // The spec quotes a wrong customer id in its message, cut and reduced to harmless characters.
  return strings.filter((value) => value.length >= 8 && /[^A-Za-z0-9 .,+\-_]/.test(value));
}

function fixedValues(
  operation: Operation,
  email: string | undefined,
): { path: Record<string, string>; query: Record<string, string> } {
  const path = Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, fixtureValue(home, pathFixture(operation.path, p.name))]),
  );
  const accountId = email === 'sfadmin@example.com' ? undefined : String(home.customerId);
  return {
    path,
    query: accountId ? { activeAccountId: accountId, customerId: accountId, id: accountId } : {},
  };
}

describe('[SECURITY] fuzzing every operation from its schema', () => {
  it('finds operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const operation of operations) {
    it(
      `${operation.key} (${operation.operationId})`,
      async () => {
        const caller = callerOf(operation);
        const arbitrary = requestArbitrary(document, operation, fixedValues(operation, caller));
        await fc.assert(
          fc.asyncProperty(arbitrary, async (generated) => {
            const headers: Record<string, string> =
              caller === 'apiKey'
                ? { 'x-api-key': await apiKeyOf() }
                : caller
                  ? { authorization: `Bearer ${await tokenOf(caller)}` }
                  : {};
            const before = counts;
            const options = injectOptions(operation, generated, headers);
            if (STREAMS.has(operation.key)) options.signal = AbortSignal.timeout(STREAM_OPEN_MS);
            const response = await ctx.app.inject(options).catch((error: unknown) => {
              if (
                STREAMS.has(operation.key) &&
                error instanceof Error &&
                /abort/i.test(`${error.name} ${error.message}`)
              )
                return undefined;
              throw error;
            });
            if (!response) return;
            const status = response.statusCode;
            if (!(status < 500 || (status === 503 && MAY_ANSWER_503.has(operation.key))))
              throw new Error(`${status}: ${response.body.slice(0, 300)}`);
            // Reads change no rows at all, which the whole run checks at once below (it is faster).
            if (operation.method !== 'GET') {
              const after = await changeCounts(ctx);
              counts = after;
              const changed = changedTables(before, after).filter((table) => !COUNTED_ON_REFUSAL.has(table));
              if (status >= 400 && changed.length)
                throw new Error(`refused with ${status} but changed ${changed.join(', ')}`);
            }
            if (status >= 400) {
              if (/\n\s+at \S+ \(|node_modules|\.ts:\d+/.test(response.body))
                throw new Error(`a stack trace in the answer: ${response.body.slice(0, 300)}`);
              for (const value of echoCandidates(generated))
                if (response.body.includes(value))
                  throw new Error(`echoes ${JSON.stringify(value).slice(0, 80)}`);
              const error = JSON.parse(response.body) as Record<string, unknown>;
              if (
                error.status !== status ||
                typeof error.errorCode !== 'string' ||
                typeof error.requestId !== 'string'
              )
                throw new Error(`not the shared error shape: ${response.body.slice(0, 300)}`);
            }
            // An operation that ended the caller's own session (sign-out, e-mail change): sign in again.
            if (status === 401 && caller && caller !== 'apiKey') await tokenOf(caller, true);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (operation.method === 'GET') {
          // `counts` stayed as it was before the run (reads do not move it).
          const after = await changeCounts(ctx);
          expect(changedTables(counts, after).filter((table) => !CHANGED_BY_READS.has(table))).toEqual([]);
          counts = after;
        }
      },
      30_000 + RUNS * (STREAMS.has(operation.key) ? STREAM_OPEN_MS * 2 : 60),
    );
  }
});

/**
 * /scim/v2 (modules/scim) is not in the OpenAPI document: directories read SCIM's own discovery,
 * and its answers use SCIM's error shape. Its operations are listed here and fed the same odd
 * values, as a directory client with a valid token: never a 5xx, every refusal in the SCIM error
 * shape with the request id in its header, no echo, no stack, no row changed by a refused write.
 */
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const scimToken = await scimTokenFor(ctx, await tokenOf('admin@example.com'), home.customerId);
const sendScim = (method: InjectOptions['method'], url: string, body?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(body),
  });
const scimUserId = (
  await sendScim('POST', '/scim/v2/Users', { schemas: [SCIM_USER], userName: 'fuzz@scim.example' })
).json<{ id: string }>().id;
const scimGroupId = (
  await sendScim('POST', '/scim/v2/Groups', {
    schemas: [SCIM_GROUP],
    displayName: 'Fuzz',
    members: [{ value: scimUserId }],
  })
).json<{ id: string }>().id;
counts = await changeCounts(ctx);

describe('[SECURITY] fuzzing the SCIM service', () => {
  const hostile = hostileValue(document, {});
  const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof(valid, oddString, hostile);
  const userBody = fc.record(
    {
      schemas: maybe(fc.constant([SCIM_USER])),
      userName: maybe(fc.constantFrom('fuzz.user@scim.example', 'FUZZ@scim.example')),
      emails: maybe(
        fc.array(
          fc.record({
            value: maybe(fc.constant('fuzz.mail@scim.example')),
            type: maybe(fc.constant('work')),
          }),
          { maxLength: 2 },
        ),
      ),
      name: maybe(fc.record({ givenName: oddString, familyName: oddString })),
      active: hostile,
      externalId: maybe(fc.uuid()),
      preferredLanguage: oddString,
      unknownAttribute: hostile,
    },
    { requiredKeys: [] },
  );
  const patchBody = fc.record(
    {
      schemas: maybe(fc.constant([SCIM_PATCH])),
      Operations: maybe(
        fc.array(
          fc.record(
            {
              op: maybe(fc.constantFrom('add', 'Replace', 'remove', 'REMOVE')),
              path: maybe(
                fc.constantFrom(
                  'active',
                  'emails[type eq "work"].value',
                  'name.familyName',
                  'members',
                  'members[value eq "x"]',
                  'displayName',
                ),
              ),
              value: hostile,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      ),
    },
    { requiredKeys: [] },
  );
  const groupBody = fc.record(
    {
      schemas: maybe(fc.constant([SCIM_GROUP])),
      displayName: maybe(fc.constant('Fuzzers')),
      members: maybe(fc.array(fc.record({ value: maybe(fc.constant(scimUserId)) }), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  );
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(
        'filter',
        'startIndex',
        'count',
        'attributes',
        'excludedAttributes',
        'sortBy',
        'unknown',
      ),
      maybe(
        fc.constantFrom(
          'userName eq "a"',
          'emails[type eq "work"].value co "@"',
          'members.value eq "x"',
          '1',
          '0',
          '-5',
          'members',
        ),
      ).map(String),
    ),
    { maxLength: 3 },
  );
  const operations: [InjectOptions['method'], string, fc.Arbitrary<unknown> | undefined][] = [
    ['GET', '/scim/v2/Users', undefined],
    ['POST', '/scim/v2/Users', userBody],
    ['GET', `/scim/v2/Users/${scimUserId}`, undefined],
    ['PUT', `/scim/v2/Users/${scimUserId}`, userBody],
    ['PATCH', `/scim/v2/Users/${scimUserId}`, patchBody],
    ['GET', '/scim/v2/Groups', undefined],
    ['POST', '/scim/v2/Groups', groupBody],
    ['GET', `/scim/v2/Groups/${scimGroupId}`, undefined],
    ['PUT', `/scim/v2/Groups/${scimGroupId}`, groupBody],
    ['PATCH', `/scim/v2/Groups/${scimGroupId}`, patchBody],
    ['GET', '/scim/v2/ServiceProviderConfig', undefined],
    ['GET', '/scim/v2/Schemas', undefined],
  ];
  /** A valid scimToken's last use is written (once a minute) even when its request is refused. */
  const scimCounted = new Set([...COUNTED_ON_REFUSAL, 'scim_tokens']);

  for (const [method, path, bodyArbitrary] of operations) {
    it(
      `${method} ${path.replace(scimUserId, '{id}').replace(scimGroupId, '{id}')}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            query,
            bodyArbitrary ?? fc.constant(undefined),
            fc.boolean(),
            async (params, body, raw) => {
              const search = params.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
              const before = counts;
              const payload =
                body === undefined
                  ? undefined
                  : raw
                    ? `${JSON.stringify(body).slice(0, -1)},`
                    : JSON.stringify(body);
              const response = await ctx.app.inject({
                method,
                url: `${path}${search ? `?${search}` : ''}`,
                headers: {
                  authorization: `Bearer ${scimToken}`,
                  ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
                },
                ...(payload !== undefined ? { payload } : {}),
                remoteAddress: FUZZER_ADDRESS,
              });
              const status = response.statusCode;
              if (status >= 500) throw new Error(`${status}: ${response.body.slice(0, 300)}`);
              if (method !== 'GET') {
                const after = await changeCounts(ctx);
                counts = after;
                const changed = changedTables(before, after).filter((table) => !scimCounted.has(table));
                if (status >= 400 && changed.length)
                  throw new Error(`refused with ${status} but changed ${changed.join(', ')}`);
              }
              if (status >= 400) {
                if (/\n\s+at \S+ \(|node_modules|\.ts:\d+/.test(response.body))
                  throw new Error(`a stack trace: ${response.body.slice(0, 300)}`);
                for (const value of echoCandidates({ path: {}, query: params, body }))
                  if (response.body.includes(value))
                    throw new Error(`echoes ${JSON.stringify(value).slice(0, 80)}`);
                const error = JSON.parse(response.body) as Record<string, unknown>;
                if (
                  !Array.isArray(error.schemas) ||
                  error.schemas[0] !== 'urn:ietf:params:scim:api:messages:2.0:Error' ||
                  error.status !== String(status) ||
                  typeof response.headers['x-request-id'] !== 'string'
                )
                  throw new Error(`not the SCIM error shape: ${response.body.slice(0, 300)}`);
              }
            },
          ),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      30_000 + RUNS * 60,
    );
  }
});
