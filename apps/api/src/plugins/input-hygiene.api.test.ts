import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { getOrCreateSigningKey, SIGNING_ALGORITHM } from '../modules/auth/signing-keys.repository.ts';
import { issuerOf } from '../modules/identity/identity-provider.ts';
import { postgresOidcAdapter } from '../modules/identity/oidc-adapter.ts';

const INVALID = {
  status: 400,
  title: 'Bad Request',
  errorCode: 'VALIDATION_FAILED',
  requestId: expect.any(String),
};
const invalidCharacters = (field: string) => ({
  field,
  code: 'invalidCharacters',
  message: 'This field contains characters that are not allowed.',
});
const SESSION_INVALID = {
  status: 401,
  errorCode: 'UNAUTHENTICATED',
  detail: 'Your session is invalid or has expired. Please sign in again.',
};
const LONG = 'a'.repeat(10_000);

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** One request written byte for byte to the listening server, past every client-side check. */
function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Written, not ended: a half-closed socket makes Node drop answers that are still streaming.
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

/** The Hub's error shape, with the same request id in body and header, and nothing of the input. */
function expectHubError(response: RawResponse, status: number, input = 'aaaaaaaaaa') {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  expect(body.requestId).toBe(response.headers['x-request-id']);
  expect(response.body).not.toContain(input);
  return body;
}

describe('[INPUT] text no one can type, out-of-range ids, and oversized requests', () => {
  let ctx: TestContext;
  let port: number;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'hub-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    ctx = await createTestApp({
      // The raw requests say Host: 127.0.0.1; screens at any other host move to PUBLIC_URL.
      env: { PUBLIC_URL: 'http://127.0.0.1' },
      webDist,
      configure: (app) => {
        // A route with no schema at all: the central check must still cover it.
        app.post(
          '/api/test/anything',
          { config: { access: 'public' }, schema: { hide: true } },
          async () => ({
            ok: true,
          }),
        );
      },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const asUser = async (email: string) => ({ authorization: `Bearer ${await ctx.tokenFor(email)}` });

  it('refuses U+0000 in the sign-in e-mail with a field error, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000b@x.se', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ...INVALID, errors: [invalidCharacters('body.email')] });
  });

  it('refuses U+0000 in the names of an invitation', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers: await asUser('admin@example.com'),
      payload: {
        email: 'nul@example.se',
        firstName: 'No\u0000ra',
        lastName: '\u0000',
        customerId: await ctx.customerId('Mälardalens Vatten AB'),
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: unknown[] }>();
    expect(body).toMatchObject(INVALID);
    expect(body.errors).toEqual(
      expect.arrayContaining([invalidCharacters('body.firstName'), invalidCharacters('body.lastName')]),
    );
  });

  it('refuses an unpaired surrogate in the profile and leaves the name as it was', async () => {
    const headers = await asUser('user@example.com');
    const before = (await ctx.app.inject({ url: '/api/v3/user', headers })).json<{ firstName: string }>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/user',
      headers,
      payload: { firstName: 'An\uD800na', lastName: 'Berg', language: 'sv' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ...INVALID, errors: [invalidCharacters('body.firstName')] });
    const after = (await ctx.app.inject({ url: '/api/v3/user', headers })).json<{ firstName: string }>();
    expect(after.firstName).toBe(before.firstName);
  });

  it('accepts every character a person types, emoji included', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/user',
      headers: await asUser('user@example.com'),
      payload: { firstName: 'Åsa 😀', lastName: 'Øster-Gård', language: 'sv' },
    });
    expect(response.statusCode).toBeLessThan(300);
  });

  it('refuses a customer id beyond the integer column with a field error', async () => {
    const headers = await asUser('sfadmin@example.com');
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers,
      payload: { email: 'big@example.se', firstName: 'Big', lastName: 'Id', customerId: 2 ** 31 },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json()).toMatchObject({
      ...INVALID,
      errors: [{ field: 'body.customerId', code: 'tooBig', params: { maximum: 2_147_483_647 } }],
    });
    const legacy = await ctx.app.inject({
      method: 'POST',
      url: '/api/legacy/user/invite',
      headers,
      payload: {
        user: { email: 'big@example.se', firstName: 'Big', lastName: 'Id' },
        customer: { id: 2 ** 31 },
      },
    });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toMatchObject({ errors: [{ field: 'body.customer.id', code: 'tooBig' }] });
  });

  it('refuses such text on any route, even one without a schema, wherever it hides', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/anything?q=%00',
      headers: { 'x-note': 'fine' },
      payload: { nested: { list: ['fine', 'x\uDC00'] }, ['k\u0000ey']: 'v' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { field: string }[] }>();
    expect(body).toMatchObject(INVALID);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['body', 'body.nested.list.1', 'query.q']);
  });

  it('answers 401, not 500, to a validly signed token whose subject or session is no UUID', async () => {
    const userId = await ctx.userId('user@example.com');
    for (const claims of [
      { sub: 'x', email: 'user@example.com', sid: randomUUID() },
      { sub: userId, email: 'user@example.com', sid: 'y' },
    ]) {
      const token = await ctx.app.tokens.sign(claims);
      const response = await ctx.app.inject({
        url: '/api/v3/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(SESSION_INVALID);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.statusCode).toBe(204);
    }
  });

  it('answers 401, not 500, to an ID token of the built-in provider whose subject is no UUID', async () => {
    const { kid, privateKey } = await getOrCreateSigningKey(ctx.db);
    const idToken = await new SignJWT({ email: 'user@example.com' })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid })
      .setSubject('not-a-uuid')
      .setIssuer(issuerOf(ctx.config.publicUrl))
      .setAudience(ctx.config.oidcClientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const response = await ctx.app.inject({
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject(SESSION_INVALID);
  });

  it('answers a path segment longer than a route parameter with 414 in the error shape', async () => {
    const response = await rawRequest(port, get(`/api/legacy/customers/${LONG}`));
    expect(expectHubError(response, 414)).toMatchObject({
      title: 'URI Too Long',
      errorCode: 'VALIDATION_FAILED',
    });
  });

  it('answers headers too large for the HTTP parser with 431 in the error shape', async () => {
    const response = await rawRequest(port, get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`));
    expect(expectHubError(response, 431, 'bbbbbbbbbb')).toMatchObject({
      title: 'Request Header Fields Too Large',
      errorCode: 'VALIDATION_FAILED',
    });
  });

  it('answers a request the HTTP parser cannot read with 400 in the error shape', async () => {
    const response = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n');
    expectHubError(response, 400, 'no colon');
  });

  it('answers a path that is not valid percent-encoding with 400 in the error shape', async () => {
    const response = await rawRequest(port, get('/api/%E0%A4%Azaaaaaaaaaa'));
    expectHubError(response, 400);
  });

  it('never echoes a 10 000-character path: JSON 404 under /api, the web app elsewhere', async () => {
    const api = await rawRequest(port, get(`/api/${LONG}`));
    expect(expectHubError(api, 404)).toMatchObject({ errorCode: 'NOT_FOUND' });
    for (const path of [`/${LONG}`, `/customers/${LONG}/overview`]) {
      const screen = await rawRequest(port, get(path));
      expect(screen.status).toBe(200);
      expect(screen.body).toContain('<div id="root">');
    }
  });

  it('quotes an invalid customer id only short and without control characters', async () => {
    const response = await ctx.app.inject({
      url: `/api/legacy/customers/12%1B%5B31m${'9'.repeat(60)}`,
      headers: await asUser('sfadmin@example.com'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        {
          field: 'params.id',
          message: `Invalid customerId: 12??31m${'9'.repeat(13)}… is not a valid number`,
        },
      ],
    });
    expect(response.body).not.toContain('\u001b');
  });

  it('answers a 10 000-character interaction uid in the error shape, not plain text', async () => {
    for (const path of [`/idp/interaction/${LONG}/details`, `/idp/interaction/${LONG}`]) {
      const response = await rawRequest(port, get(path));
      expect(expectHubError(response, 410)).toMatchObject({ errorCode: 'LINK_EXPIRED' });
    }
  });

  it('answers a path the identity provider has no route for in the error shape', async () => {
    const response = await rawRequest(port, get(`/idp/no-such-endpoint-${LONG}`));
    expect(expectHubError(response, 404)).toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('answers U+0000 in a code sent to the identity provider as the client’s error, not a 500', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'a\u0000b',
        redirect_uri: `${ctx.config.publicUrl}/auth/callback`,
        client_id: ctx.config.oidcClientId,
        code_verifier: 'v'.repeat(43),
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses U+0000 in an authorization request before the provider stores it', async () => {
    const query = new URLSearchParams({
      client_id: ctx.config.oidcClientId,
      response_type: 'code',
      redirect_uri: `${ctx.config.publicUrl}/auth/callback`,
      scope: 'openid',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      login_hint: 'a\u0000b@example.com',
    });
    const response = await fetch(`http://127.0.0.1:${port}/idp/auth?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ...INVALID,
      errors: [invalidCharacters('query.login_hint')],
    });
  });

  it('keeps the provider from storing such text that it read itself, as the client’s error', async () => {
    const Adapter = postgresOidcAdapter(ctx.db);
    const interactions = new Adapter('Interaction');
    await expect(
      interactions.upsert('i-1', { params: { login_hint: 'a\u0000b' } }, 60),
    ).rejects.toMatchObject({
      statusCode: 400,
      error: 'invalid_request',
    });
    expect(await interactions.find('i-\u0000')).toBeUndefined();
  });
});
