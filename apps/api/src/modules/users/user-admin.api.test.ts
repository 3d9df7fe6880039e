import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('[USERS] administration of users', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let malardalen: number;
  let gota: number;
  let newcomer: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
    for (const email of ['sfadmin@example.com', 'admin@example.com', 'user@example.com'])
      tokens[email] = await ctx.tokenFor(email);
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    // Someone who holds only the customer administrator's account.
    const invited = await call('admin@example.com', 'POST', '/api/administration/invite-email', {
      email: 'nils.newcomer@example.se',
      firstName: 'Nils',
      lastName: 'Nykomling',
      customerId: malardalen,
    });
    expect(invited.statusCode).toBe(200);
    newcomer = await ctx.userId('nils.newcomer@example.se');
  });
  afterAll(() => ctx.close());

  function call(as: string | undefined, method: Method, url: string, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
    });
  }
  const permissionsOn = async (customerId: number, prefixes: string[]) =>
    (
      await ctx.db.$client.query<{ id: number }>(
        `SELECT p.id FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
          WHERE cp.customer_id = $1 AND p.prefix = ANY($2) ORDER BY p.id`,
        [customerId, prefixes],
      )
    ).rows.map((r) => r.id);

  describe('GET /api/v3/users/search', () => {
    it('finds every user by name, address or username, a page at a time, for provider staff', async () => {
      const found = await call('sfadmin@example.com', 'GET', '/api/v3/users/search?q=ulla');
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual([
        expect.objectContaining({ email: 'user@example.com', roles: ['CustomerUser'], accountCount: 2 }),
      ]);
      expect(found.headers['x-total-count']).toBe('1');
      const page = await call('sfadmin@example.com', 'GET', '/api/v3/users/search?max=5&first=5');
      expect(page.json()).toHaveLength(5);
      expect(Number(page.headers['x-total-count'])).toBeGreaterThan(50);
      const byFields = await call(
        'sfadmin@example.com',
        'GET',
        '/api/v3/users/search?firstName=Anders&lastName=dahl&email=admin@&username=admin',
      );
      expect(byFields.json().map((u: { email: string }) => u.email)).toEqual(['admin@example.com']);
    });

    it('exports the matching users as CSV', async () => {
      const csv = await call('sfadmin@example.com', 'GET', '/api/v3/users/export?q=example.com');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="users.csv"');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('first name,last name,e-mail,username,roles,accounts,enabled');
      expect(lines).toContain('Ulla,Sand,user@example.com,user@example.com,CustomerUser,2,yes');
      expect((await call('admin@example.com', 'GET', '/api/v3/users/export')).statusCode).toBe(403);
    });

    it('refuses customer administrators, customer users, the anonymous and bad paging', async () => {
      expect((await call('admin@example.com', 'GET', '/api/v3/users/search')).statusCode).toBe(403);
      expect((await call('user@example.com', 'GET', '/api/v3/users/search')).statusCode).toBe(403);
      expect((await call(undefined, 'GET', '/api/v3/users/search')).statusCode).toBe(401);
      expect((await call('sfadmin@example.com', 'GET', '/api/v3/users/search?max=0')).statusCode).toBe(400);
    });
  });

  describe('GET /api/v3/user/:userId', () => {
    it('shows provider staff every account of a user and what they may do', async () => {
      const user = await call(
        'sfadmin@example.com',
        'GET',
        `/api/v3/user/${await ctx.userId('user@example.com')}`,
      );
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({
        email: 'user@example.com',
        roles: ['CustomerUser'],
        otherAccounts: 0,
        lockout: { password: false, mfa: false },
        allowed: { edit: true, delete: true, unlock: true },
      });
      expect(user.json().accounts.map((a: { name: string }) => a.name)).toEqual([
        'Göta Bostäder AB',
        'Mälardalens Vatten AB',
      ]);
      expect(user.json().grantableRoles).toContain('SF_ADMIN');
    });

    it('shows a customer administrator only their accounts of a user who also belongs elsewhere', async () => {
      const user = await call(
        'admin@example.com',
        'GET',
        `/api/v3/user/${await ctx.userId('user@example.com')}`,
      );
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({
        accounts: [{ name: 'Mälardalens Vatten AB', canRevoke: true, canChangePermissions: true }],
        otherAccounts: 1,
        allowed: { edit: false, delete: false },
        grantableRoles: [],
      });
      expect(user.json().accounts[0].available.length).toBeGreaterThan(0);
      const own = await call('admin@example.com', 'GET', `/api/v3/user/${newcomer}`);
      expect(own.json()).toMatchObject({
        allowed: { edit: true, delete: true },
        grantableRoles: ['CustomerUser', 'CustomerAdministrator'],
      });
    });

    it('answers 404 for users outside the administrator’s accounts, 403 for customer users, 400 for a bad id', async () => {
      const foreign = await call(
        'admin@example.com',
        'GET',
        `/api/v3/user/${await ctx.userId('sfadmin@example.com')}`,
      );
      expect(foreign.statusCode).toBe(404);
      const missing = await call(
        'admin@example.com',
        'GET',
        '/api/v3/user/00000000-0000-4000-8000-000000000000',
      );
      expect(missing.json().detail).toBe(foreign.json().detail);
      expect((await call('user@example.com', 'GET', `/api/v3/user/${newcomer}`)).statusCode).toBe(403);
      expect((await call('sfadmin@example.com', 'GET', '/api/v3/user/not-a-uuid')).statusCode).toBe(400);
    });
  });

  describe('PUT /api/v3/user/:userId', () => {
    const body = (roles: string[], extra: object = {}) => ({
      firstName: 'Nils',
      lastName: 'Nykomling',
      roles,
      enabled: true,
      ...extra,
    });

    it('changes the name and adds a role, audited with before and after', async () => {
      const updated = await call(
        'admin@example.com',
        'PUT',
        `/api/v3/user/${newcomer}`,
        body(['CustomerUser', 'CustomerAdministrator'], { lastName: 'Nyberg' }),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        displayName: 'Nils Nyberg',
        roles: ['CustomerAdministrator', 'CustomerUser'],
      });
      const { rows } = await ctx.db.$client.query(
        `SELECT before, after, request_id FROM audit_log WHERE action = 'user.updated' AND entity_id = $1`,
        [newcomer],
      );
      expect(rows).toEqual([
        {
          before: { firstName: 'Nils', lastName: 'Nykomling', roles: ['CustomerUser'] },
          after: { firstName: 'Nils', lastName: 'Nyberg', roles: ['CustomerAdministrator', 'CustomerUser'] },
          request_id: updated.headers['x-request-id'],
        },
      ]);
      // The customer's audit log shows the change of its user.
      const audit = await call(
        'admin@example.com',
        'GET',
        `/api/customers/${malardalen}/audit?action=user.updated`,
      );
      expect(audit.json().totalCount).toBe(1);
    });

    it('only adds roles and never above the administrator’s own', async () => {
      const removes = await call(
        'admin@example.com',
        'PUT',
        `/api/v3/user/${newcomer}`,
        body(['CustomerUser']),
      );
      expect(removes.statusCode).toBe(400);
      expect(removes.json().errors[0]).toMatchObject({
        field: 'body.roles',
        message: 'The role selection only adds to the roles the user already has.',
      });
      const above = await call(
        'admin@example.com',
        'PUT',
        `/api/v3/user/${newcomer}`,
        body(['CustomerUser', 'CustomerAdministrator', 'SF_ADMIN']),
      );
      expect(above.statusCode).toBe(403);
      const invalid = await call('admin@example.com', 'PUT', `/api/v3/user/${newcomer}`, body(['Root']));
      expect(invalid.statusCode).toBe(400);
      const long = await call(
        'admin@example.com',
        'PUT',
        `/api/v3/user/${newcomer}`,
        body(['CustomerUser', 'CustomerAdministrator'], { firstName: 'x'.repeat(101) }),
      );
      expect(long.json().errors[0].message).toBe('This field cannot be bigger than 100 characters.');
    });

    it('gives an added role effect at the next request of the user, with the token they already have', async () => {
      const userId = await ctx.userId('user@example.com');
      const token = await ctx.tokenFor('user@example.com');
      const usersOfGota = () =>
        ctx.app.inject({
          url: `/api/customers/${gota}/users`,
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await usersOfGota()).statusCode).toBe(403);
      const promoted = await call('sfadmin@example.com', 'PUT', `/api/v3/user/${userId}`, {
        firstName: 'Ulla',
        lastName: 'Sand',
        roles: ['CustomerUser', 'CustomerAdministrator'],
        enabled: true,
      });
      expect(promoted.json().roles).toEqual(['CustomerAdministrator', 'CustomerUser']);
      expect((await usersOfGota()).statusCode).toBe(200);
      // Back as it was for the tests below (directly: roles are never removed through the API).
      await ctx.db.$client.query(
        `DELETE FROM user_roles WHERE user_id = $1 AND role = 'CustomerAdministrator'`,
        [userId],
      );
    });

    it('refuses a customer administrator on a user who also belongs elsewhere, and customer users', async () => {
      const user = await ctx.userId('user@example.com');
      const refused = await call('admin@example.com', 'PUT', `/api/v3/user/${user}`, {
        firstName: 'Ulla',
        lastName: 'Sand',
        roles: ['CustomerUser'],
        enabled: false,
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await call('user@example.com', 'PUT', `/api/v3/user/${newcomer}`, body(['CustomerUser'])))
          .statusCode,
      ).toBe(403);
    });

    it('signs a disabled user out everywhere at once', async () => {
      const token = await ctx
        .tokenFor('nils.newcomer@example.se', 'Nykomling-Lösen-2026')
        .catch(() => undefined);
      expect(token).toBeUndefined(); // never chose a password: nobody can sign in as them yet
      const userId = await ctx.userId('user@example.com');
      const userToken = await ctx.tokenFor('user@example.com');
      const disabled = await call('sfadmin@example.com', 'PUT', `/api/v3/user/${userId}`, {
        firstName: 'Ulla',
        lastName: 'Sand',
        roles: ['CustomerUser'],
        enabled: false,
      });
      expect(disabled.json().enabled).toBe(false);
      const after = await ctx.app.inject({
        url: '/api/v3/user',
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(after.statusCode).toBe(401);
      await call('sfadmin@example.com', 'PUT', `/api/v3/user/${userId}`, {
        firstName: 'Ulla',
        lastName: 'Sand',
        roles: ['CustomerUser'],
        enabled: true,
      });
      tokens['user@example.com'] = await ctx.tokenFor('user@example.com');
      const self = await call(
        'sfadmin@example.com',
        'PUT',
        `/api/v3/user/${await ctx.userId('sfadmin@example.com')}`,
        {
          firstName: 'Siri',
          lastName: 'Falk',
          roles: ['ProviderAdministrator', 'SF_ADMIN'],
          enabled: false,
        },
      );
      expect(self.statusCode).toBe(400);
    });
  });

  describe('PUT /api/customers/:customerId/users/:userId/permissions', () => {
    it("replaces a user's permissions on the administrator's account, even when the user belongs elsewhere too", async () => {
      const user = await ctx.userId('user@example.com');
      const [stt] = await permissionsOn(malardalen, ['STT']);
      const sup = await permissionsOn(malardalen, ['SUP']);
      const set = await call(
        'admin@example.com',
        'PUT',
        `/api/customers/${malardalen}/users/${user}/permissions`,
        {
          permissionIds: [stt, ...sup],
        },
      );
      expect(set.statusCode).toBe(200);
      expect(set.json().accounts[0].permissionIds).toEqual([stt, ...sup].sort((a, b) => a! - b!));
      const { rows } = await ctx.db.$client.query(
        `SELECT customer_id, before, after FROM audit_log WHERE action = 'user.permissions-updated' AND entity_id = $1`,
        [user],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].customer_id).toBe(malardalen);
      const legacy = await call(
        'admin@example.com',
        'PUT',
        `/api/legacy/customers/${malardalen}/users/${user}/permissions`,
        [stt],
      );
      expect(legacy.json().accounts[0].permissionIds).toEqual([stt]);
    });

    it('refuses the foreign account of that user, permissions the account lacks, and users without access', async () => {
      const user = await ctx.userId('user@example.com');
      const lacked = (
        await ctx.db.$client.query<{ id: number }>(`SELECT id FROM permissions WHERE prefix = 'JIR'`)
      ).rows[0]!.id;
      expect(
        (
          await call('admin@example.com', 'PUT', `/api/customers/${gota}/users/${user}/permissions`, {
            permissionIds: [],
          })
        ).statusCode,
      ).toBe(403);
      const lacking = await call(
        'admin@example.com',
        'PUT',
        `/api/customers/${malardalen}/users/${user}/permissions`,
        {
          permissionIds: [lacked],
        },
      );
      expect([lacking.statusCode, lacking.json().errors?.[0].field]).toEqual([400, 'body.permissionIds']);
      const sfAdmin = await ctx.userId('sfadmin@example.com');
      expect(
        (
          await call(
            'admin@example.com',
            'PUT',
            `/api/customers/${malardalen}/users/${sfAdmin}/permissions`,
            {
              permissionIds: [],
            },
          )
        ).statusCode,
      ).toBe(404);
      const admin = await ctx.userId('admin@example.com');
      expect(
        (
          await call('admin@example.com', 'PUT', `/api/customers/${malardalen}/users/${admin}/permissions`, {
            permissionIds: [],
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'user@example.com',
            'PUT',
            `/api/customers/${malardalen}/users/${newcomer}/permissions`,
            { permissionIds: [] },
          )
        ).statusCode,
      ).toBe(403);
      const bad = await call('sfadmin@example.com', 'PUT', `/api/customers/abc/users/${user}/permissions`, {
        permissionIds: [],
      });
      expect(bad.json().errors[0].message).toBe('Invalid customerId: abc is not a valid number');
    });
  });

  describe('POST /api/v3/user/:userId/unlock', () => {
    it('shows a password lockout and lifts it', async () => {
      for (let i = 0; i < 5; i++)
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'user@example.com', password: 'wrong-password' },
        });
      const user = await ctx.userId('user@example.com');
      const locked = await call('admin@example.com', 'GET', `/api/v3/user/${user}`);
      expect(locked.json().lockout).toEqual({ password: true, mfa: false });
      const list = await call('admin@example.com', 'GET', `/api/customers/${malardalen}/users`);
      expect(list.json().find((u: { id: string }) => u.id === user).locked).toBe(true);
      const unlocked = await call('admin@example.com', 'POST', `/api/v3/user/${user}/unlock`);
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json().lockout).toEqual({ password: false, mfa: false });
      expect((await ctx.tokenFor('user@example.com')).length).toBeGreaterThan(0);
      expect((await call('user@example.com', 'POST', `/api/v3/user/${newcomer}/unlock`)).statusCode).toBe(
        403,
      );
      const sfAdmin = await ctx.userId('sfadmin@example.com');
      expect((await call('admin@example.com', 'POST', `/api/v3/user/${sfAdmin}/unlock`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('the older client', () => {
    it('reads the current user, searches the directory and reads one entry', async () => {
      const me = await call('user@example.com', 'GET', '/api/legacy/user');
      expect(me.json()).toMatchObject({ email: 'user@example.com', customers: expect.any(Array) });
      const search = await call('sfadmin@example.com', 'GET', '/api/legacy/user/search?search=ulla');
      expect(search.json()).toEqual([
        expect.objectContaining({ mail: 'user@example.com', displayName: 'Ulla Sand', enabled: true }),
      ]);
      const entry = await call('admin@example.com', 'GET', `/api/legacy/user/${newcomer}`);
      expect(entry.json()).toMatchObject({ objectId: newcomer, mail: 'nils.newcomer@example.se' });
      const inCustomer = await call(
        'admin@example.com',
        'GET',
        `/api/legacy/customers/${malardalen}/user/search?mail=example.com`,
      );
      expect(inCustomer.json().map((u: { mail: string }) => u.mail)).toEqual(
        expect.arrayContaining(['user@example.com', 'admin@example.com']),
      );
      expect(
        (await call('admin@example.com', 'GET', `/api/legacy/customers/${gota}/user/search`)).statusCode,
      ).toBe(403);
      expect((await call('admin@example.com', 'GET', '/api/legacy/user/search')).statusCode).toBe(403);
    });

    it('updates a user with PUT /user: accounts added only by provider staff, never above 10, mail unchanged', async () => {
      const user = await ctx.userId('user@example.com');
      const base = {
        objectId: user,
        firstName: 'Ulla',
        lastName: 'Sand',
        mail: 'user@example.com',
        enabled: true,
        roles: ['CustomerUser'],
      };
      const ids = (
        await ctx.db.$client.query<{ id: number }>(
          `SELECT id FROM customers WHERE id NOT IN ($1, $2) ORDER BY id LIMIT 9`,
          [gota, malardalen],
        )
      ).rows.map((r) => r.id);
      const byAdmin = await call('admin@example.com', 'PUT', '/api/legacy/user', {
        ...base,
        customerIds: [gota, malardalen, ids[0]],
      });
      expect(byAdmin.statusCode).toBe(403);
      const eight = await call('sfadmin@example.com', 'PUT', '/api/legacy/user', {
        ...base,
        customerIds: [gota, malardalen, ...ids.slice(0, 8)],
      });
      expect(eight.statusCode).toBe(200);
      const eleven = await call('sfadmin@example.com', 'PUT', '/api/legacy/user', {
        ...base,
        customerIds: [gota, malardalen, ...ids],
      });
      expect(eleven.statusCode).toBe(400);
      expect(eleven.json().errors[0]).toMatchObject({ field: 'body.customerIds', code: 'tooBig' });
      // The eleventh account through an invitation: the clear message at the limit.
      const eleventh = ids[8]!;
      const invited = await call('sfadmin@example.com', 'POST', '/api/administration/invite-email', {
        email: 'user@example.com',
        firstName: 'Ulla',
        lastName: 'Sand',
        customerId: eleventh,
      });
      expect(invited.statusCode).toBe(200);
      const mail = await ctx.lastMailTo('user@example.com');
      const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token');
      const joined = await call('user@example.com', 'POST', '/api/auth/invitations/join', { token });
      expect(joined.statusCode).toBe(409);
      expect(joined.json()).toMatchObject({
        errorCode: 'TOO_MANY_ACCOUNTS',
        detail: 'A user may hold at most 10 customer accounts at a time.',
      });
      const mailChange = await call('sfadmin@example.com', 'PUT', '/api/legacy/user', {
        ...base,
        mail: 'other@example.com',
        customerIds: [gota, malardalen],
      });
      expect(mailChange.json().errors[0].field).toBe('body.mail');
      const back = await call('sfadmin@example.com', 'PUT', '/api/legacy/user', {
        ...base,
        customerIds: [gota, malardalen],
      });
      expect(back.statusCode).toBe(200);
      const revoked = await ctx.db.$client.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'customer-access.revoked' AND entity_id = $1`,
        [user],
      );
      expect(revoked.rows[0].n).toBe(8);
    });

    it('sets permissions with PUT /user/{id}/permission', async () => {
      const [stt] = await permissionsOn(malardalen, ['STT']);
      const set = await call('admin@example.com', 'PUT', `/api/legacy/user/${newcomer}/permission`, {
        customerId: malardalen,
        permissionIds: [stt],
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().accounts[0].permissionIds).toEqual([stt]);
    });
  });

  describe('DELETE /api/v2/users/:userId', () => {
    it('refuses a customer administrator on a user who belongs elsewhere, themselves, and customer users', async () => {
      const user = await ctx.userId('user@example.com');
      expect((await call('admin@example.com', 'DELETE', `/api/v2/users/${user}`)).statusCode).toBe(403);
      const admin = await ctx.userId('admin@example.com');
      expect((await call('admin@example.com', 'DELETE', `/api/v2/users/${admin}`)).statusCode).toBe(403);
      expect((await call('user@example.com', 'DELETE', `/api/v2/users/${newcomer}`)).statusCode).toBe(403);
      const sfAdmin = await ctx.userId('sfadmin@example.com');
      expect((await call('admin@example.com', 'DELETE', `/api/v2/users/${sfAdmin}`)).statusCode).toBe(404);
    });

    it("answers 'The user was not successfully deleted. Try again later.' when other data still needs the user", async () => {
      await ctx.db.$client.query('CREATE TABLE held_by_user (user_id uuid REFERENCES users(id))');
      await ctx.db.$client.query('INSERT INTO held_by_user VALUES ($1)', [newcomer]);
      const failed = await call('admin@example.com', 'DELETE', `/api/v2/users/${newcomer}`);
      expect(failed.statusCode).toBe(409);
      expect(failed.json()).toMatchObject({
        errorCode: 'USER_NOT_DELETED',
        detail: 'The user was not successfully deleted. Try again later.',
      });
      expect((await call('admin@example.com', 'GET', `/api/v3/user/${newcomer}`)).statusCode).toBe(200);
      await ctx.db.$client.query('DROP TABLE held_by_user');
    });

    it('deletes a user with everything they held, signs them out, and tells each account', async () => {
      const deleted = await call('admin@example.com', 'DELETE', `/api/v2/users/${newcomer}`);
      expect(deleted.statusCode).toBe(204);
      expect((await call('admin@example.com', 'GET', `/api/v3/user/${newcomer}`)).statusCode).toBe(404);
      const { rows } = await ctx.db.$client.query(
        `SELECT customer_id, before->>'email' AS email FROM audit_log WHERE action = 'user.deleted' AND entity_id = $1`,
        [newcomer],
      );
      expect(rows).toEqual([{ customer_id: malardalen, email: 'nils.newcomer@example.se' }]);

      const user = await ctx.userId('user@example.com');
      const userToken = await ctx.tokenFor('user@example.com');
      expect((await call('sfadmin@example.com', 'DELETE', `/api/v2/users/${user}`)).statusCode).toBe(204);
      const after = await ctx.app.inject({
        url: '/api/v3/user',
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(after.statusCode).toBe(401);
      const { rows: left } = await ctx.db.$client.query(
        'SELECT (SELECT count(*) FROM user_customers WHERE user_id = $1)::int + (SELECT count(*) FROM customer_user_permissions WHERE user_id = $1)::int AS n',
        [user],
      );
      expect(left[0].n).toBe(0);
      const self = await ctx.userId('sfadmin@example.com');
      expect((await call('sfadmin@example.com', 'DELETE', `/api/v2/users/${self}`)).statusCode).toBe(403);
    });
  });
});
