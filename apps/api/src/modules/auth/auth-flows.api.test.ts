import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

const json = { 'content-type': 'application/json' };
const cookieOf = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((c) => String(c).startsWith('hub_session='));
  return line ? String(line).split(';')[0]! : undefined;
};

describe('[AUTH] sessions: refresh, logout and password change', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password = 'demo-password') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const me = (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });

  it('sets an httpOnly session cookie limited to the auth endpoints', async () => {
    const response = await login('user@example.com');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/hub_session=[^;]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Lax/);
  });

  it('renews the access token with the cookie and rotates the refresh token', async () => {
    const cookie = cookieOf(await login('user@example.com'))!;
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().token)).statusCode).toBe(200);
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(reused.statusCode).toBe(401);
    expect(cookieOf(refreshed)).not.toBe(cookie);
  });

  it('ends the session on logout: the token and the refresh cookie stop working at once', async () => {
    const response = await login('user@example.com');
    const token = response.json().token as string;
    const cookie = cookieOf(response)!;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('logs out by POST from the product’s own pages only: no other site’s link or form can', async () => {
    const cookie = cookieOf(await login('admin@example.com'))!;
    const link = await ctx.app.inject({ url: '/api/auth/logout', headers: { cookie } });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    for (const url of ['/api/auth/logout', '/api/auth/refresh']) {
      const foreign = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example.com' },
      });
      expect(foreign.statusCode, url).toBe(403);
      expect(foreign.json()).toMatchObject({
        status: 403,
        errorCode: 'FORBIDDEN',
        detail: 'This request came from another site.',
      });
      expect(foreign.headers['set-cookie'], url).toBeUndefined();
    }

    const origin = new URL(ctx.config.publicUrl).origin;
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie, origin },
    });
    expect(renewed.statusCode).toBe(200);
    const current = cookieOf(renewed)!;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: current, origin },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: current } }))
        .statusCode,
    ).toBe(401);
  });

  it('ends the whole session when a rotated refresh token is replayed', async () => {
    const signedIn = await login('user@example.com');
    const stolen = cookieOf(signedIn)!;
    const refresh = (cookie: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    const renewed = await refresh(stolen);
    expect(renewed.statusCode).toBe(200);
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
    expect((await refresh(cookieOf(renewed)!)).statusCode).toBe(401);
    expect((await me(renewed.json().token)).statusCode).toBe(401);
    expect((await me(signedIn.json().token)).statusCode).toBe(401);
  });

  it('notices a replay of a refresh token from several rotations ago too', async () => {
    const first = cookieOf(await login('user@example.com'))!;
    const refresh = (cookie: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    const second = await refresh(first);
    const third = await refresh(cookieOf(second)!);
    expect(third.statusCode).toBe(200);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await me(third.json().token)).statusCode).toBe(401);
  });

  it('sends browsers to the sign-in page, keeping only a local return path', async () => {
    const local = await ctx.app.inject({ url: '/api/auth/login?returnTo=%2Ftracking%2Ffiles' });
    expect(local.headers.location).toBe('/auth/login?returnTo=%2Ftracking%2Ffiles');
    const foreign = await ctx.app.inject({ url: '/api/auth/login?returnTo=https%3A%2F%2Fevil.example.com' });
    expect(foreign.headers.location).toBe('/auth/login?returnTo=%2Fdashboard');
  });

  it('changes the password under the policy and ends the other sessions', async () => {
    const other = (await login('admin@example.com')).json().token as string;
    const current = (await login('admin@example.com')).json().token as string;
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { authorization: `Bearer ${current}` },
        payload,
      });

    const weak = await change({ currentPassword: 'demo-password', newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ field: 'body.newPassword', code: 'tooSmall' });
    const common = await change({ currentPassword: 'demo-password', newPassword: 'password1234' });
    expect(common.json().errors[0]).toMatchObject({
      code: 'weakPassword',
      message: 'This password is too easy to guess. Choose a longer or less common one.',
    });
    const wrong = await change({ currentPassword: 'not-it', newPassword: 'a-much-longer-secret-9' });
    expect(wrong.json().errors[0]).toMatchObject({ field: 'body.currentPassword', code: 'wrongPassword' });

    const ok = await change({ currentPassword: 'demo-password', newPassword: 'a-much-longer-secret-9' });
    expect(ok.statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login('admin@example.com')).statusCode).toBe(401);
    expect((await login('admin@example.com', 'a-much-longer-secret-9')).statusCode).toBe(200);
  });
});

describe('[AUTH] lockout after repeated failures', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('locks the e-mail address after five failures, also for the right password, and the same for unknown addresses', async () => {
    const attempt = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    for (let i = 0; i < 5; i++)
      expect((await attempt('user@example.com', 'wrong-password')).statusCode).toBe(401);
    const locked = await attempt('user@example.com', 'demo-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errorCode: 'ACCOUNT_LOCKED',
      detail: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    for (let i = 0; i < 5; i++) await attempt('nobody@example.com', 'wrong-password');
    const unknown = await attempt('nobody@example.com', 'wrong-password');
    expect({ ...unknown.json(), requestId: undefined }).toEqual({ ...locked.json(), requestId: undefined });
    // Others are not affected.
    expect((await attempt('admin@example.com', 'demo-password')).statusCode).toBe(200);
  });

  it('lets the address in again once the lock has expired', async () => {
    await ctx.db.$client.query(
      `UPDATE sign_in_attempts SET at = at - interval '16 minutes' WHERE email = 'user@example.com'`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('[AUTH] multi-factor sign-in per customer account', () => {
  let ctx: TestContext;
  let sfToken: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    sfToken = await ctx.tokenFor('sfadmin@example.com');
  });
  afterAll(() => ctx.close());

  const setMfa = async (name: string, body: object, token = sfToken) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/customers/${await ctx.customerId(name)}/mfa`,
      headers: { authorization: `Bearer ${token}`, ...json },
      payload: body,
    });
  const login = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo-password' } });
  const verify = (challengeId: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challengeId, code } });

  it('is switched on and off by provider administrators only, audited, and validated', async () => {
    const adminToken = await ctx.tokenFor('admin@example.com');
    expect(
      (await setMfa('Mälardalens Vatten AB', { isMFAEnabled: true, mfaType: 'email' }, adminToken))
        .statusCode,
    ).toBe(403);
    const missingMethod = await setMfa('Mälardalens Vatten AB', { isMFAEnabled: true, mfaType: null });
    expect(missingMethod.statusCode).toBe(400);
    expect(missingMethod.json().errors[0]).toMatchObject({
      field: 'body.mfaType',
      code: 'mfaMethodRequired',
      message: 'Choose a method.',
    });
    const response = await setMfa('Mälardalens Vatten AB', { isMFAEnabled: true, mfaType: 'email' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isMFAEnabled: true, mfaType: 'email' });
    expect(response.json().mfaModifiedDate).toBeTruthy();
    const { rows } = await ctx.db.$client.query(
      `SELECT before, after FROM audit_log WHERE action = 'customer.mfa-updated'`,
    );
    expect(rows[0].after).toEqual({ isMFAEnabled: true, mfaType: 'email' });
  });

  it('asks users of that account for an e-mailed code at the next sign-in', async () => {
    const first = await login('user@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mfaRequired: true, method: 'email' });
    expect(first.json().token).toBeUndefined();
    const mail = await ctx.lastMailTo('user@example.com');
    const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!;
    expect(mail!.text).toContain('valid for 10 minutes');
    expect((await verify(first.json().challengeId, code === '000000' ? '111111' : '000000')).statusCode).toBe(
      401,
    );
    const done = await verify(first.json().challengeId, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    expect((await verify(first.json().challengeId, code)).statusCode).toBe(401);
  });

  it('enrols an authenticator app with a QR code and manual key, then asks for its codes', async () => {
    await setMfa('Mälardalens Vatten AB', { isMFAEnabled: true, mfaType: 'app' });
    const first = await login('user@example.com');
    const { challengeId, method, enrolment } = first.json();
    expect(method).toBe('app');
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauthUrl).toContain('otpauth://totp/Service%20Hub:user%40example.com');
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment.secret), digits: 6, period: 30 });
    const firstCode = totp.generate();
    expect((await verify(challengeId, firstCode)).statusCode).toBe(200);

    // A code is good once (RFC 6238): the same one is refused, the next time step's is accepted.
    const second = await login('user@example.com');
    expect(second.json().enrolment).toBeUndefined();
    const replayed = await verify(second.json().challengeId, firstCode);
    expect(replayed.statusCode).toBe(401);
    const third = await login('user@example.com');
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await verify(third.json().challengeId, next)).statusCode).toBe(200);

    const status = await ctx.app.inject({
      url: '/api/v3/user/mfa',
      headers: { authorization: `Bearer ${await ctx.tokenFor('sfadmin@example.com')}` },
    });
    expect(status.json()).toMatchObject({ required: null });
  });

  it('gives up a challenge after five wrong codes', async () => {
    const { challengeId } = (await login('user@example.com')).json();
    for (let i = 0; i < 5; i++) expect((await verify(challengeId, '000000')).statusCode).toBe(401);
    const { rows } = await ctx.db.$client.query<{ attempts: number }>(
      'SELECT attempts FROM mfa_challenges WHERE id = $1',
      [challengeId],
    );
    expect(rows[0]!.attempts).toBe(5);
  });

  it('stops asking once the account turns it off', async () => {
    await setMfa('Mälardalens Vatten AB', { isMFAEnabled: false, mfaType: null });
    expect((await login('user@example.com')).json().token).toBeTruthy();
  });
});

describe('[USERS] invitations, e-mail change and profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The own auth service signs the invitee in at once; with single sign-on see the next test.
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
  });
  afterAll(() => ctx.close());

  const invite = async (as: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers: { authorization: `Bearer ${await ctx.tokenFor(as)}` },
      payload,
    });
  /** The token of the link in a mail, when the link leads to `path`. */
  const tokenFromMail = (text: string, path: string) => {
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    return link.pathname === path ? link.searchParams.get('token')! : '';
  };

  it('invites a new person by e-mail; the link sets a password once and signs them in', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const response = await invite('admin@example.com', {
      email: 'new.person@example.se',
      firstName: 'Nora',
      lastName: 'Nyström',
      customerId: malardalen,
      language: 'sv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'invitationSent' });
    const mail = await ctx.lastMailTo('new.person@example.se');
    expect(mail!.subject).toBe('Du är inbjuden till Service Hub');
    const token = tokenFromMail(mail!.text, '/invitation');
    expect(token).not.toBe('');

    const info = await ctx.app.inject({ url: `/api/auth/invitations/${token}` });
    expect(info.json()).toEqual({
      email: 'new.person@example.se',
      firstName: 'Nora',
      lastName: 'Nyström',
      customerName: 'Mälardalens Vatten AB',
      purpose: 'invitation',
      requiresSignIn: false,
    });
    const containsEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password: 'new.person-secret-1' },
    });
    expect(containsEmail.statusCode).toBe(400);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password: 'Vattentorn-Mälaren-42' },
    });
    expect(accepted.statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${accepted.json().token}` },
    });
    expect(me.json()).toMatchObject({
      email: 'new.person@example.se',
      emailVerified: true,
      roles: [{ name: 'CustomerUser' }],
    });
    expect(me.json().customers.map((c: { name: string }) => c.name)).toEqual(['Mälardalens Vatten AB']);
    expect(me.json().permissions.map((p: { prefix: string }) => p.prefix)).not.toEqual(
      expect.arrayContaining(['WOD']),
    );
    expect(
      me.json().permissions.some((p: { prefix: string }) => ['AI', 'WOD', 'EA', 'IBF'].includes(p.prefix)),
    ).toBe(false);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password: 'Vattentorn-Mälaren-43' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().errorCode).toBe('LINK_EXPIRED');
  });

  it('with single sign-on only sets the password: the invitee signs in at the identity provider', async () => {
    const sso = await createTestApp();
    try {
      const response = await sso.app.inject({
        method: 'POST',
        url: '/api/administration/invite-email',
        headers: { authorization: `Bearer ${await sso.tokenFor('sfadmin@example.com')}` },
        payload: {
          email: 'sso.invitee@example.com',
          firstName: 'Sso',
          lastName: 'Invitee',
          customerId: await sso.customerId('Göta Bostäder AB'),
        },
      });
      expect(response.statusCode).toBe(200);
      const mail = await sso.lastMailTo('sso.invitee@example.com');
      const token = tokenFromMail(mail!.text, '/invitation');
      const accepted = await sso.app.inject({
        method: 'POST',
        url: '/api/auth/invitations/accept',
        payload: { token, password: 'Kvarnholmen-Bro-77' },
      });
      expect(accepted.json()).toEqual({ passwordSet: true });
      expect((await sso.tokenFor('sso.invitee@example.com', 'Kvarnholmen-Bro-77')).length).toBeGreaterThan(
        20,
      );
    } finally {
      await sso.close();
    }
  });

  it('invites an existing user without changing anything until they accept while signed in', async () => {
    const bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    const customersOf = async (email: string) =>
      (
        await ctx.app.inject({
          url: '/api/v3/user',
          headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
        })
      )
        .json()
        .customers.map((c: { id: number }) => c.id);
    const response = await invite('admin@example.com', {
      email: 'USER@example.com',
      firstName: 'U',
      lastName: 'S',
      customerId: bergen,
    });
    expect(response.json()).toEqual({ status: 'invitationSent' });
    const mail = await ctx.lastMailTo('user@example.com');
    expect(mail!.subject).toBe('You are invited to Bergen Boligbyggelag AS in Service Hub');
    expect(await customersOf('user@example.com')).not.toContain(bergen);

    const token = tokenFromMail(mail!.text, '/invitation');
    const info = await ctx.app.inject({ url: `/api/auth/invitations/${token}` });
    expect(info.json()).toMatchObject({ purpose: 'invitation', requiresSignIn: true });
    const withPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password: 'Someone-Elses-Choice-1' },
    });
    expect(withPassword.statusCode).toBe(409);
    const join = async (as: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/invitations/join',
        headers: { authorization: `Bearer ${await ctx.tokenFor(as)}` },
        payload: { token },
      });
    const byAnother = await join('admin@example.com');
    expect(byAnother.statusCode).toBe(403);
    expect(byAnother.json().errorCode).toBe('WRONG_USER');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/invitations/join', payload: { token } }))
        .statusCode,
    ).toBe(401);
    expect(await customersOf('user@example.com')).not.toContain(bergen);

    const joined = await join('user@example.com');
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ customerId: bergen, customerName: 'Bergen Boligbyggelag AS' });
    expect(await customersOf('user@example.com')).toContain(bergen);
    expect((await join('user@example.com')).statusCode).toBe(410);
  });

  it('never lets a customer administrator take over a provider administrator by inviting their address', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const sfAdmin = await ctx.userId('sfadmin@example.com');
    const before = await ctx.db.$client.query(
      'SELECT customer_id FROM user_customers WHERE user_id = $1 ORDER BY 1',
      [sfAdmin],
    );
    const invited = await invite('admin@example.com', {
      email: 'sfadmin@example.com',
      firstName: 'S',
      lastName: 'F',
      customerId: malardalen,
    });
    expect(invited.statusCode).toBe(200);
    const after = await ctx.db.$client.query(
      'SELECT customer_id FROM user_customers WHERE user_id = $1 ORDER BY 1',
      [sfAdmin],
    );
    expect(after.rows).toEqual(before.rows);
    const takeover = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/update-email',
      headers: { authorization: `Bearer ${await ctx.tokenFor('admin@example.com')}` },
      payload: { userId: sfAdmin, email: 'attacker@example.net' },
    });
    expect(takeover.statusCode).toBe(403);
    expect(await ctx.lastMailTo('attacker@example.net')).toBeUndefined();
  });

  it('says when the user already has access, and refuses foreign accounts and customer users', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const gota = await ctx.customerId('Göta Bostäder AB');
    const again = await invite('admin@example.com', {
      email: 'user@example.com',
      firstName: 'U',
      lastName: 'S',
      customerId: malardalen,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ALREADY_HAS_ACCESS');
    expect(
      (
        await invite('admin@example.com', {
          email: 'x@example.com',
          firstName: 'X',
          lastName: 'Y',
          customerId: gota,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await invite('user@example.com', {
          email: 'x@example.com',
          firstName: 'X',
          lastName: 'Y',
          customerId: gota,
        })
      ).statusCode,
    ).toBe(403);
    const invalid = await invite('admin@example.com', {
      email: 'not-an-email',
      firstName: '',
      lastName: 'Y',
      customerId: malardalen,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { code: string }) => e.code)).toEqual(['invalidEmail', 'required']);
  });

  it('invites through the older client’s endpoint too', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/legacy/user/invite',
      headers: { authorization: `Bearer ${await ctx.tokenFor('sfadmin@example.com')}` },
      payload: {
        user: { email: 'legacy.invite@example.com', firstName: 'Lea', lastName: 'Gacy' },
        customer: { id: malardalen },
      },
    });
    expect(response.json()).toEqual({ status: 'invitationSent' });
    expect((await ctx.lastMailTo('legacy.invite@example.com'))!.subject).toBe(
      'You are invited to Service Hub',
    );
  });

  it('changes an e-mail address only after the new address confirms it', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const userId = await ctx.userId('user@example.com');
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/update-email',
      headers: { authorization: `Bearer ${token}` },
      payload: { userId, email: 'ADMIN@example.com' },
    });
    // The same answer as for a free address; the owner of the address is told instead.
    expect(taken.statusCode).toBe(202);
    expect((await ctx.lastMailTo('admin@example.com'))!.subject).toBe(
      'Someone tried to use your e-mail address in Service Hub',
    );
    expect(
      (await ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } })).json()
        .email,
    ).toBe('user@example.com');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/update-email',
      headers: { authorization: `Bearer ${token}` },
      payload: { userId, email: 'ulla.sand@example.com' },
    });
    expect(asked.statusCode).toBe(202);
    expect(
      (await ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } })).json()
        .email,
    ).toBe('user@example.com');
    const link = tokenFromMail((await ctx.lastMailTo('ulla.sand@example.com'))!.text, '/email-change');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email-change/confirm',
      payload: { token: link },
    });
    expect(confirmed.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.tokenFor('ulla.sand@example.com')).length).toBeGreaterThan(20);
  });

  it('lets only the user or a provider administrator change a sign-in address, and reveals no user ids', async () => {
    const asAdmin = await ctx.tokenFor('admin@example.com');
    const change = (token: string, userId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/administration/update-email',
        headers: { authorization: `Bearer ${token}` },
        payload: { userId, email: 'someone.else@example.com' },
      });
    const { rows } = await ctx.db.$client.query<{ id: string }>(
      `SELECT DISTINCT uc.user_id AS id FROM user_customers uc JOIN user_customers mine ON mine.customer_id = uc.customer_id
        JOIN users me ON me.id = mine.user_id AND me.email = 'admin@example.com'
       WHERE uc.user_id <> me.id LIMIT 1`,
    );
    const ownCustomersUser = rows[0]!.id;
    const refused = await change(asAdmin, ownCustomersUser);
    const unknown = await change(asAdmin, '00000000-0000-4000-8000-000000000000');
    expect(refused.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().detail).toBe(refused.json().detail);
    expect((await change(await ctx.tokenFor('sfadmin@example.com'), ownCustomersUser)).statusCode).toBe(202);
  });

  it('asks the user to sign in again before changing their own address long after signing in', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    const { sub, sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    const stale = await ctx.app.tokens.sign({
      sub,
      sid,
      email: 'admin@example.com',
      authTime: new Date(Date.now() - 60 * 60_000),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/update-email',
      headers: { authorization: `Bearer ${stale}` },
      payload: { userId: sub, email: 'anders.new@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('updates the signed-in user’s name and language', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Anders', lastName: 'Dahlberg', language: 'da' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Anders Dahlberg', language: 'da' });
  });
});
