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

  const idToken = (claims: Record<string, unknown>, subject: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(idp.issuer)
      .setAudience('hub-web')
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);
  const me = async (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
  const links = async () =>
    (
      await ctx.db.$client.query<{ subject: string; email: string }>(
        'SELECT i.subject, u.email FROM user_identities i JOIN users u ON u.id = i.user_id ORDER BY i.subject',
      )
    ).rows;

  it('never signs in by an unverified e-mail claim', async () => {
    const token = await idToken({ email: 'admin@example.com', email_verified: false }, 'attacker-1');
    expect((await me(token)).statusCode).toBe(401);
    const withoutFlag = await idToken({ email: 'admin@example.com' }, 'attacker-2');
    expect((await me(withoutFlag)).statusCode).toBe(401);
    expect(await links()).toEqual([]);
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
    expect((await me(token)).statusCode).toBe(401);
    expect(await links()).toEqual([{ subject: 'anders-sub', email: 'admin@example.com' }]);
  });
});
