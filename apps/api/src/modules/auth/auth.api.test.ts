import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createSession } from './sessions.repository.ts';
import { getOrCreateSigningKey, SIGNING_ALGORITHM } from './signing-keys.repository.ts';
import { TOKEN_AUDIENCE } from './token.service.ts';

const login = (ctx: TestContext, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('[AUTH] POST /api/auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it.each(['sfadmin@example.com', 'admin@example.com', 'user@example.com'])(
    'signs in %s with the demo password',
    async (email) => {
      const response = await login(ctx, { email, password: 'demo-password' });
      expect(response.statusCode).toBe(200);
      const { token } = response.json<{ token: string }>();
      expect(token.split('.')).toHaveLength(3);
      const me = await ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
      expect(me.json().email).toBe(email);
    },
  );

  it('ignores the case of the e-mail address', async () => {
    const response = await login(ctx, { email: 'User@Example.COM', password: 'demo-password' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically (no user enumeration)', async () => {
    const wrongPassword = await login(ctx, { email: 'user@example.com', password: 'not-the-password' });
    const unknownEmail = await login(ctx, { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(wrongPassword.json())).toEqual(strip(unknownEmail.json()));
    expect(wrongPassword.json()).toMatchObject({
      errorCode: 'INVALID_CREDENTIALS',
      detail: 'The e-mail address or password is incorrect.',
    });
  });

  it('refuses a disabled user with the same answer', async () => {
    await ctx.db.$client.query(`UPDATE users SET enabled = false WHERE email = 'admin@example.com'`);
    const response = await login(ctx, { email: 'admin@example.com', password: 'demo-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('INVALID_CREDENTIALS');
    await ctx.db.$client.query(`UPDATE users SET enabled = true WHERE email = 'admin@example.com'`);
  });

  it('names the missing fields of an invalid request', async () => {
    const response = await login(ctx, { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      errors: [
        { field: 'body.email', code: 'required', message: 'This field cannot be empty.' },
        { field: 'body.password', code: 'required', message: 'This field cannot be empty.' },
      ],
    });
  });

  it('rejects an over-long e-mail address with the maximum in the message', async () => {
    const response = await login(ctx, { email: `${'a'.repeat(320)}@x.se`, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({
      field: 'body.email',
      code: 'tooBig',
      message: 'This field cannot be bigger than 320 characters.',
      params: { maximum: 320 },
    });
  });
});

describe('[AUTH] bearer token validation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const call = (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });

  async function forge(
    options: { issuer?: string; audience?: string; expiresAt?: number; sub?: string } = {},
  ) {
    const { kid, privateKey } = await getOrCreateSigningKey(ctx.db);
    const userId = await ctx.userId('user@example.com');
    const { sessionId } = await createSession(ctx.db.$client, userId, {});
    return new SignJWT({ email: 'user@example.com', sid: sessionId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid })
      .setSubject(options.sub ?? userId)
      .setIssuer(options.issuer ?? ctx.config.publicUrl)
      .setAudience(options.audience ?? TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
  }

  it('accepts a well-formed token', async () => {
    expect((await call(await forge())).statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/v3/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
  });

  it.each([
    ['an expired token', { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
    ['a token from another issuer', { issuer: 'https://evil.example.com' }],
    ['a token for another audience', { audience: 'another-api' }],
    ['a token for a user that does not exist', { sub: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses %s with 401', async (_name, options) => {
    const response = await call(await forge(options));
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHENTICATED');
  });

  it('refuses a token whose signature was tampered with', async () => {
    const token = await forge();
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        email: 'sfadmin@example.com',
      }),
    ).toString('base64url');
    expect((await call(`${header}.${otherPayload}.${signature}`)).statusCode).toBe(401);
    expect((await call(`${header}.${payload}.${signature!.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it('refuses a token signed with a key the server does not know', async () => {
    const { generateKeyPair } = await import('jose');
    const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM);
    const token = await new SignJWT({ email: 'user@example.com' })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: 'unknown-key' })
      .setSubject('x')
      .setIssuer(ctx.config.publicUrl)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await call(token)).statusCode).toBe(401);
    expect((await call('not-a-jwt')).statusCode).toBe(401);
  });

  it('refuses the token of a user who has since been disabled', async () => {
    const token = await ctx.tokenFor('user@example.com');
    await ctx.db.$client.query(`UPDATE users SET enabled = false WHERE email = 'user@example.com'`);
    expect((await call(token)).statusCode).toBe(401);
    await ctx.db.$client.query(`UPDATE users SET enabled = true WHERE email = 'user@example.com'`);
  });
});
