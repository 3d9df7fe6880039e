import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

/**
 * A stand-in for a customer's own OpenID Connect provider on its own port: a discovery document
 * and a JWKS, and ID tokens signed with its key. Only the claims differ between the cases.
 */
async function startIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { issuer, privateKey, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Issuer = Awaited<ReturnType<typeof startIssuer>>;

/** A token of the stand-in provider; `audience` and `expiresIn` default to an ordinary ID token. */
const signedBy = (
  idp: Issuer,
  claims: Record<string, unknown>,
  subject: string,
  { audience = 'hub-web', expiresIn = '5m' as string | number } = {},
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(idp.issuer)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(idp.privateKey);

const NOT_PROVISIONED = {
  status: 403,
  errorCode: 'USER_NOT_PROVISIONED',
  detail: 'Your account is not set up in Service Hub. Contact your administrator.',
};

describe('[AUTH] users of an external identity provider: linked by verified e-mail once, then by iss + sub', () => {
  let ctx: TestContext;
  let idp: { issuer: string; privateKey: CryptoKey; close: () => Promise<void> };
  beforeAll(async () => {
    idp = await startIssuer();
    ctx = await createTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'hub-web' } });
  });
  afterAll(async () => {
    await ctx.close();
    await idp.close();
  });

  const idToken = (claims: Record<string, unknown>, subject: string) => signedBy(idp, claims, subject);
  const me = async (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
  const links = async () =>
    (
      await ctx.db.$client.query<{ subject: string; email: string }>(
        'SELECT i.subject, u.email FROM user_identities i JOIN users u ON u.id = i.user_id ORDER BY i.subject',
      )
    ).rows;

  it('never signs in by an unverified e-mail claim: "not set up", and nothing is linked', async () => {
    const token = await idToken({ email: 'admin@example.com', email_verified: false }, 'attacker-1');
    expect((await me(token)).json()).toMatchObject(NOT_PROVISIONED);
    const withoutFlag = await idToken({ email: 'admin@example.com' }, 'attacker-2');
    expect((await me(withoutFlag)).json()).toMatchObject(NOT_PROVISIONED);
    expect(await links()).toEqual([]);
  });

  it('tells a user the Hub does not know that they are not set up, distinct from an expired session, and creates nothing', async () => {
    const users = async () => (await ctx.db.$client.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const before = await users();
    const stranger = await me(await idToken({ email: 'stranger@example.org', email_verified: true }, 's-1'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject(NOT_PROVISIONED);
    expect(await users()).toBe(before);
    expect(await links()).toEqual([]);

    const lapsed = await signedBy(idp, { email: 'user@example.com', email_verified: true }, 'u-1', {
      expiresIn: Math.floor(Date.now() / 1000) - 120,
    });
    expect((await me(lapsed)).json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
  });

  it('links the first sign-in by a verified e-mail address, in any spelling', async () => {
    const token = await idToken({ email: 'Admin@Example.COM', email_verified: true }, 'anders-sub');
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('admin@example.com');
    expect(await links()).toEqual([{ subject: 'anders-sub', email: 'admin@example.com' }]);
  });

  it('from then on follows the subject, whatever e-mail the provider later claims', async () => {
    const token = await idToken({ email: 'user@example.com', email_verified: true }, 'anders-sub');
    expect((await me(token)).json().email).toBe('admin@example.com');
  });

  it('refuses a second subject claiming an already linked user’s verified address', async () => {
    const token = await idToken({ email: 'admin@example.com', email_verified: true }, 'someone-else');
    expect((await me(token)).json()).toMatchObject(NOT_PROVISIONED);
    expect(await links()).toEqual([{ subject: 'anders-sub', email: 'admin@example.com' }]);
  });

  it('answers a linked user who has been disabled with "not set up", so the app does not loop through sign-in', async () => {
    await ctx.db.$client.query("UPDATE users SET enabled = false WHERE email = 'admin@example.com'");
    try {
      const token = await idToken({}, 'anders-sub');
      expect((await me(token)).json()).toMatchObject(NOT_PROVISIONED);
    } finally {
      await ctx.db.$client.query("UPDATE users SET enabled = true WHERE email = 'admin@example.com'");
    }
  });
});

describe('[AUTH] an external provider that links by user principal name (Entra ID)', () => {
  let ctx: TestContext;
  let idp: Issuer;
  beforeAll(async () => {
    idp = await startIssuer();
    ctx = await createTestApp({
      env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'hub-web', OIDC_USER_CLAIM: 'upn' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await idp.close();
  });
  const me = async (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });

  it('links by the upn claim, in any spelling, without an email_verified flag', async () => {
    const response = await me(await signedBy(idp, { upn: 'User@Example.com' }, 'entra-oid-1'));
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('user@example.com');
  });

  it('ignores the e-mail claim, and a upn that is no address', async () => {
    const byEmail = await signedBy(idp, { email: 'admin@example.com', email_verified: true }, 'entra-oid-2');
    expect((await me(byEmail)).json()).toMatchObject(NOT_PROVISIONED);
    const notAnAddress = await signedBy(idp, { upn: 'admin' }, 'entra-oid-3');
    expect((await me(notAnAddress)).json()).toMatchObject(NOT_PROVISIONED);
  });
});

describe('[AUTH] an external provider whose access tokens the API accepts (OIDC_TOKEN_TYPE=access_token)', () => {
  let ctx: TestContext;
  let idp: Issuer;
  beforeAll(async () => {
    idp = await startIssuer();
    ctx = await createTestApp({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'hub-web',
        OIDC_TOKEN_TYPE: 'access_token',
        OIDC_AUDIENCE: 'api://hub',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await idp.close();
  });
  const me = async (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
  const claims = { email: 'user@example.com', email_verified: true };

  it('accepts a token for the configured audience and refuses one for the client (an ID token)', async () => {
    expect((await me(await signedBy(idp, claims, 'kc-1', { audience: 'api://hub' }))).statusCode).toBe(200);
    const idToken = await me(await signedBy(idp, claims, 'kc-1', { audience: 'hub-web' }));
    expect(idToken.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
  });

  it('tells the web app to send access tokens', async () => {
    const config = (await ctx.app.inject({ url: '/api/config' })).json();
    expect(config.oidc).toMatchObject({
      provider: 'external',
      tokenType: 'access_token',
      clientId: 'hub-web',
    });
  });
});

describe('[AUTH] an external provider that cannot be reached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const gone = await startIssuer();
    await gone.close();
    ctx = await createTestApp({ env: { OIDC_ISSUER: gone.issuer, OIDC_CLIENT_ID: 'hub-web' } });
  });
  afterAll(() => ctx.close());

  it('answers 503 with a reference, not "session expired", which would send the browser round in circles', async () => {
    const token = `${Buffer.from('{"alg":"RS256","kid":"k1"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: ctx.config.oidcIssuer, sub: 'x', aud: 'hub-web', exp: 9_999_999_999 }),
    ).toString('base64url')}.c2ln`;
    const response = await ctx.app.inject({
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      requestId: response.headers['x-request-id'],
    });
  });
});
