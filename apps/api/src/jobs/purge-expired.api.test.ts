import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { purgeExpired } from './purge-expired.job.ts';

describe('[JOBS] purge of expired security records', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('deletes only what is past its retention and keeps what is still needed', async () => {
    const q = (sql: string, values: unknown[] = []) => ctx.db.$client.query(sql, values);
    const userId = await ctx.userId('user@example.com');
    await q(`INSERT INTO sign_in_attempts (email, ip_address, succeeded, at) VALUES
      ('old@example.com', '10.0.0.1', false, now() - interval '40 days'),
      ('new@example.com', '10.0.0.1', false, now())`);
    await q(
      `INSERT INTO sessions (user_id, refresh_token_hash, expires_at, revoked_at) VALUES
        ($1, 'ended-long-ago', now() + interval '1 day', now() - interval '40 days'),
        ($1, 'still-open', now() + interval '10 days', NULL)`,
      [userId],
    );
    await q(
      `INSERT INTO mfa_challenges (user_id, method, expires_at) VALUES
        ($1, 'email', now() - interval '3 days'), ($1, 'email', now() + interval '5 minutes')`,
      [userId],
    );
    await q(
      `INSERT INTO webauthn_challenges (purpose, challenge, expires_at) VALUES
        ('sign-in', 'old-ceremony', now() - interval '3 days'), ('sign-in', 'open-ceremony', now() + interval '5 minutes')`,
    );
    await q(`INSERT INTO oidc_payloads (type, id, payload, expires_at) VALUES
      ('Session', 'gone', '{}', now() - interval '1 minute'), ('Session', 'alive', '{}', now() + interval '1 hour')`);

    const deleted = await purgeExpired(ctx.db);
    expect(deleted).toMatchObject({
      sign_in_attempts: 1,
      sessions: 1,
      mfa_challenges: 1,
      webauthn_challenges: 1,
      oidc_payloads: 1,
    });
    const left = async (sql: string) => (await q(sql)).rows.map((r) => Object.values(r)[0]);
    expect(
      await left(
        `SELECT email FROM sign_in_attempts WHERE email LIKE '%@example.com' AND ip_address = '10.0.0.1'`,
      ),
    ).toEqual(['new@example.com']);
    expect(
      await left(
        `SELECT refresh_token_hash FROM sessions WHERE refresh_token_hash IN ('ended-long-ago', 'still-open')`,
      ),
    ).toEqual(['still-open']);
    expect(await left(`SELECT id FROM oidc_payloads WHERE id IN ('gone', 'alive')`)).toEqual(['alive']);
    expect(await left(`SELECT challenge FROM webauthn_challenges`)).toEqual(['open-ceremony']);
  });
});
