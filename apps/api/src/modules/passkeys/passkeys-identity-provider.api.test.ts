import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { relyingPartyOf } from './relying-party.ts';
import { SoftwareAuthenticator } from './testing/software-authenticator.ts';

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

  post(path: string, body: unknown) {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
}

const CLIENT_ID = 'service-hub-web';
type Ceremony = { challengeId: string; options: { challenge: string } };

describe('[PASSKEYS][IDP] the built-in identity provider’s sign-in with a passkey', () => {
  let ctx: TestContext;
  let base: string;
  let authenticator: SoftwareAuthenticator;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({ env: { PUBLIC_URL: base, PORT: String(port) } });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    authenticator = new SoftwareAuthenticator(relyingPartyOf(base));
    const token = await ctx.tokenFor('user@example.com');
    const headers = { authorization: `Bearer ${token}` };
    const options = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/passkey-challenges',
      headers,
    });
    const { challengeId, options: creation } = options.json<
      Ceremony & { options: { user: { id: string } } }
    >();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/passkeys',
      headers,
      payload: { challengeId, name: 'Phone', response: authenticator.register(creation) },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });
  afterAll(() => ctx.close());

  async function startSignIn(browser: Browser, verifier: string) {
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${base}/auth/callback`,
      scope: 'openid offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    const authorize = await browser.fetch(`/idp/auth?${query}`);
    expect(authorize.status).toBe(303);
    return new URL(authorize.headers.get('location')!, base).pathname;
  }

  /** Follows the provider back to the app and redeems the code; answers the ID token. */
  async function finishSignIn(browser: Browser, redirectTo: string, verifier: string) {
    const resumed = await browser.fetch(redirectTo);
    expect(resumed.status).toBe(303);
    const code = new URL(resumed.headers.get('location')!).searchParams.get('code')!;
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
    return ((await token.json()) as { id_token: string }).id_token;
  }

  const userWith = (idToken: string) =>
    fetch(`${base}/api/v3/user`, { headers: { authorization: `Bearer ${idToken}` } });

  it('signs in with the passkey alone and the application trusts the ID token', async () => {
    const browser = new Browser(base);
    const verifier = randomBytes(32).toString('base64url');
    const interaction = await startSignIn(browser, verifier);
    const started = await browser.post(`${interaction}/passkey/options`, {});
    expect(started.status).toBe(200);
    const { challengeId, options } = (await started.json()) as Ceremony;
    const answered = await browser.post(`${interaction}/passkey`, {
      challengeId,
      response: authenticator.authenticate(options),
    });
    expect(answered.status).toBe(200);
    const idToken = await finishSignIn(
      browser,
      ((await answered.json()) as { redirectTo: string }).redirectTo,
      verifier,
    );
    expect((await userWith(idToken)).status).toBe(200);
  });

  it('takes the passkey in place of the code of an MFA account, for this interaction only', async () => {
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'email' WHERE name = 'Göta Bostäder AB'`,
    );
    const browser = new Browser(base);
    const verifier = randomBytes(32).toString('base64url');
    const interaction = await startSignIn(browser, verifier);
    const login = await browser.post(`${interaction}/login`, {
      email: 'user@example.com',
      password: 'demo-password',
    });
    const challenge = (await login.json()) as { challengeId: string; passkeys?: boolean };
    expect(challenge).toMatchObject({ mfaRequired: true, method: 'email', passkeys: true });

    // The auth service's endpoints do not take a second step that belongs to an interaction.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      payload: { mfaChallengeId: challenge.challengeId },
    });
    expect(elsewhere.statusCode).toBe(401);

    const started = await browser.post(`${interaction}/passkey/options`, {
      mfaChallengeId: challenge.challengeId,
    });
    expect(started.status).toBe(200);
    const { challengeId, options } = (await started.json()) as Ceremony;
    const answered = await browser.post(`${interaction}/passkey`, {
      challengeId,
      response: authenticator.authenticate(options),
    });
    expect(answered.status).toBe(200);
    const idToken = await finishSignIn(
      browser,
      ((await answered.json()) as { redirectTo: string }).redirectTo,
      verifier,
    );
    expect((await userWith(idToken)).status).toBe(200);
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = false, mfa_type = NULL WHERE name = 'Göta Bostäder AB'`,
    );
  });

  it('refuses an answer whose ceremony was started for another interaction', async () => {
    const first = new Browser(base);
    const firstInteraction = await startSignIn(first, randomBytes(32).toString('base64url'));
    const started = await first.post(`${firstInteraction}/passkey/options`, {});
    const { challengeId, options } = (await started.json()) as Ceremony;

    const second = new Browser(base);
    const secondInteraction = await startSignIn(second, randomBytes(32).toString('base64url'));
    const answered = await second.post(`${secondInteraction}/passkey`, {
      challengeId,
      response: authenticator.authenticate(options),
    });
    expect(answered.status).toBe(401);
  });
});
