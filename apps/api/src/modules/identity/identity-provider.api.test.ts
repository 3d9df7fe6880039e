import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { LiveStream } from '../../../test/live-stream.ts';
import { getOrCreateSigningKey, SIGNING_ALGORITHM } from '../auth/signing-keys.repository.ts';

/** A minimal browser: follows nothing by itself, keeps cookies by name. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }
}

const CLIENT_ID = 'service-hub-web';

describe('[IDP] built-in OpenID Connect provider: code flow with PKCE, MFA, and ID tokens the API trusts', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({ env: { PUBLIC_URL: base, PORT: String(port) } });
    await ctx.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  /** Runs the authorization request up to the sign-in interaction; answers the interaction path. */
  async function startSignIn(browser: Browser, verifier: string, state = 'state-1') {
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${base}/auth/callback`,
      scope: 'openid offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    });
    const authorize = await browser.fetch(`/idp/auth?${query}`);
    expect(authorize.status).toBe(303);
    const interaction = new URL(authorize.headers.get('location')!, base).pathname;
    expect(interaction).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    return interaction;
  }

  async function finishSignIn(browser: Browser, redirectTo: string, verifier: string) {
    const resumed = await browser.fetch(redirectTo);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code')!;
    const token = await browser.fetch('/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${base}/auth/callback`,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    return token.json() as Promise<{ id_token: string; refresh_token?: string; access_token: string }>;
  }

  /** A new browser signed in with the demo password through the whole code flow. */
  async function signedIn(email: string) {
    const browser = new Browser(base);
    const verifier = randomBytes(32).toString('base64url');
    const interaction = await startSignIn(browser, verifier);
    const login = await browser.fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const redirectTo = ((await login.json()) as { redirectTo: string }).redirectTo;
    return { browser, tokens: await finishSignIn(browser, redirectTo, verifier) };
  }

  /**
   * RP-initiated logout as the web app starts it and the provider's page confirms it; `logout=yes`
   * (what the page sends) ends the provider session, without it the provider only forgets the Hub.
   */
  async function signOutAt(browser: Browser, idToken: string, endProviderSession = true) {
    const query = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${base}/`,
      client_id: CLIENT_ID,
    });
    const page = await browser.fetch(`/idp/session/end?${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form[^>]* action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, ...(endProviderSession ? { logout: 'yes' } : {}) }),
    });
    expect(confirmed.status).toBe(303);
  }

  const userWith = (idToken: string) =>
    fetch(`${base}/api/v3/user`, { headers: { authorization: `Bearer ${idToken}` } });

  it('publishes its discovery document under /idp', async () => {
    const response = await fetch(`${base}/idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as {
      issuer: string;
      code_challenge_methods_supported: string[];
    };
    expect(discovery.issuer).toBe(`${base}/idp`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('signs in a demo user; the ID token opens the API, and the refresh token renews it', async () => {
    const browser = new Browser(base);
    const verifier = randomBytes(32).toString('base64url');
    const interaction = await startSignIn(browser, verifier);
    const details = await browser.fetch(`${interaction}/details`);
    expect(await details.json()).toMatchObject({ prompt: 'login' });

    const wrong = await browser.fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'wrong-password' }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { detail: string }).detail).toBe(
      'The e-mail address or password is incorrect.',
    );

    const login = await browser.fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const tokens = await finishSignIn(
      browser,
      ((await login.json()) as { redirectTo: string }).redirectTo,
      verifier,
    );
    const me = await userWith(tokens.id_token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('user@example.com');

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await fetch(`${base}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: CLIENT_ID,
      }),
    });
    expect(refreshed.status).toBe(200);
    expect((await userWith(((await refreshed.json()) as { id_token: string }).id_token)).status).toBe(200);
  });

  it('refuses forged ID tokens: wrong audience, wrong issuer, expired, bad signature, no live session', async () => {
    const { kid, privateKey } = await getOrCreateSigningKey(ctx.db);
    const userId = await ctx.userId('user@example.com');
    const { sid } = decodeJwt((await signedIn('user@example.com')).tokens.id_token);
    const forge = (claims: { aud?: string; iss?: string; exp?: number; sid?: unknown }) =>
      new SignJWT({ email: 'user@example.com', sid: 'sid' in claims ? claims.sid : sid })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid })
        .setSubject(userId)
        .setIssuer(claims.iss ?? `${base}/idp`)
        .setAudience(claims.aud ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
        .sign(privateKey);
    expect((await userWith(await forge({}))).status).toBe(200);
    expect((await userWith(await forge({ aud: 'another-client' }))).status).toBe(401);
    expect((await userWith(await forge({ iss: 'https://login.example.com/idp' }))).status).toBe(401);
    expect((await userWith(await forge({ exp: Math.floor(Date.now() / 1000) - 10 }))).status).toBe(401);
    expect((await userWith(await forge({ sid: undefined }))).status).toBe(401);
    expect((await userWith(await forge({ sid: 'no-such-session' }))).status).toBe(401);
    const [header, payload] = (await forge({})).split('.');
    expect((await userWith(`${header}.${payload}.${randomBytes(64).toString('base64url')}`)).status).toBe(
      401,
    );
  });

  it('asks for the second factor of an MFA account before finishing the sign-in', async () => {
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'email' WHERE name = 'Göta Bostäder AB'`,
    );
    const browser = new Browser(base);
    const verifier = randomBytes(32).toString('base64url');
    const interaction = await startSignIn(browser, verifier);
    const login = await browser.fetch(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
    });
    const challenge = (await login.json()) as { challengeId: string };
    expect(challenge).toMatchObject({ mfaRequired: true, method: 'email' });
    const code = /\d{6}/.exec((await ctx.lastMailTo('user@example.com'))!.subject)![0];
    const mfa = await browser.fetch(`${interaction}/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challengeId: challenge.challengeId, code }),
    });
    expect(mfa.status).toBe(200);
    const tokens = await finishSignIn(
      browser,
      ((await mfa.json()) as { redirectTo: string }).redirectTo,
      verifier,
    );
    expect((await userWith(tokens.id_token)).status).toBe(200);
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = false, mfa_type = NULL WHERE name = 'Göta Bostäder AB'`,
    );
  });

  it('ends ID tokens and their notification streams at once when the user signs out', async () => {
    const { browser, tokens } = await signedIn('user@example.com');
    expect(decodeJwt(tokens.id_token).sid).toEqual(expect.any(String));
    expect((await userWith(tokens.id_token)).status).toBe(200);
    const other = await signedIn('user@example.com');
    const stream = await LiveStream.open(base, tokens.id_token);
    const otherStream = await LiveStream.open(base, other.tokens.id_token);

    await signOutAt(browser, tokens.id_token);
    const after = await userWith(tokens.id_token);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
    expect(await stream.endsWithin(2000)).toBe(true);
    // The same user's other browser keeps its session.
    expect((await userWith(other.tokens.id_token)).status).toBe(200);
    expect(otherStream.ended).toBe(false);
    await otherStream.close();
  });

  it('ends an ID token when the provider only forgets the Hub, keeping its own session', async () => {
    const { browser, tokens } = await signedIn('user@example.com');
    await signOutAt(browser, tokens.id_token, false);
    expect((await userWith(tokens.id_token)).status).toBe(401);
  });

  it('ends the ID tokens of other sessions when the password changes, not of the one in use', async () => {
    const email = 'admin@example.com';
    const elsewhere = await signedIn(email);
    const here = await signedIn(email);
    const ownToken = await ctx.tokenFor(email);
    const changed = await fetch(`${base}/api/auth/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${here.tokens.id_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'demo-password', newPassword: 'a-much-longer-secret-9' }),
    });
    expect(changed.status).toBe(204);
    expect((await userWith(elsewhere.tokens.id_token)).status).toBe(401);
    expect((await userWith(ownToken)).status).toBe(401);
    expect((await userWith(here.tokens.id_token)).status).toBe(200);
    // The session in use renews as before.
    const renewed = await here.browser.fetch('/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: here.tokens.refresh_token!,
        client_id: CLIENT_ID,
      }),
    });
    expect(renewed.status).toBe(200);
  });

  it('ends every session of the user, own and the provider’s, the one in use included, when they sign out everywhere', async () => {
    const email = 'user@example.com';
    const elsewhere = await signedIn(email);
    const here = await signedIn(email);
    const ownToken = await ctx.tokenFor(email);
    const otherUser = await ctx.tokenFor('sfadmin@example.com');
    const ended = await fetch(`${base}/api/auth/sign-out-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${here.tokens.id_token}` },
    });
    expect(ended.status).toBe(204);
    expect((await userWith(elsewhere.tokens.id_token)).status).toBe(401);
    expect((await userWith(here.tokens.id_token)).status).toBe(401);
    expect((await userWith(ownToken)).status).toBe(401);
    expect((await userWith(otherUser)).status).toBe(200);
    const renewed = await here.browser.fetch('/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: here.tokens.refresh_token!,
        client_id: CLIENT_ID,
      }),
    });
    expect(renewed.status).toBe(400);
    const anonymous = await fetch(`${base}/api/auth/sign-out-everywhere`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('ends ID tokens when the user is disabled', async () => {
    const { tokens } = await signedIn('user@example.com');
    await ctx.db.$client.query(`UPDATE users SET enabled = false WHERE email = 'user@example.com'`);
    try {
      expect((await userWith(tokens.id_token)).status).toBe(401);
    } finally {
      await ctx.db.$client.query(`UPDATE users SET enabled = true WHERE email = 'user@example.com'`);
    }
  });

  it('says an interaction has expired when its cookie is missing', async () => {
    const response = await fetch(`${base}/idp/interaction/unknown/details`);
    expect(response.status).toBe(410);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('LINK_EXPIRED');
  });
});
