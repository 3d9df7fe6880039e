import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { relyingPartyOf } from './relying-party.ts';
import { SoftwareAuthenticator } from './testing/software-authenticator.ts';

type Options = { challengeId: string; options: { challenge: string; user: { id: string } } };
type RequestOptions = {
  challengeId: string;
  options: { challenge: string; allowCredentials?: { id: string }[]; userVerification?: string };
};

describe('[PASSKEYS] registration, sign-in with a passkey alone or as the second factor, admin reset', () => {
  let ctx: TestContext;
  let rp: { origin: string; id: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    rp = relyingPartyOf(ctx.config.publicUrl);
  });
  afterAll(() => ctx.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const startRegistration = async (token: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/passkey-challenges',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Options>();
  };
  const submitRegistration = (token: string, challengeId: string, response: unknown, name = 'Laptop') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v3/passkeys',
      headers: bearer(token),
      payload: { challengeId, name, response },
    });
  /** Registers a passkey for the user of `token` and answers the authenticator holding it. */
  const registerWith = async (token: string, authenticator = new SoftwareAuthenticator(rp)) => {
    const { challengeId, options } = await startRegistration(token);
    const response = await submitRegistration(token, challengeId, authenticator.register(options));
    expect(response.statusCode, response.body).toBe(201);
    return authenticator;
  };
  const passkeyOptions = async (payload: object = {}) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/passkey/options', payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RequestOptions>();
  };
  const verify = (challengeId: string, response: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/passkey/verify', payload: { challengeId, response } });
  const passkeysOf = async (email: string) =>
    (
      await ctx.db.$client.query<{ id: string; name: string; counter: string }>(
        'SELECT id, name, counter FROM passkeys WHERE user_id = $1 ORDER BY created',
        [await ctx.userId(email)],
      )
    ).rows;

  it('refuses the passkey endpoints of a signed-in user to anyone not signed in', async () => {
    for (const [method, url] of [
      ['GET', '/api/v3/passkeys'],
      ['POST', '/api/v3/passkey-challenges'],
      ['POST', '/api/v3/passkeys'],
      ['PATCH', '/api/v3/passkeys/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/v3/passkeys/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('adds a passkey only shortly after a sign-in: an older session must sign in again', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const { sub, sid } = decodeJwt(token);
    const stale = await ctx.app.tokens.sign({
      sub: String(sub),
      email: 'user@example.com',
      sid: String(sid),
      authTime: new Date(Date.now() - 60 * 60_000),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/passkey-challenges',
      headers: bearer(stale),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'REAUTHENTICATION_REQUIRED' });
  });

  it('registers a verified passkey, lists it, excludes it next time and audits the addition', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    const authenticator = await registerWith(token);
    const list = await ctx.app.inject({ url: '/api/v3/passkeys', headers: bearer(token) });
    expect(list.json()).toEqual([
      expect.objectContaining({
        name: 'Laptop',
        lastUsedAt: null,
        deviceType: 'singleDevice',
        backedUp: false,
      }),
    ]);
    const next = await startRegistration(token);
    expect(next.options).toMatchObject({
      rp: { id: rp.id, name: 'Service Hub' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [{ id: authenticator.credentials[0]!.id, type: 'public-key' }],
    });
    const { rows } = await ctx.db.$client.query(
      `SELECT actor_email, after FROM audit_log WHERE action = 'passkey.added' AND entity_id = $1`,
      [await ctx.userId('admin@example.com')],
    );
    expect(rows).toEqual([
      { actor_email: 'admin@example.com', after: expect.objectContaining({ name: 'Laptop' }) },
    ]);
    // Its owner hears of every new way into their account.
    const mail = await ctx.lastMailTo('admin@example.com');
    expect(mail?.subject).toMatch(
      /passkey was added|nyckel har lagts till|tilgangsnøkkel|adgangsnøgle|pääsyavain/,
    );
    expect(mail?.text).toContain('Laptop');
  });

  it('refuses a used challenge, another origin or rp id, a missing user verification and a known credential', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    const authenticator = new SoftwareAuthenticator(rp);
    const before = (await passkeysOf('admin@example.com')).length;
    const refused = async (ceremony: Parameters<SoftwareAuthenticator['register']>[1]) => {
      const { challengeId, options } = await startRegistration(token);
      const response = await submitRegistration(
        token,
        challengeId,
        authenticator.register(options, ceremony),
      );
      expect(response.statusCode, JSON.stringify(ceremony)).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    };
    await refused({ origin: 'https://evil.example.com' });
    await refused({ rpId: 'evil.example.com' });
    await refused({ userVerified: false });
    await refused({ type: 'webauthn.get' });

    const { challengeId, options } = await startRegistration(token);
    const answer = authenticator.register(options);
    expect((await submitRegistration(token, challengeId, answer)).statusCode).toBe(201);
    const replayed = await submitRegistration(token, challengeId, answer);
    expect(replayed.statusCode).toBe(400);

    // The same credential under a new challenge: one authenticator, one passkey.
    const again = await startRegistration(token);
    const copy = { ...answer, response: { ...answer.response } };
    const clientData = JSON.parse(
      Buffer.from(copy.response.clientDataJSON, 'base64url').toString(),
    ) as object;
    copy.response.clientDataJSON = Buffer.from(
      JSON.stringify({ ...clientData, challenge: again.options.challenge }),
    ).toString('base64url');
    expect((await submitRegistration(token, again.challengeId, copy)).statusCode).toBe(409);
    expect((await passkeysOf('admin@example.com')).length).toBe(before + 1);
  });

  it('refuses a registration challenge issued to another user', async () => {
    const mine = await ctx.tokenFor('user@example.com');
    const theirs = await ctx.tokenFor('admin@example.com');
    const { challengeId, options } = await startRegistration(theirs);
    const response = await submitRegistration(
      mine,
      challengeId,
      new SoftwareAuthenticator(rp).register(options),
    );
    expect(response.statusCode).toBe(400);
  });

  it('renames and removes only one’s own passkeys (someone else’s is 404) and audits both', async () => {
    const owner = await ctx.tokenFor('user@example.com');
    await registerWith(owner);
    const [passkey] = (await passkeysOf('user@example.com')).slice(-1);
    const other = await ctx.tokenFor('admin@example.com');
    const url = `/api/v3/passkeys/${passkey!.id}`;
    expect(
      (await ctx.app.inject({ method: 'PATCH', url, headers: bearer(other), payload: { name: 'Mine now' } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(other) })).statusCode).toBe(404);

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(owner),
      payload: { name: '  Work phone  ' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey!.id, name: 'Work phone' });
    for (const name of ['', 'x'.repeat(101), 'bad\u0000name', 'bidi\u202Ename']) {
      const bad = await ctx.app.inject({ method: 'PATCH', url, headers: bearer(owner), payload: { name } });
      expect(bad.statusCode, JSON.stringify(name)).toBe(400);
    }
    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner) });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner) })).statusCode).toBe(404);
    const { rows } = await ctx.db.$client.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = $1 AND action IN ('passkey.renamed', 'passkey.removed') ORDER BY id`,
      [await ctx.userId('user@example.com')],
    );
    expect(rows.map((r) => r.action)).toEqual(['passkey.renamed', 'passkey.removed']);
  });

  it('signs in with a passkey alone: any discoverable passkey, user verification required', async () => {
    const authenticator = await registerWith(await ctx.tokenFor('user@example.com'));
    const { challengeId, options } = await passkeyOptions();
    expect(options).toMatchObject({ userVerification: 'required', rpId: rp.id });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = authenticator.authenticate(options);
    const response = await verify(challengeId, answer);
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/hub_session=/);
    const me = await ctx.app.inject({ url: '/api/v3/user', headers: bearer(response.json().token) });
    expect(me.json()).toMatchObject({ email: 'user@example.com' });
    const [used] = (await passkeysOf('user@example.com')).slice(-1);
    expect(Number(used!.counter)).toBe(1);

    // The same answer again: its challenge is spent.
    expect((await verify(challengeId, answer)).statusCode).toBe(401);
  });

  it('refuses a passkey sign-in with another origin or rp id, without user verification, or a counter going back', async () => {
    const authenticator = await registerWith(await ctx.tokenFor('user@example.com'));
    for (const ceremony of [
      { origin: 'https://evil.example.com' },
      { rpId: 'evil.example.com' },
      { userVerified: false },
    ]) {
      const { challengeId, options } = await passkeyOptions();
      const response = await verify(challengeId, authenticator.authenticate(options, ceremony));
      expect(response.statusCode, JSON.stringify(ceremony)).toBe(401);
    }
    const first = await passkeyOptions();
    expect(
      (await verify(first.challengeId, authenticator.authenticate(first.options, { counter: 7 }))).statusCode,
    ).toBe(200);
    // A cloned authenticator shows itself by a counter that does not grow.
    const clone = await passkeyOptions();
    const response = await verify(
      clone.challengeId,
      authenticator.authenticate(clone.options, { counter: 5 }),
    );
    expect(response.statusCode).toBe(401);
  });

  it('answers a disabled user and an unknown passkey alike, as a wrong password; a user without accounts signs in as with a password', async () => {
    const known = await registerWith(await ctx.tokenFor('admin@example.com'));
    const unknown = new SoftwareAuthenticator(rp);
    unknown.register({ challenge: 'x', user: { id: 'AAAA' } });
    const attempt = async (authenticator: SoftwareAuthenticator) => {
      const { challengeId, options } = await passkeyOptions();
      const response = await verify(challengeId, authenticator.authenticate(options));
      const { requestId: _requestId, ...body } = response.json<Record<string, unknown>>();
      return { status: response.statusCode, body };
    };
    const adminId = await ctx.userId('admin@example.com');
    await ctx.db.$client.query('UPDATE users SET enabled = false WHERE id = $1', [adminId]);
    const disabled = await attempt(known);
    await ctx.db.$client.query('UPDATE users SET enabled = true WHERE id = $1', [adminId]);
    const stranger = await attempt(unknown);
    expect(disabled).toEqual(stranger);
    expect(stranger).toMatchObject({ status: 401, body: { errorCode: 'INVALID_CREDENTIALS' } });

    const { rows: accounts } = await ctx.db.$client.query<{ customer_id: number }>(
      'DELETE FROM user_customers WHERE user_id = $1 RETURNING customer_id',
      [adminId],
    );
    const withoutAccounts = await attempt(known);
    for (const { customer_id } of accounts)
      await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        adminId,
        customer_id,
      ]);
    // As after a password: the web app asks them which account they need (access requests).
    expect(withoutAccounts.status).toBe(200);
  });

  it('counts failed passkey sign-ins towards the lockout of the passkey’s user', async () => {
    const { rows } = await ctx.db.$client.query<{ email: string }>(
      `SELECT email FROM sign_in_attempts WHERE NOT succeeded ORDER BY id DESC LIMIT 3`,
    );
    expect(rows.map((r) => r.email)).toContain('admin@example.com');
    expect(rows.some((r) => r.email.startsWith('passkey:'))).toBe(true);
  });

  describe('as the second factor', () => {
    let authenticator: SoftwareAuthenticator;
    beforeAll(async () => {
      // Registered before the account requires MFA, with a plain password sign-in.
      authenticator = await registerWith(await ctx.tokenFor('user@example.com'));
      await ctx.db.$client.query(
        `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'app' WHERE name = 'Göta Bostäder AB'`,
      );
    });
    afterAll(async () => {
      await ctx.db.$client.query(
        `UPDATE customers SET is_mfa_enabled = false, mfa_type = NULL WHERE name = 'Göta Bostäder AB'`,
      );
    });
    const passwordStep = async (email: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'demo-password' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ mfaRequired: true; challengeId: string; method: string; passkeys?: boolean }>();
    };

    it('stands in for the code whatever method the account names, with the user’s own passkeys only', async () => {
      const challenge = await passwordStep('user@example.com');
      expect(challenge).toMatchObject({ mfaRequired: true, method: 'app', passkeys: true });
      const { rows } = await ctx.db.$client.query<{ credential_id: string }>(
        'SELECT credential_id FROM passkeys WHERE user_id = $1',
        [await ctx.userId('user@example.com')],
      );
      const ceremony = await passkeyOptions({ mfaChallengeId: challenge.challengeId });
      expect(ceremony.options.userVerification).toBe('preferred');
      expect(ceremony.options.allowCredentials?.map((c) => c.id).sort()).toEqual(
        rows.map((r) => r.credential_id).sort(),
      );

      // Another user's passkey is refused like a wrong code.
      const other = await registerWith(await ctx.tokenFor('admin@example.com'));
      const foreign = await verify(ceremony.challengeId, other.authenticate(ceremony.options));
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json()).toMatchObject({ errorCode: 'INVALID_CODE' });

      const next = await passkeyOptions({ mfaChallengeId: challenge.challengeId });
      const response = await verify(next.challengeId, authenticator.authenticate(next.options));
      expect(response.statusCode, response.body).toBe(200);
      const me = await ctx.app.inject({ url: '/api/v3/user', headers: bearer(response.json().token) });
      expect(me.json()).toMatchObject({ email: 'user@example.com' });
      // The sign-in's challenge is done: it cannot start another ceremony.
      const spent = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/passkey/options',
        payload: { mfaChallengeId: challenge.challengeId },
      });
      expect(spent.statusCode).toBe(401);
    });

    it('signs in with the passkey alone although the account requires MFA: it proves two factors', async () => {
      const { challengeId, options } = await passkeyOptions();
      const response = await verify(challengeId, authenticator.authenticate(options));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ token: expect.any(String) });
    });

    it('keeps the e-mail code as the way back for a user with passkeys', async () => {
      await ctx.db.$client.query(`UPDATE customers SET mfa_type = 'email' WHERE name = 'Göta Bostäder AB'`);
      const challenge = await passwordStep('user@example.com');
      expect(challenge).toMatchObject({ method: 'email', passkeys: true });
      const code = /\d{6}/.exec((await ctx.lastMailTo('user@example.com'))!.subject)![0];
      const byCode = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/verify',
        payload: { challengeId: challenge.challengeId, code },
      });
      expect(byCode.statusCode, byCode.body).toBe(200);
    });
  });

  describe('an administrator’s reset of a user’s second factors', () => {
    const reset = async (actor: string, target: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v3/user/${await ctx.userId(target)}/second-factors/reset`,
        headers: bearer(await ctx.tokenFor(actor)),
      });

    it('is refused to users who are not administrators, on oneself, and over a user of other accounts', async () => {
      expect((await reset('user@example.com', 'admin@example.com')).statusCode).toBe(403);
      expect((await reset('admin@example.com', 'admin@example.com')).statusCode).toBe(403);
      // The user also holds an account this administrator does not administer.
      expect((await reset('admin@example.com', 'user@example.com')).statusCode).toBe(403);
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/v3/user/00000000-0000-4000-8000-000000000000/second-factors/reset',
        headers: bearer(await ctx.tokenFor('admin@example.com')),
      });
      expect(unknown.statusCode).toBe(404);
      expect((await passkeysOf('user@example.com')).length).toBeGreaterThan(0);
    });

    it('removes every passkey, ends the user’s sessions and is audited in each account', async () => {
      const userToken = await ctx.tokenFor('user@example.com');
      const count = (await passkeysOf('user@example.com')).length;
      const response = await reset('sfadmin@example.com', 'user@example.com');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ passkeysRemoved: count, authenticatorAppRemoved: false });
      expect(await passkeysOf('user@example.com')).toEqual([]);
      await ctx.cachesHeard();
      expect((await ctx.app.inject({ url: '/api/v3/user', headers: bearer(userToken) })).statusCode).toBe(
        401,
      );
      const { rows } = await ctx.db.$client.query<{ customer_id: number; actor_email: string }>(
        `SELECT customer_id, actor_email FROM audit_log WHERE action = 'user.second-factors-reset' AND entity_id = $1`,
        [await ctx.userId('user@example.com')],
      );
      expect(rows.length).toBe(2);
      expect(rows.every((r) => r.actor_email === 'sfadmin@example.com')).toBe(true);
      expect((await ctx.lastMailTo('user@example.com'))?.text).toMatch(/administrat|ylläpitäjä/i);
    });
  });
});
