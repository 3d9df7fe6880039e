import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { MFA_LOCK_FAILURES } from './mfa.service.ts';

describe('[AUTH] lockout across spellings and across second-factor challenges', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password = 'demo-password') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const verify = (challengeId: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challengeId, code } });

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
});
