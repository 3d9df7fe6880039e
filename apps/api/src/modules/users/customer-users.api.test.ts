import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('[USERS] users and invitations of a customer account', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let malardalen: number;
  let gota: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
    for (const email of ['sfadmin@example.com', 'admin@example.com', 'user@example.com'])
      tokens[email] = await ctx.tokenFor(email);
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
  });
  afterAll(() => ctx.close());

  const call = (as: string | undefined, method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
    });
  const invite = (as: string, email: string, customerId = malardalen) =>
    call(as, 'POST', '/api/administration/invite-email', {
      email,
      firstName: 'Ina',
      lastName: 'Inbjuden',
      customerId,
    });
  const tokenOfLastMail = async (email: string) =>
    new URL(/https?:\/\/\S+/.exec((await ctx.lastMailTo(email))!.text)![0]).searchParams.get('token')!;

  describe('GET /api/customers/:id/users', () => {
    it('lists the users of the account with their permissions there and what the caller may do', async () => {
      const list = await call('admin@example.com', 'GET', `/api/customers/${malardalen}/users`);
      expect(list.statusCode).toBe(200);
      const user = list.json().find((u: { email: string }) => u.email === 'user@example.com');
      expect(user).toMatchObject({
        roles: ['CustomerUser'],
        hasOtherAccounts: true,
        manageable: false,
        canChangePermissions: true,
        locked: false,
        enabled: true,
      });
      expect(user.permissionIds.length).toBeGreaterThan(0);
      const admin = list.json().find((u: { email: string }) => u.email === 'admin@example.com');
      expect(admin).toMatchObject({ manageable: false, canChangePermissions: false });
      const bySf = await call('sfadmin@example.com', 'GET', `/api/customers/${malardalen}/users`);
      expect(bySf.json().every((u: { manageable: boolean }) => u.manageable)).toBe(true);
    });

    it('refuses the administrator of another customer and customer users; 404 for a missing customer', async () => {
      expect((await call('admin@example.com', 'GET', `/api/customers/${gota}/users`)).statusCode).toBe(403);
      expect((await call('user@example.com', 'GET', `/api/customers/${gota}/users`)).statusCode).toBe(403);
      expect((await call('sfadmin@example.com', 'GET', '/api/customers/999999/users')).statusCode).toBe(404);
      expect((await call(undefined, 'GET', `/api/customers/${gota}/users`)).statusCode).toBe(401);
    });

    it("answers the older client's GET /customers/users, with 'Failed to load customer user data' without an id", async () => {
      const list = await call('admin@example.com', 'GET', `/api/legacy/customers/users?id=${malardalen}`);
      expect(list.json().map((u: { email: string }) => u.email)).toContain('user@example.com');
      const missing = await call('admin@example.com', 'GET', '/api/legacy/customers/users');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        detail: 'Failed to load customer user data',
        errors: [{ field: 'query.id', code: 'required', message: 'Failed to load customer user data' }],
      });
      const invalid = await call('admin@example.com', 'GET', '/api/legacy/customers/users?id=12a');
      expect(invalid.json().errors[0].message).toBe('Invalid customerId: 12a is not a valid number');
      expect(
        (await call('admin@example.com', 'GET', `/api/legacy/customers/users?id=${gota}`)).statusCode,
      ).toBe(403);
    });
  });

  describe('GET /api/customers/:id/permissions', () => {
    it('lists what the account offers its users, to its administrators only', async () => {
      const list = await call('admin@example.com', 'GET', `/api/customers/${malardalen}/permissions`);
      expect(list.statusCode).toBe(200);
      expect(new Set(list.json().map((p: { prefix: string }) => p.prefix))).toEqual(
        new Set(['STT', 'ETS', 'SUP', 'EC', 'WOD', 'EA']),
      );
      expect((await call('admin@example.com', 'GET', `/api/customers/${gota}/permissions`)).statusCode).toBe(
        403,
      );
      expect(
        (await call('user@example.com', 'GET', `/api/customers/${malardalen}/permissions`)).statusCode,
      ).toBe(403);
    });
  });

  describe('POST /api/customers/:id/users/permissions', () => {
    const sttAndSup = async () =>
      (
        await ctx.db.$client.query<{ id: number; prefix: string }>(
          `SELECT p.id, p.prefix FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
            WHERE cp.customer_id = $1 AND p.prefix IN ('STT', 'SUP') ORDER BY p.id`,
          [malardalen],
        )
      ).rows;

    it('adds to, then replaces, the permissions of several users at once', async () => {
      await invite('admin@example.com', 'bulk.one@example.se');
      await invite('admin@example.com', 'bulk.two@example.se');
      const users = [await ctx.userId('bulk.one@example.se'), await ctx.userId('bulk.two@example.se')];
      const permissions = await sttAndSup();
      const sup = permissions.filter((p) => p.prefix === 'SUP').map((p) => p.id);
      const added = await call(
        'admin@example.com',
        'POST',
        `/api/customers/${malardalen}/users/permissions`,
        {
          userIds: users,
          permissionIds: sup,
          mode: 'add',
        },
      );
      expect(added.json()).toEqual({ updated: 2 });
      const held = async (userId: string) =>
        (
          await ctx.db.$client.query<{ permission_id: number }>(
            'SELECT permission_id FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2 ORDER BY 1',
            [userId, malardalen],
          )
        ).rows.map((r) => r.permission_id);
      expect(await held(users[0]!)).toEqual(expect.arrayContaining(sup));
      const replaced = await call(
        'admin@example.com',
        'POST',
        `/api/customers/${malardalen}/users/permissions`,
        {
          userIds: users,
          permissionIds: sup,
          mode: 'replace',
        },
      );
      expect(replaced.statusCode).toBe(200);
      expect(await held(users[1]!)).toEqual(sup);
    });

    it('refuses the whole request when one user may not be changed, and changes nobody', async () => {
      const one = await ctx.userId('bulk.one@example.se');
      const admin = await ctx.userId('admin@example.com');
      const refused = await call(
        'admin@example.com',
        'POST',
        `/api/customers/${malardalen}/users/permissions`,
        {
          userIds: [one, admin],
          permissionIds: [],
          mode: 'replace',
        },
      );
      expect(refused.statusCode).toBe(403);
      const { rows } = await ctx.db.$client.query(
        'SELECT 1 FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2',
        [one, malardalen],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(
        (
          await call('admin@example.com', 'POST', `/api/customers/${gota}/users/permissions`, {
            userIds: [one],
            permissionIds: [],
            mode: 'add',
          })
        ).statusCode,
      ).toBe(403);
      const invalid = await call(
        'admin@example.com',
        'POST',
        `/api/customers/${malardalen}/users/permissions`,
        {
          userIds: [],
          permissionIds: [],
          mode: 'merge',
        },
      );
      expect(
        invalid
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['body.mode', 'body.userIds']);
    });
  });

  describe('GET /api/customers/:id/users/export', () => {
    it('exports the users of the account as CSV', async () => {
      const csv = await call('admin@example.com', 'GET', `/api/customers/${malardalen}/users/export`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('first name,last name,e-mail,roles,permissions,enabled,locked');
      expect(lines.find((l) => l.includes('user@example.com'))).toMatch(
        /^Ulla,Sand,user@example.com,CustomerUser,.*STT/,
      );
      expect((await call('admin@example.com', 'GET', `/api/customers/${gota}/users/export`)).statusCode).toBe(
        403,
      );
    });
  });

  describe('invitations', () => {
    const invitations = async () =>
      (await call('admin@example.com', 'GET', `/api/customers/${malardalen}/invitations`)).json() as {
        id: string;
        email: string;
        status: string;
        invitedBy: string | null;
      }[];

    it('lists pending invitations and sends one again with a fresh link', async () => {
      await invite('admin@example.com', 'pending.person@example.se');
      const first = (await invitations()).find((i) => i.email === 'pending.person@example.se')!;
      expect(first).toMatchObject({ status: 'pending', invitedBy: 'Anders Dahl' });
      const oldToken = await tokenOfLastMail('pending.person@example.se');
      const resent = await call(
        'admin@example.com',
        'POST',
        `/api/customers/${malardalen}/invitations/${first.id}/resend`,
      );
      expect(resent.json()).toEqual({ status: 'invitationSent' });
      const newToken = await tokenOfLastMail('pending.person@example.se');
      expect(newToken).not.toBe(oldToken);
      expect((await ctx.app.inject({ url: `/api/auth/invitations/${oldToken}` })).statusCode).toBe(410);
      const now = (await invitations()).filter((i) => i.email === 'pending.person@example.se');
      expect(now).toHaveLength(1);
      expect(now[0]!.status).toBe('pending');
      expect(now[0]!.id).not.toBe(first.id);
    });

    it('shows accepted and expired invitations', async () => {
      await invite('admin@example.com', 'accepting.person@example.se');
      const token = await tokenOfLastMail('accepting.person@example.se');
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/invitations/accept',
        payload: { token, password: 'Mälaren-Vatten-Torn-9' },
      });
      expect(accepted.statusCode).toBe(200);
      await invite('admin@example.com', 'late.person@example.se');
      await ctx.db.$client.query(
        `UPDATE email_tokens SET expires_at = now() - interval '1 minute'
          WHERE user_id = (SELECT id FROM users WHERE email = 'late.person@example.se')`,
      );
      const list = await invitations();
      expect(list.find((i) => i.email === 'accepting.person@example.se')!.status).toBe('accepted');
      expect(list.find((i) => i.email === 'late.person@example.se')!.status).toBe('expired');
    });

    it('withdraws a pending invitation: the link stops working and a person who never signed in is gone', async () => {
      await invite('admin@example.com', 'withdrawn.person@example.se');
      const token = await tokenOfLastMail('withdrawn.person@example.se');
      const invitation = (await invitations()).find((i) => i.email === 'withdrawn.person@example.se')!;
      const withdrawn = await call(
        'admin@example.com',
        'DELETE',
        `/api/customers/${malardalen}/invitations/${invitation.id}`,
      );
      expect(withdrawn.statusCode).toBe(204);
      expect((await ctx.app.inject({ url: `/api/auth/invitations/${token}` })).statusCode).toBe(410);
      const { rows } = await ctx.db.$client.query(
        `SELECT 1 FROM users WHERE email = 'withdrawn.person@example.se'`,
      );
      expect(rows).toHaveLength(0);
      const again = await call(
        'admin@example.com',
        'DELETE',
        `/api/customers/${malardalen}/invitations/${invitation.id}`,
      );
      expect(again.statusCode).toBe(404);
      const audit = await call(
        'admin@example.com',
        'GET',
        `/api/customers/${malardalen}/audit?action=invitation.withdrawn`,
      );
      expect(audit.json().result[0]).toMatchObject({ after: { status: 'withdrawn', userRemoved: true } });
    });

    it('withdrawing an invitation of an existing user leaves the user as they were', async () => {
      const bergen = await ctx.customerId('Bergen Boligbyggelag AS');
      await invite('admin@example.com', 'user@example.com', bergen);
      const list = (await call('admin@example.com', 'GET', `/api/customers/${bergen}/invitations`)).json();
      const withdrawn = await call(
        'admin@example.com',
        'DELETE',
        `/api/customers/${bergen}/invitations/${list[0].id}`,
      );
      expect(withdrawn.statusCode).toBe(204);
      expect((await ctx.tokenFor('user@example.com')).length).toBeGreaterThan(0);
    });

    it('refuses the administrators of other customers and invitations of other accounts', async () => {
      const invitation = (await invitations())[0]!;
      expect((await call('admin@example.com', 'GET', `/api/customers/${gota}/invitations`)).statusCode).toBe(
        403,
      );
      expect(
        (await call('admin@example.com', 'DELETE', `/api/customers/${gota}/invitations/${invitation.id}`))
          .statusCode,
      ).toBe(403);
      const bergen = await ctx.customerId('Bergen Boligbyggelag AS');
      expect(
        (
          await call(
            'admin@example.com',
            'POST',
            `/api/customers/${bergen}/invitations/${invitation.id}/resend`,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('user@example.com', 'GET', `/api/customers/${malardalen}/invitations`)).statusCode,
      ).toBe(403);
    });

    it("says 'Invalid email' and that the user already has access", async () => {
      const invalid = await invite('admin@example.com', 'not-an-address');
      expect(invalid.json().errors[0]).toMatchObject({
        field: 'body.email',
        code: 'invalidEmail',
        message: 'Invalid email',
      });
      const existing = await invite('admin@example.com', 'user@example.com');
      expect(existing.statusCode).toBe(409);
      expect(existing.json().errorCode).toBe('ALREADY_HAS_ACCESS');
    });
  });
});
