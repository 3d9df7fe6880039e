import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { hashPassword } from '../auth/password.ts';
import {
  GROUP_SCHEMA,
  PATCH_OP,
  scimClient,
  scimTokenFor,
  USER_SCHEMA,
  type ScimClient,
} from './scim-test-support.ts';

/**
 * A directory reaches only its own customer's people, never raises anyone above a customer
 * administrator, and what it changes reaches the Hub's access at once: sessions end, accounts and
 * permissions follow the groups' grants, and access given outside the directory stays.
 */
describe('[SCIM] tenant isolation, privileges and access', () => {
  let ctx: TestContext;
  let admin: string;
  let sfadmin: string;
  let malardalen: number;
  let gota: number;
  let norrland: number;
  let tokenA: string;
  let tokenB: string;
  let scimA: ScimClient;
  let scimB: ScimClient;
  let userOfB: string;
  let groupOfB: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.tokenFor('admin@example.com');
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    norrland = await ctx.customerId('Norrlandskraft Energi AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    // Customer A: Mälardalen, configured by its administrator; customer B: Göta, by a provider administrator.
    tokenA = await scimTokenFor(ctx, admin, malardalen);
    tokenB = await scimTokenFor(ctx, sfadmin, gota);
    scimA = scimClient(ctx, () => tokenA);
    scimB = scimClient(ctx, () => tokenB);
    userOfB = (
      await scimB('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: 'berit@gota.example',
        emails: [{ value: 'berit@gota.example', type: 'work', primary: true }],
      })
    ).json<{ id: string }>().id;
    groupOfB = (
      await scimB('POST', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: 'Göta staff',
        members: [{ value: userOfB }],
      })
    ).json<{
      id: string;
    }>().id;
  });
  afterAll(() => ctx.close());

  const callApi = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  describe("another customer's resources answer 404, exactly like unknown ones", () => {
    it('for every user operation', async () => {
      const unknown = await scimA('GET', '/Users/7d2a2f0e-0000-4000-8000-000000000000');
      const foreign = await scimA('GET', `/Users/${userOfB}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      const user = {
        schemas: [USER_SCHEMA],
        userName: 'taken@a.example',
        emails: [{ value: 'taken@a.example' }],
      };
      expect((await scimA('PUT', `/Users/${userOfB}`, user)).statusCode).toBe(404);
      expect(
        (
          await scimA('PATCH', `/Users/${userOfB}`, {
            schemas: [PATCH_OP],
            Operations: [{ op: 'replace', path: 'active', value: false }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await scimA('DELETE', `/Users/${userOfB}`)).statusCode).toBe(404);
      const list = await scimA(
        'GET',
        `/Users?filter=${encodeURIComponent('userName eq "berit@gota.example"')}`,
      );
      expect(list.json()).toMatchObject({ totalResults: 0 });
      // B's user is untouched.
      expect((await scimB('GET', `/Users/${userOfB}`)).json()).toMatchObject({ active: true });
    });

    it("for every group operation, and B's user cannot become a member of A's group", async () => {
      expect((await scimA('GET', `/Groups/${groupOfB}`)).statusCode).toBe(404);
      expect(
        (await scimA('PUT', `/Groups/${groupOfB}`, { schemas: [GROUP_SCHEMA], displayName: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (
          await scimA('PATCH', `/Groups/${groupOfB}`, {
            schemas: [PATCH_OP],
            Operations: [{ op: 'remove', path: 'members' }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await scimA('DELETE', `/Groups/${groupOfB}`)).statusCode).toBe(404);
      expect((await scimA('GET', '/Groups')).json()).toMatchObject({ totalResults: 0 });
      const stolen = await scimA('POST', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: 'Mine',
        members: [{ value: userOfB }],
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ scimType: 'invalidValue' });
      expect((await scimB('GET', `/Groups/${groupOfB}`)).json<{ members: unknown[] }>().members).toHaveLength(
        1,
      );
    });
  });

  describe('who is a directory', () => {
    it('refuses no token, a user session, a revoked, expired or switched-off token with 401', async () => {
      const probe = (token: string | undefined) =>
        ctx.app.inject({
          method: 'GET',
          url: '/scim/v2/Users',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await probe(undefined)).statusCode).toBe(401);
      expect((await probe(admin)).statusCode).toBe(401);
      expect((await probe('scim_' + 'x'.repeat(43))).statusCode).toBe(401);

      const extra = await scimTokenFor(ctx, admin, malardalen);
      expect((await probe(extra)).statusCode).toBe(200);
      await ctx.db.$client.query(
        `UPDATE scim_tokens SET expires_at = now() - interval '1 second' WHERE token_prefix = $1`,
        [extra.slice(0, 11)],
      );
      expect((await probe(extra)).statusCode).toBe(401);

      const settings = (await callApi('GET', `/api/customers/${malardalen}/scim`, admin)).json<{
        tokens: { id: string; tokenPrefix: string }[];
      }>();
      const idOfA = settings.tokens.find((t) => t.tokenPrefix === tokenA.slice(0, 11))!.id;
      const rotated = await callApi(
        'POST',
        `/api/customers/${malardalen}/scim/tokens/${idOfA}/rotate`,
        admin,
        { overlapHours: 24 },
      );
      expect(rotated.statusCode).toBe(201);
      const newToken = rotated.json<{ token: string; id: string }>();
      // The old token works through the overlap, next to the new one.
      expect((await probe(tokenA)).statusCode).toBe(200);
      expect((await probe(newToken.token)).statusCode).toBe(200);

      await callApi('PUT', `/api/customers/${malardalen}/scim`, admin, { enabled: false });
      const off = await probe(newToken.token);
      expect(off.statusCode).toBe(401);
      expect(off.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
      });
      await callApi('PUT', `/api/customers/${malardalen}/scim`, admin, { enabled: true });

      expect(
        (await callApi('DELETE', `/api/customers/${malardalen}/scim/tokens/${idOfA}`, admin)).statusCode,
      ).toBe(204);
      expect((await probe(tokenA)).statusCode).toBe(401);
      tokenA = newToken.token;
      expect((await probe(tokenA)).statusCode).toBe(200);
    });
  });

  describe('existing Hub users', () => {
    it('refuses with 409 uniqueness someone who holds an account the directory does not manage, or a provider role', async () => {
      for (const email of ['user@example.com', 'sfadmin@example.com']) {
        const response = await scimA('POST', '/Users', {
          schemas: [USER_SCHEMA],
          userName: email,
          emails: [{ value: email }],
        });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          scimType: 'uniqueness',
          detail: 'A resource with this value already exists.',
        });
      }
      // …and one already in B's directory.
      const taken = await scimA('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: 'berit@gota.example',
        emails: [{ value: 'berit@gota.example' }],
      });
      expect(taken.statusCode).toBe(409);
    });

    it("adopts someone who holds only the directory's own customer", async () => {
      const { rows } = await ctx.db.$client.query<{ id: string }>(
        `INSERT INTO users (email, username, first_name, last_name, display_name) VALUES ('olle@malardalen.example', 'olle@malardalen.example', 'Olle', 'Ek', 'Olle Ek') RETURNING id`,
      );
      await ctx.db.$client.query(`INSERT INTO user_roles VALUES ($1, 'CustomerUser')`, [rows[0]!.id]);
      await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        rows[0]!.id,
        malardalen,
      ]);
      const response = await scimA('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: 'olle',
        emails: [{ value: 'Olle@Malardalen.example', primary: true }],
        name: { givenName: 'Olof', familyName: 'Ek' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ id: rows[0]!.id, name: { givenName: 'Olof' } });
    });
  });

  describe('grants, access and sessions', () => {
    let ebbaId: string;
    let groupId: string;
    let supportPermission: number;

    const grants = (token: string, customerId: number, id: string, body: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/customers/${customerId}/scim/groups/${id}/grants`,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    const accessOf = async (userId: string) =>
      (
        await ctx.db.$client.query<{ customer_id: number; permission_ids: number[] }>(
          `SELECT uc.customer_id, coalesce(array_agg(cup.permission_id ORDER BY cup.permission_id) FILTER (WHERE cup.permission_id IS NOT NULL), '{}') AS permission_ids
             FROM user_customers uc LEFT JOIN customer_user_permissions cup ON cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id
            WHERE uc.user_id = $1 GROUP BY uc.customer_id ORDER BY uc.customer_id`,
          [userId],
        )
      ).rows;
    const rolesOf = async (userId: string) =>
      (
        await ctx.db.$client.query<{ role: string }>(
          'SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role',
          [userId],
        )
      ).rows.map((r) => r.role);

    beforeAll(async () => {
      ebbaId = (
        await scimA('POST', '/Users', {
          schemas: [USER_SCHEMA],
          userName: 'ebba@malardalen.example',
          emails: [{ value: 'ebba@malardalen.example', primary: true }],
          name: { givenName: 'Ebba', familyName: 'Holm' },
        })
      ).json<{ id: string }>().id;
      groupId = (
        await scimA('POST', '/Groups', {
          schemas: [GROUP_SCHEMA],
          displayName: 'Readers',
          members: [{ value: ebbaId }],
        })
      ).json<{
        id: string;
      }>().id;
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        `SELECT p.id FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
          WHERE cp.customer_id = $1 AND p.prefix = 'SUP' ORDER BY p.id LIMIT 1`,
        [malardalen],
      );
      supportPermission = rows[0]!.id;
    });

    it("refuses grants that are not the administrator's to give (written first)", async () => {
      // A provider role is not a grant role.
      expect(
        (
          await grants(admin, malardalen, groupId, {
            grants: [{ accountId: malardalen, role: 'SF_ADMIN', permissionIds: [] }],
          })
        ).statusCode,
      ).toBe(400);
      // An account the administrator does not administer.
      expect(
        (
          await grants(admin, malardalen, groupId, {
            grants: [{ accountId: gota, role: 'CustomerUser', permissionIds: [] }],
          })
        ).statusCode,
      ).toBe(403);
      // A customer user, and an administrator of another account, may not configure this one.
      const user = await ctx.tokenFor('user@example.com');
      expect((await grants(user, malardalen, groupId, { grants: [] })).statusCode).toBe(403);
      expect((await callApi('GET', `/api/customers/${gota}/scim/groups`, admin)).statusCode).toBe(403);
      expect(
        (await callApi('POST', `/api/customers/${gota}/scim/tokens`, admin, { expiresInDays: 30 }))
          .statusCode,
      ).toBe(403);
      // A group of another customer's directory is not found through this customer.
      expect((await grants(sfadmin, malardalen, groupOfB, { grants: [] })).statusCode).toBe(404);
      // A permission the account does not have.
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM permissions WHERE id NOT IN (SELECT permission_id FROM customer_permissions WHERE customer_id = $1) LIMIT 1',
        [malardalen],
      );
      if (rows[0])
        expect(
          (
            await grants(admin, malardalen, groupId, {
              grants: [{ accountId: malardalen, role: 'CustomerUser', permissionIds: [rows[0].id] }],
            })
          ).statusCode,
        ).toBe(400);
      expect(await accessOf(ebbaId)).toEqual([]);
    });

    it('gives the members access from the grant, with the permissions, in one step', async () => {
      const response = await grants(admin, malardalen, groupId, {
        grants: [{ accountId: malardalen, role: 'CustomerUser', permissionIds: [supportPermission] }],
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(await accessOf(ebbaId)).toEqual([
        { customer_id: malardalen, permission_ids: [supportPermission] },
      ]);
      const listed = (await callApi('GET', `/api/customers/${malardalen}/scim/groups`, admin)).json<{
        groups: { displayName: string; memberCount: number }[];
      }>();
      expect(listed.groups.find((g) => g.displayName === 'Readers')).toMatchObject({ memberCount: 1 });
    });

    it('makes a member a customer administrator while a grant says so, never more', async () => {
      await grants(admin, malardalen, groupId, {
        grants: [
          { accountId: malardalen, role: 'CustomerAdministrator', permissionIds: [supportPermission] },
        ],
      });
      expect(await rolesOf(ebbaId)).toEqual(['CustomerAdministrator', 'CustomerUser']);
      await grants(admin, malardalen, groupId, {
        grants: [{ accountId: malardalen, role: 'CustomerUser', permissionIds: [supportPermission] }],
      });
      expect(await rolesOf(ebbaId)).toEqual(['CustomerUser']);
    });

    it('lets an administrator invite a provisioned user, so that with the built-in provider they can choose a password', async () => {
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/administration/invite-email',
        headers: { authorization: `Bearer ${admin}` },
        payload: {
          email: 'ebba@malardalen.example',
          firstName: 'Ebba',
          lastName: 'Holm',
          customerId: malardalen,
        },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      expect((await ctx.lastMailTo('ebba@malardalen.example'))?.text).toMatch(/https?:\/\/\S+/);
    });

    it('deactivation ends the sessions and removes the access at once; access given outside the directory stays', async () => {
      // As if she had accepted the invitation: a password, and her address verified by it.
      await ctx.db.$client.query('UPDATE users SET password_hash = $2, email_verified = true WHERE id = $1', [
        ebbaId,
        await hashPassword('ebba-Secret-2026'),
      ]);
      // A provider administrator gave Ebba another account directly: the directory does not decide about it.
      await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        ebbaId,
        norrland,
      ]);
      const session = await ctx.tokenFor('ebba@malardalen.example', 'ebba-Secret-2026');
      const me = () =>
        ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${session}` } });
      expect((await me()).statusCode).toBe(200);
      const off = await scimA('PATCH', `/Users/${ebbaId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(off.statusCode).toBe(200);
      expect((await me()).statusCode).toBe(401);
      expect((await accessOf(ebbaId)).map((a) => a.customer_id)).toEqual([norrland]);
      // Reactivation gives the grants' access back.
      await scimA('PATCH', `/Users/${ebbaId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: true } }],
      });
      expect((await accessOf(ebbaId)).map((a) => a.customer_id).sort()).toEqual(
        [malardalen, norrland].sort(),
      );
    });

    it('a removed grant takes back what it gave; a membership change too', async () => {
      await grants(admin, malardalen, groupId, {
        grants: [
          { accountId: malardalen, role: 'CustomerUser', permissionIds: [] },
          {
            accountId: await ctx.customerId('Bergen Boligbyggelag AS'),
            role: 'CustomerUser',
            permissionIds: [],
          },
        ],
      });
      expect(await accessOf(ebbaId)).toHaveLength(3);
      await grants(admin, malardalen, groupId, {
        grants: [{ accountId: malardalen, role: 'CustomerUser', permissionIds: [] }],
      });
      expect((await accessOf(ebbaId)).map((a) => a.customer_id).sort()).toEqual(
        [malardalen, norrland].sort(),
      );
      await scimA('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${ebbaId}"]` }],
      });
      expect((await accessOf(ebbaId)).map((a) => a.customer_id)).toEqual([norrland]);
    });

    it('refuses a membership that would exceed 10 accounts, without writing anything', async () => {
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM customers WHERE id NOT IN ($1, $2) ORDER BY id LIMIT 9',
        [malardalen, norrland],
      );
      for (const { id } of rows.slice(0, 9 - 1))
        await ctx.db.$client.query(
          'INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [ebbaId, id],
        );
      const big = (
        await scimA('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Two accounts' })
      ).json<{ id: string }>().id;
      await grants(admin, malardalen, big, {
        grants: [
          { accountId: malardalen, role: 'CustomerUser', permissionIds: [] },
          {
            accountId: await ctx.customerId('Bergen Boligbyggelag AS'),
            role: 'CustomerUser',
            permissionIds: [],
          },
        ],
      });
      const before = await accessOf(ebbaId);
      expect(before).toHaveLength(9);
      const refused = await scimA('PATCH', `/Groups/${big}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: ebbaId }] }],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '409',
      });
      expect(await accessOf(ebbaId)).toEqual(before);
      expect((await scimA('GET', `/Groups/${big}`)).json<{ members: unknown[] }>().members).toEqual([]);
    });

    it("writes every change to the customer's audit log as SCIM with the token prefix, never the token", async () => {
      const { rows } = await ctx.db.$client.query<{ actor_email: string; action: string; body: string }>(
        `SELECT actor_email, action, coalesce(before::text, '') || coalesce(after::text, '') AS body FROM audit_log
          WHERE customer_id = $1 AND actor_email LIKE 'SCIM %' ORDER BY id`,
        [malardalen],
      );
      const actions = new Set(rows.map((r) => r.action));
      for (const action of [
        'scim.user-created',
        'scim.user-adopted',
        'scim.user-updated',
        'scim.group-created',
        'scim.group-members-updated',
        'scim.user-access-updated',
      ])
        expect(actions).toContain(action);
      expect(rows.every((r) => /^SCIM scim_[\w-]{6}$/.test(r.actor_email))).toBe(true);
      expect(rows.some((r) => r.body.includes(tokenA))).toBe(false);
    });
  });
});
