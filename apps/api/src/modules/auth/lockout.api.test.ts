import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectTooManyRequests, type TestContext } from '../../../test/helpers.ts';
import { InjectBrowser } from '../../../test/inject-browser.ts';
import { MFA_LOCK_FAILURES } from './mfa.service.ts';
import { ADDRESS_FAILURES, LOCKOUT_FAILURES, LOCKOUT_MINUTES } from './throttle.ts';

const WINDOW_SECONDS = LOCKOUT_MINUTES * 60;

describe('[AUTH] lockout across spellings and across second-factor challenges', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password = 'demo-password', remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const verify = (challengeId: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challengeId, code } });
  /** Moves the recorded past back by `minutes`, as if that much time had passed. */
  const age =
    (table: 'sign_in_attempts' | 'mfa_challenges', column: 'at' | 'created', where: string) =>
    async (minutes: number, value: string) => {
      await ctx.db.$client.query(
        `UPDATE ${table} SET ${column} = ${column} - make_interval(mins => $2) WHERE ${where} = $1`,
        [value, minutes],
      );
    };

  it('keeps a locked address locked under any other spelling of it', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin@example.com', 'wrong')).statusCode).toBe(401);
    expect((await login('admin@example.com')).json().errorCode).toBe('ACCOUNT_LOCKED');
    expect((await login('ADMIN@Example.com')).json().errorCode).toBe('ACCOUNT_LOCKED');
    expect((await login('ａｄｍｉｎ@example.com')).json().errorCode).toBe('ACCOUNT_LOCKED');
    // U+0130 lower-cases to "i" plus a combining dot: another address, which has no user.
    const dotted = await login('admİn@example.com');
    expect(dotted.statusCode).toBe(401);
    expect(dotted.json().errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('counts wrong codes across challenges, locks the second step and tells the user and their administrators', async () => {
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'email' WHERE name = 'Mälardalens Vatten AB'`,
    );
    let failures = 0;
    while (failures < MFA_LOCK_FAILURES) {
      const challenge = await login('user@example.com');
      expect(challenge.json()).toMatchObject({ mfaRequired: true });
      for (let i = 0; i < 5 && failures < MFA_LOCK_FAILURES; i++, failures++) {
        expect((await verify(challenge.json().challengeId, '000000')).statusCode).toBe(401);
      }
    }
    const locked = await login('user@example.com');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ errorCode: 'MFA_LOCKED', status: 429 });
    expect(locked.json().challengeId).toBeUndefined();
    const notice = 'Sign-in codes for Ulla Sand are locked in Service Hub';
    expect((await ctx.lastMailTo('admin@example.com'))?.subject).toBe(notice);
    expect((await ctx.lastMailTo('user@example.com'))?.subject).toBe(notice);
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox WHERE subject = $1',
      [notice],
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('refuses even the right code of an open challenge while locked', async () => {
    await ctx.db.$client.query(
      `UPDATE mfa_challenges SET created = now() - interval '20 minutes'
        WHERE user_id = (SELECT id FROM users WHERE email = 'user@example.com')`,
    );
    const challenge = await login('user@example.com');
    const code = /\b(\d{6})\b/.exec((await ctx.lastMailTo('user@example.com'))!.subject)![1]!;
    // Lock again with wrong codes on other challenges, then try the right one.
    for (let n = 0; n < MFA_LOCK_FAILURES / 5; n++) {
      const other = await login('user@example.com');
      for (let i = 0; i < 5; i++) await verify(other.json().challengeId, '000000');
    }
    const right = await verify(challenge.json().challengeId, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().errorCode).toBe('MFA_LOCKED');
  });

  it('tells a locked e-mail address when to try again: Retry-After until its fifth-newest failure leaves the window', async () => {
    const email = 'retry-locked@example.com';
    const attempt = () => login(email, 'wrong', '203.0.113.51');
    for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await attempt()).statusCode).toBe(401);
    const locked = expectTooManyRequests(await attempt(), 'ACCOUNT_LOCKED', WINDOW_SECONDS);
    expect(locked).toBeGreaterThan(WINDOW_SECONDS - 60);
    // Ten minutes on, five are left; once they have passed, the password is checked again.
    const attempts = age('sign_in_attempts', 'at', 'email');
    await attempts(10, email);
    expect(expectTooManyRequests(await attempt(), 'ACCOUNT_LOCKED', 5 * 60)).toBeGreaterThan(5 * 60 - 60);
    await attempts(5, email);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('tells a client address with too many failed sign-ins when to try again, whichever e-mail it tries', async () => {
    const address = '203.0.113.50';
    // The spray's earlier failures as recorded (each real one costs a password hash), the last five sent.
    await ctx.db.$client.query(
      `INSERT INTO sign_in_attempts (email, ip_address, succeeded)
       SELECT 'spray-' || n || '@example.com', $1, false FROM generate_series(1, $2) n`,
      [address, ADDRESS_FAILURES - 5],
    );
    for (let i = 0; i < 5; i++) {
      expect((await login(`spray-last-${i}@example.com`, 'wrong', address)).statusCode).toBe(401);
    }
    const refused = await login('user@example.com', 'demo-password', address);
    expect(expectTooManyRequests(refused, 'RATE_LIMITED', WINDOW_SECONDS)).toBeGreaterThan(
      WINDOW_SECONDS - 60,
    );
    await age('sign_in_attempts', 'at', 'ip_address')(10, address);
    const later = await login('user@example.com', 'demo-password', address);
    expect(expectTooManyRequests(later, 'RATE_LIMITED', 5 * 60)).toBeGreaterThan(5 * 60 - 60);
  });

  it('tells a locked second step when to try again: Retry-After until the challenge that reached the limit leaves the window', async () => {
    await ctx.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'email' WHERE name = 'Mälardalens Vatten AB'`,
    );
    const userId = await ctx.userId('user@example.com');
    await ctx.db.$client.query('DELETE FROM mfa_challenges WHERE user_id = $1', [userId]);
    let open = '';
    for (let n = 0; n < MFA_LOCK_FAILURES / 5; n++) {
      open = (await login('user@example.com')).json().challengeId;
      for (let i = 0; i < 5; i++) expect((await verify(open, '000000')).statusCode).toBe(401);
    }
    const started = await login('user@example.com');
    expect(expectTooManyRequests(started, 'MFA_LOCKED', WINDOW_SECONDS)).toBeGreaterThan(WINDOW_SECONDS - 60);
    // The lock lifts when the older challenge (with the newer one, ten wrong codes) leaves the window.
    await age('mfa_challenges', 'created', 'user_id')(10, userId);
    const code = await verify(open, '000000');
    expect(expectTooManyRequests(code, 'MFA_LOCKED', 5 * 60)).toBeGreaterThan(5 * 60 - 60);
  });

  it("locks the built-in identity provider's password step like the own sign-in, with Retry-After", async () => {
    const { publicUrl } = ctx.config;
    const browser = new InjectBrowser(ctx.app);
    const query = new URLSearchParams({
      client_id: 'service-hub-web',
      response_type: 'code',
      redirect_uri: `${publicUrl}/auth/callback`,
      scope: 'openid offline_access',
      code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    const authorize = await browser.request({ url: `/idp/auth?${query}` });
    expect(authorize.statusCode).toBe(303);
    const interaction = new URL(authorize.headers.location!, publicUrl).pathname;
    const submit = (password: string) =>
      browser.request({
        method: 'POST',
        url: `${interaction}/login`,
        payload: { email: 'sfadmin@example.com', password },
        remoteAddress: '203.0.113.52',
      });
    for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await submit('wrong')).statusCode).toBe(401);
    const locked = await submit('demo-password');
    expect(expectTooManyRequests(locked, 'ACCOUNT_LOCKED', WINDOW_SECONDS)).toBeGreaterThan(
      WINDOW_SECONDS - 60,
    );
  });
});
