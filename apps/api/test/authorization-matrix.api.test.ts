import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';
import {
  accountKeyActorsFor,
  actorsFor,
  CUSTOMER_QUERY_PARAMETERS,
  CUSTOMERLESS_FIXTURES,
  fixtureValue,
  homeResources,
  pathFixture,
  type Actor,
  type HomeResources,
} from './security/fixtures.ts';
import { fillPath, operationsOf, type Operation } from './security/operations.ts';
import { validValue } from './security/schema-arbitraries.ts';

/**
 * Every operation of the OpenAPI document × every kind of caller → the status its declared access
 * (`x-access`) implies, plus the deliberate exceptions below. Path parameters are real ids of one
 * customer's resources ("home"); callers of another customer must be refused them, and no answer
 * may carry another customer's rows.
 */

type Expected = { status: number[]; why: string } | { skip: string };

const REFUSED_FOREIGN = [403, 404];
const SUCCESS = [200, 201, 202, 204];

/**
 * Deliberate exceptions, by operation. `status` overrides the derived answer for callers the
 * declared access lets through; `anonymousOnly` runs public operations that would end or change the
 * caller's own session only without a token; `body` (and `query`) replace the schema's samples where
 * code-level rules (e.g. from ≤ to) need a specific one.
 */
const EXCEPTIONS: Record<
  string,
  {
    status?: number[];
    foreignStatus?: number[];
    skipAllowed?: string;
    anonymousOnly?: string;
    body?: unknown;
    /** Query parameters to send instead of the schema's samples. */
    query?: Record<string, string>;
    reason: string;
  }
> = {
  'GET /api/auth/login': { status: [302], reason: 'redirects browsers to the sign-in page' },
  'POST /api/auth/login': {
    status: [401],
    body: { email: 'nobody@example.invalid', password: 'not-the-password' },
    anonymousOnly: 'failed sign-ins count towards the lockout of the address',
    reason: 'an unknown address is refused alike for every caller',
  },
  'POST /api/auth/mfa/verify': { status: [401], reason: 'no challenge is open' },
  'POST /api/auth/refresh': { status: [401], reason: 'no session cookie is sent' },
  'POST /api/auth/logout': {
    status: [204],
    anonymousOnly: 'with a token it ends the session the next rows need',
    reason: 'signing out is open to anyone',
  },
  'GET /api/auth/invitations/{token}': {
    status: [410],
    reason: 'an unknown one-time link answers like a used or expired one (reveals nothing)',
  },
  'GET /api/tracking/stt/files/{fileId}': {
    foreignStatus: [403],
    reason:
      "the spec's answer for another customer's file: 403 'ActiveAccounts CustomerNumber not the Sender or Receiver'",
  },
  'GET /api/tracking/stt/documents/{documentId}': {
    foreignStatus: [403],
    reason:
      "the spec's answer for another customer's document: 403 'ActiveAccounts CustomerNumber not the Sender or Receiver'",
  },
  'GET /api/support/items': {
    query: { items: 'trackingDocument:1,ediMessage:2' },
    reason: 'a list of `kind:id` pairs, each once: a sampled string is rarely one',
  },
  'GET /api/reports/{id}/download': {
    status: [409],
    reason:
      'the seeded reports have no file in the test storage; reports.api.test.ts downloads a generated one',
  },
  'POST /api/reports': {
    body: { level: 'file', from: '2026-11-01', to: '2026-11-15' },
    reason: 'a time frame that ends before it starts is refused in code',
  },
  'POST /api/edi-connect/deployment-requests': {
    body: {
      partnerName: 'Matrix Partner AB',
      partnerIdentifierType: 'GLN',
      partnerIdentifier: '7350000000009',
      connection: { protocol: 'AS2', as2Id: 'MATRIX-AS2', url: 'https://as2.matrix.example/receive' },
      messageStandard: 'EDIFACT',
      messageTypes: ['ORDERS'],
      direction: 'BOTH',
      environment: 'TEST',
      contactName: 'Matrix Contact',
      contactEmail: 'matrix@example.com',
      contactPhone: '+46 70 123 45 67',
      requestedGoLive: '2027-06-01',
    },
    reason: 'GLN check digits and message types per standard are checked in code',
  },
  ...Object.fromEntries(
    ['POST /api/expected-deliveries', 'PUT /api/expected-deliveries/{id}'].map((key) => [
      key,
      {
        body: {
          name: 'Matrix invoices',
          filenamePattern: 'INV_*.xml',
          deadline: '06:00',
          timeZone: 'Europe/Oslo',
        },
        reason: "a time zone is checked against the runtime's IANA list: a sampled string is rarely one",
      },
    ]),
  ),
  ...Object.fromEntries(
    ['POST /api/webhooks/endpoints', 'PATCH /api/webhooks/endpoints/{endpointId}'].map((key) => [
      key,
      {
        body: { url: 'https://hooks.example.com/matrix', eventTypes: ['file.arrived'] },
        reason:
          'an https address without credentials and distinct event types: a sampled string is rarely one',
      },
    ]),
  ),
  'POST /api/webhooks/deliveries/replay-failed': {
    body: { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' },
    reason: 'an ISO 8601 moment and a range that does not end before it starts',
  },
  'POST /api/auth/invitations/accept': { status: [400, 404, 410], reason: 'an unknown one-time link' },
  'POST /api/auth/email-change/confirm': { status: [400, 404, 410], reason: 'an unknown one-time link' },
  'POST /api/auth/invitations/join': { status: [400, 404, 410], reason: 'an unknown one-time link' },
  'GET /idp/interaction/{uid}/details': { status: [404, 410], reason: 'an unknown sign-in interaction' },
  'POST /idp/interaction/{uid}/login': { status: [404, 410], reason: 'an unknown sign-in interaction' },
  'POST /idp/interaction/{uid}/mfa': { status: [404, 410], reason: 'an unknown sign-in interaction' },
  'POST /idp/interaction/{uid}/abort': { status: [404, 410], reason: 'an unknown sign-in interaction' },
  'POST /idp/interaction/{uid}/passkey/options': {
    status: [404, 410],
    reason: 'an unknown sign-in interaction',
  },
  'POST /idp/interaction/{uid}/passkey': { status: [404, 410], reason: 'an unknown sign-in interaction' },
  'POST /api/auth/passkey/options': {
    status: [200],
    body: {},
    reason: 'a passkey-only ceremony may be started by anyone; it binds to no user',
  },
  'POST /api/auth/registrations': {
    status: [202],
    body: {
      firstName: 'Matrix',
      lastName: 'Person',
      email: 'matrix.person@matrix-registration.example',
      password: 'matrix-registration-secret',
      language: 'sv',
    },
    anonymousOnly: 'each registration mails the address and counts against its hourly limit',
    reason: 'a password the policy accepts: a sampled string is rarely one',
  },
  'POST /api/email-domains': {
    body: { domain: 'matrix-added.example', verificationAddress: 'it@matrix-added.example' },
    reason: 'a host name with a dot and an address at it: a sampled string is rarely one',
  },
  'POST /api/auth/registrations/verify': { status: [400, 410], reason: 'an unknown one-time link' },
  'POST /api/email-domains/verify': { status: [400, 410], reason: 'an unknown one-time link' },
  'POST /api/auth/passkey/verify': {
    status: [401],
    reason: 'no ceremony is open for the sampled challenge id',
  },
  'GET /api/notifications/stream': {
    skipAllowed: 'a server-sent event stream never ends; notifications-stream tests cover it',
    reason: 'stream',
  },
  'GET /api/ready': { status: [200, 503], reason: 'the job queue is not started in tests' },
  ...Object.fromEntries(
    ['POST /api/alert-rules', 'PUT /api/alert-rules/{id}'].map((key) => [
      key,
      {
        body: {
          kind: 'documentsRejected',
          channel: 'kivra',
          measure: 'count',
          threshold: 10,
          windowMinutes: 30,
        },
        reason: 'a share is at most 100 % and a count a whole number, checked beside the schema',
      },
    ]),
  ),
};

/** Writes the owning callers may make without breaking later rows. */
const HARMLESS_WRITES = new Set(['POST /api/notifications/clear-new', 'PUT /api/list-columns/{list}']);

const isWrite = (operation: Operation) => operation.method !== 'GET';

/** The fixtures an operation points at, and whether they belong to the home customer. */
function targetsOf(operation: Operation) {
  const fixtures = operation.parameters
    .filter((p) => p.in === 'path')
    .map((p) => pathFixture(operation.path, p.name));
  const customerQuery = operation.parameters.some(
    (p) => p.in === 'query' && CUSTOMER_QUERY_PARAMETERS.has(p.name),
  );
  const account = 'signedIn' in operation.access && operation.access.account !== undefined;
  return {
    fixtures,
    homeOwned: fixtures.some((f) => !CUSTOMERLESS_FIXTURES.has(f)) || customerQuery || account,
  };
}

function expectedFor(operation: Operation, actor: Actor, home: HomeResources): Expected {
  const access = operation.access;
  const exception = EXCEPTIONS[operation.key];
  if ('public' in access) {
    if (exception?.anonymousOnly && actor.token) return { skip: exception.anonymousOnly };
    return { status: exception?.status ?? SUCCESS, why: 'public' };
  }
  if ('apiKey' in access) return { status: [401], why: 'API key operations refuse user tokens and no key' };
  if (actor.accountKey) {
    // An account key reads only where a route names its scope, and only its own account.
    if (!access.apiKeyScope) return { status: [401], why: 'only the tracking reads accept account keys' };
    if (!actor.accountKey.scopes.includes(access.apiKeyScope))
      return { status: [403], why: `the key lacks ${access.apiKeyScope}` };
    if (actor.accountId !== actor.accountKey.customerId)
      return { status: [403], why: "names an account other than the key's" };
  }
  if (!actor.token) return { status: [401], why: 'signed in only' };
  if (access.roles && !access.roles.some((role) => actor.roles.includes(role)))
    return { status: [403], why: `needs one of ${access.roles.join(', ')}` };
  const targets = targetsOf(operation);
  if (access.account) {
    const permissions = actor.accounts.get(actor.accountId!);
    if (!permissions) return { status: [403], why: 'does not hold the named account' };
    const requires = access.account.requires;
    const holds =
      !requires ||
      permissions.has(requires) ||
      (['STT', 'ETS'].includes(requires) && permissions.has('READ_ALL'));
    if (!holds) return { status: [403], why: `lacks ${requires} in the account` };
    if (actor.accountId !== home.customerId && targets.fixtures.some((f) => !CUSTOMERLESS_FIXTURES.has(f)))
      return {
        status: exception?.foreignStatus ?? [404],
        why: "another customer's resource through the caller's own account",
      };
  } else if (targets.homeOwned && !actor.seesAll && !actor.accounts.has(home.customerId)) {
    return { status: REFUSED_FOREIGN, why: "another customer's resource" };
  }
  if (exception?.skipAllowed) return { skip: exception.skipAllowed };
  if (isWrite(operation) && !HARMLESS_WRITES.has(operation.key))
    return { skip: 'a write the caller may make: its success is the feature tests’ business' };
  return { status: exception?.status ?? SUCCESS, why: 'allowed' };
}

/** Every customer id, customer number and name in a JSON body, under any key that names one. */
function customersNamedIn(body: unknown, found = { ids: new Set<number>(), numbers: new Set<string>() }) {
  if (Array.isArray(body)) for (const item of body) customersNamedIn(item, found);
  else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      // An EDI consignment's parties are the consignment's own data, shown to both of them (spec 6:
      // the active account must be the sender or the receiver); the other party may be a customer.
      if (key === 'sender' || key === 'receiver') continue;
      if (/^customer_?id$/i.test(key) && typeof value === 'number') found.ids.add(value);
      else if (/^customer_?number$/i.test(key) && typeof value === 'string') found.numbers.add(value);
      else customersNamedIn(value, found);
    }
  }
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The home customer's resource ids that are unique across tables (uuids), to look for in bodies. */
function homeUuids(home: HomeResources): string[] {
  return Object.entries(home.ids)
    .filter(([fixture, value]) => !CUSTOMERLESS_FIXTURES.has(fixture) && UUID.test(String(value)))
    .map(([, value]) => String(value));
}

describe('[SECURITY] authorization matrix: every operation × every kind of caller', () => {
  let ctx: TestContext;
  let operations: Operation[];
  let document: ReturnType<typeof operationsOf>['document'];
  let home: HomeResources;
  let actors: Actor[];
  let customerNumbers: Map<number, string>;
  const results: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ operations, document } = operationsOf(ctx.app));
    home = await homeResources(ctx);
    actors = await actorsFor(ctx, home);
    const foreignAccount = actors.find((actor) => actor.name === 'foreign admin')!.accountId!;
    actors.push(...(await accountKeyActorsFor(ctx, home, foreignAccount)));
    const { rows } = await ctx.db.$client.query<{ id: number; customer_number: string }>(
      'SELECT id, customer_number FROM customers',
    );
    customerNumbers = new Map(rows.map((row) => [row.id, row.customer_number]));
  });
  afterAll(async () => {
    await ctx.close();
  });

  function requestFor(operation: Operation, actor: Actor) {
    const exception = EXCEPTIONS[operation.key];
    const path = Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, fixtureValue(home, pathFixture(operation.path, p.name))]),
    );
    const query = new URLSearchParams();
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const given = exception?.query?.[parameter.name];
      if (given !== undefined) query.set(parameter.name, given);
      else if (parameter.name === 'activeAccountId')
        query.set(parameter.name, String(actor.accountId ?? home.customerId));
      else if (CUSTOMER_QUERY_PARAMETERS.has(parameter.name))
        query.set(parameter.name, String(home.customerId));
      else if (parameter.required)
        query.set(
          parameter.name,
          String(fc.sample(validValue(document, parameter.schema), { seed: 1, numRuns: 1 })[0]),
        );
    }
    const body =
      exception?.body ??
      (operation.body
        ? fc.sample(validValue(document, operation.body), { seed: 7, numRuns: 1 })[0]
        : undefined);
    const search = query.toString();
    return {
      method: operation.method,
      url: `${fillPath(operation.path, path)}${search ? `?${search}` : ''}`,
      headers: actor.token ? { authorization: `Bearer ${actor.token}` } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    };
  }

  it('keeps no exception for an operation that no longer exists', () => {
    const keys = new Set(operations.map((operation) => operation.key));
    expect([...Object.keys(EXCEPTIONS), ...HARMLESS_WRITES].filter((key) => !keys.has(key))).toEqual([]);
  });

  it('covers every operation of the OpenAPI document with every caller', async () => {
    const failures: string[] = [];
    let calls = 0;
    // Reads first: a write that wrongly succeeded must not hide what the reads would have shown.
    const ordered = [...operations].sort((a, b) => Number(isWrite(a)) - Number(isWrite(b)));
    for (const operation of ordered) {
      for (const actor of actors) {
        const expected = expectedFor(operation, actor, home);
        if ('skip' in expected) {
          results.push(`${operation.key} × ${actor.name}: skipped (${expected.skip})`);
          continue;
        }
        const response = await ctx.app.inject(requestFor(operation, actor));
        calls++;
        const where = `${operation.key} × ${actor.name}`;
        if (!expected.status.includes(response.statusCode))
          failures.push(
            `${where}: ${response.statusCode}, expected ${expected.status.join('/')} (${expected.why}) ${response.body.slice(0, 200)}`,
          );
        if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
          const error = response.json<Record<string, unknown>>();
          if (error.status !== response.statusCode || typeof error.errorCode !== 'string')
            failures.push(`${where}: error without the shared shape ${response.body.slice(0, 200)}`);
        }
        if (
          response.statusCode < 300 &&
          !actor.seesAll &&
          response.headers['content-type']?.toString().includes('json')
        ) {
          const named = customersNamedIn(response.json());
          const held = new Set(actor.accounts.keys());
          for (const id of named.ids)
            if (!held.has(id)) failures.push(`${where}: answers rows of customer ${id}`);
          const heldNumbers = new Set([...held].map((id) => customerNumbers.get(id)));
          for (const number of named.numbers)
            if (!heldNumbers.has(number)) failures.push(`${where}: answers rows of customer ${number}`);
          if (!held.has(home.customerId)) {
            const homeValues = [home.customerNumber, home.customerName, ...homeUuids(home)];
            for (const value of homeValues)
              if (response.body.includes(value))
                failures.push(`${where}: answers ${value} of the home customer`);
          }
        }
        results.push(`${where}: ${response.statusCode}`);
      }
    }
    console.info(
      `authorization matrix: ${operations.length} operations × ${actors.length} callers, ${calls} calls, ${results.length - calls} skipped`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
