import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import {
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  PATCH_OP,
  scimClient,
  scimTokenFor,
  USER_SCHEMA,
  type ScimClient,
} from './scim-test-support.ts';

/**
 * RFC 7644's operations as the two directories customers use send them. The bodies follow the
 * published examples: Microsoft's "Tutorial: Develop and plan provisioning for a SCIM endpoint in
 * Microsoft Entra ID" and "Known issues and resolutions with SCIM 2.0 protocol compliance"
 * (https://learn.microsoft.com/en-us/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility),
 * and Okta's "SCIM 2.0 protocol reference"
 * (https://developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20), awkward parts included.
 */
describe('[SCIM] conformance with Entra ID and Okta provisioning', () => {
  let ctx: TestContext;
  let token: string;
  let scim: ScimClient;
  let malardalen: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    token = await scimTokenFor(ctx, await ctx.tokenFor('admin@example.com'), malardalen);
    scim = scimClient(ctx, () => token);
  });
  afterAll(() => ctx.close());

  const expectScimError = (response: Awaited<ReturnType<ScimClient>>, status: number, scimType?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(response.headers[REQUEST_ID_HEADER]).toEqual(expect.any(String));
    const body = response.json<Record<string, unknown>>();
    expect(body.schemas).toEqual([ERROR_SCHEMA]);
    expect(body.status).toBe(String(status));
    if (scimType) expect(body.scimType).toBe(scimType);
    expect(body.detail).toEqual(expect.any(String));
  };

  describe('discovery', () => {
    it('describes the service, its resource types and schemas', async () => {
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.statusCode).toBe(200);
      expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(config.json()).toMatchObject({
        patch: { supported: true },
        filter: { supported: true, maxResults: 200 },
        bulk: { supported: false },
      });
      const types = (await scim('GET', '/ResourceTypes')).json<{
        Resources: { id: string; endpoint: string }[];
      }>();
      expect(types.Resources.map((t) => [t.id, t.endpoint])).toEqual([
        ['User', '/Users'],
        ['Group', '/Groups'],
      ]);
      const schemas = (await scim('GET', '/Schemas')).json<{ Resources: { id: string }[] }>();
      expect(schemas.Resources.map((s) => s.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
      expect((await scim('GET', `/Schemas/${USER_SCHEMA}`)).json()).toMatchObject({ name: 'User' });
    });
  });

  describe('Entra ID', () => {
    let userId: string;
    const userName = 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@entra.example';

    it('looks the user up first and finds nobody (200, an empty list)', async () => {
      const response = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 0,
        itemsPerPage: 0,
        startIndex: 1,
        Resources: [],
      });
    });

    it('creates the user with the enterprise extension and roles (ignored), 201 with Location and ETag', async () => {
      const response = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName,
        active: true,
        emails: [{ primary: true, type: 'work', value: 'Test_User_ab6490ee@entra.example' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Ellen Lind', familyName: 'Lind', givenName: 'Ellen' },
        roles: [{ value: 'SF_ADMIN', primary: true }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Finance' },
        preferredLanguage: 'sv-SE',
      });
      expect(response.statusCode, response.body).toBe(201);
      const user = response.json<{ id: string; meta: { location: string; version: string } }>();
      userId = user.id;
      expect(response.headers.location).toBe(user.meta.location);
      expect(response.headers.etag).toBe('W/"1"');
      expect(user).toMatchObject({
        schemas: [USER_SCHEMA],
        userName,
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        active: true,
        displayName: 'Ellen Lind',
        name: { givenName: 'Ellen', familyName: 'Lind' },
        emails: [{ value: 'test_user_ab6490ee@entra.example', type: 'work', primary: true }],
        preferredLanguage: 'sv',
        meta: {
          resourceType: 'User',
          location: expect.stringMatching(new RegExp(`/scim/v2/Users/${userId}$`)),
        },
      });
      // `roles` never gives a Hub role: the new user is a customer user with no account yet.
      const { rows } = await ctx.db.$client.query('SELECT role FROM user_roles WHERE user_id = $1', [userId]);
      expect(rows).toEqual([{ role: 'CustomerUser' }]);
    });

    it('finds the user by userName in another case, and by externalId', async () => {
      const upper = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`,
      );
      expect(upper.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
      const external = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
      );
      expect(external.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
      // externalId is caseExact (RFC 7643): another case is another value.
      const wrongCase = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent('externalId eq "0A21F0F2-8D2A-4F8E-BF98-7363C4AED4EF"')}`,
      );
      expect(wrongCase.json()).toMatchObject({ totalResults: 0 });
    });

    it('refuses a second user with the same userName: 409 uniqueness', async () => {
      const response = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: userName.toUpperCase(),
        emails: [{ primary: true, type: 'work', value: 'someone.else@entra.example' }],
      });
      expectScimError(response, 409, 'uniqueness');
    });

    it('replaces the work e-mail and the family name by PATCH with upper-case ops', async () => {
      const response = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@entra.example' },
          { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        emails: [{ value: 'updatedemail@entra.example', type: 'work', primary: true }],
        name: { familyName: 'updatedFamilyName', givenName: 'Ellen' },
        meta: { version: 'W/"2"' },
      });
      const filtered = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "UPDATEDEMAIL@entra.example"')}`,
      );
      expect(filtered.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
    });

    it('disables with Replace on active and the string "False" (a documented Entra ID quirk), enables with "True"', async () => {
      const off = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ active: false });
      const inactive = await scim('GET', `/Users?filter=${encodeURIComponent('active eq false')}`);
      expect(inactive.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId, active: false }] });
      const on = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
      });
      expect(on.json()).toMatchObject({ active: true });
    });

    it("accepts Entra ID's PATCH without a path whose value names dotted attributes", async () => {
      const response = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', value: { 'name.givenName': 'Elin', displayName: 'Elin Lind' } }],
      });
      expect(response.json()).toMatchObject({ name: { givenName: 'Elin' }, displayName: 'Elin Lind' });
    });

    it('answers a user that does not exist with 404 in the SCIM shape', async () => {
      expectScimError(await scim('GET', '/Users/7d2a2f0e-0000-4000-8000-000000000000'), 404);
      expectScimError(await scim('GET', '/Users/not-a-uuid'), 404);
      expectScimError(
        await scim('PATCH', '/Users/7d2a2f0e-0000-4000-8000-000000000000', {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'active', value: false }],
        }),
        404,
      );
    });

    describe('groups', () => {
      let groupId: string;
      let second: string;

      it('creates a group, finds it by displayName without members, adds and removes members', async () => {
        second = (
          await scim('POST', '/Users', {
            schemas: [USER_SCHEMA],
            userName: 'second.user@entra.example',
            emails: [{ value: 'second.user@entra.example', type: 'work', primary: true }],
            name: { givenName: 'Sven', familyName: 'Berg' },
          })
        ).json<{ id: string }>().id;
        const created = await scim('POST', '/Groups', {
          schemas: [GROUP_SCHEMA],
          externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
          displayName: 'Finance Readers',
          meta: { resourceType: 'Group' },
          members: [],
        });
        expect(created.statusCode, created.body).toBe(201);
        groupId = created.json<{ id: string }>().id;
        const found = await scim(
          'GET',
          `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "finance readers"')}`,
        );
        expect(found.json()).toMatchObject({
          totalResults: 1,
          Resources: [{ id: groupId, displayName: 'Finance Readers' }],
        });
        expect(found.json<{ Resources: object[] }>().Resources[0]).not.toHaveProperty('members');

        const added = await scim('PATCH', `/Groups/${groupId}`, {
          schemas: [PATCH_OP],
          Operations: [
            { op: 'Add', path: 'members', value: [{ $ref: null, value: userId }, { value: second }] },
          ],
        });
        expect(added.statusCode, added.body).toBe(204);
        const members = (await scim('GET', `/Groups/${groupId}`)).json<{ members: { value: string }[] }>()
          .members;
        expect(members.map((m) => m.value).sort()).toEqual([userId, second].sort());
        const byMember = await scim(
          'GET',
          `/Groups?filter=${encodeURIComponent(`members.value eq "${second}"`)}`,
        );
        expect(byMember.json()).toMatchObject({ totalResults: 1 });

        // Entra ID removes with a value array.
        const removed = await scim('PATCH', `/Groups/${groupId}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: second }] }],
        });
        expect(removed.statusCode).toBe(204);
        const left = (await scim('GET', `/Groups/${groupId}`)).json<{ members: { value: string }[] }>()
          .members;
        expect(left.map((m) => m.value)).toEqual([userId]);
      });

      it('replaces the displayName by PATCH and refuses a duplicate name with 409 uniqueness', async () => {
        const renamed = await scim('PATCH', `/Groups/${groupId}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'displayName', value: 'Finance Team' }],
        });
        expect(renamed.statusCode).toBe(204);
        expect((await scim('GET', `/Groups/${groupId}`)).json()).toMatchObject({
          displayName: 'Finance Team',
          meta: { version: 'W/"4"' },
        });
        expectScimError(
          await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'FINANCE team' }),
          409,
          'uniqueness',
        );
      });
    });
  });

  describe('Okta', () => {
    let userId: string;
    let groupId: string;

    it('creates a user with locale, password and groups (the password is never kept)', async () => {
      const response = await scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: 'test.user@okta.example',
        name: { givenName: 'Test', familyName: 'User' },
        emails: [{ primary: true, value: 'test.user@okta.example', type: 'work' }],
        displayName: 'Test User',
        locale: 'fi-FI',
        externalId: '00ujl29u0le5T6Aj10h7',
        groups: [],
        password: '1mz050nq',
        active: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      userId = response.json<{ id: string }>().id;
      expect(response.json()).toMatchObject({ preferredLanguage: 'fi', displayName: 'Test User' });
      const { rows } = await ctx.db.$client.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
      expect(rows).toEqual([{ password_hash: null }]);
    });

    it('pages: count=0 answers the total only, a startIndex past the end an empty page', async () => {
      const zero = await scim('GET', '/Users?startIndex=1&count=0');
      expect(zero.json()).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
      const past = await scim('GET', '/Users?startIndex=50&count=100');
      expect(past.json()).toMatchObject({ totalResults: 3, itemsPerPage: 0, startIndex: 50, Resources: [] });
      const second = await scim('GET', '/Users?startIndex=2&count=1');
      expect(second.json()).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    });

    it('filters with co, sw, ew, pr, and, or, not', async () => {
      const total = async (filter: string) =>
        (await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).json<{ totalResults: number }>()
          .totalResults;
      expect(await total('emails.value co "okta"')).toBe(1);
      expect(await total('userName sw "TEST."')).toBe(1);
      expect(await total('userName ew "@entra.example"')).toBe(2);
      expect(await total('externalId pr')).toBe(2);
      expect(await total('name.familyName eq "user" and active eq true')).toBe(1);
      expect(await total('displayName sw "Test" or displayName sw "Sven"')).toBe(2);
      expect(await total('not (userName sw "test")')).toBe(1);
      // A LIKE wildcard in a value matches only itself.
      expect(await total('userName co "%"')).toBe(0);
    });

    it('refuses filters it cannot run with 400 invalidFilter', async () => {
      for (const filter of [
        'userName eq',
        'password eq "x"',
        'active co "t"',
        'userName eq 12345678901234567890',
        'meta.created gt "yesterday"',
      ])
        expectScimError(
          await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`),
          400,
          'invalidFilter',
        );
    });

    it('deactivates with PATCH replace and no path: {"active": false}', async () => {
      const response = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ active: false });
    });

    it('replaces the whole user with PUT', async () => {
      const response = await scim('PUT', `/Users/${userId}`, {
        schemas: [USER_SCHEMA],
        id: userId,
        userName: 'test.user@okta.example',
        name: { givenName: 'Tess', familyName: 'User' },
        emails: [{ primary: true, value: 'tess.user@okta.example', type: 'work' }],
        displayName: 'Tess User',
        locale: 'da-DK',
        externalId: '00ujl29u0le5T6Aj10h7',
        active: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        active: true,
        displayName: 'Tess User',
        emails: [{ value: 'tess.user@okta.example' }],
        preferredLanguage: 'da',
      });
    });

    it('groups: rename with replace and no path, add, replace all members, remove by a filtered path', async () => {
      groupId = (
        await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Test SCIMv2', members: [] })
      ).json<{ id: string }>().id;
      const renamed = await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Test SCIMv2 renamed' } }],
      });
      expect(renamed.statusCode, renamed.body).toBe(204);
      await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'add', path: 'members', value: [{ value: userId, display: 'test.user@okta.example' }] },
        ],
      });
      const users = (await scim('GET', '/Users?count=10'))
        .json<{ Resources: { id: string }[] }>()
        .Resources.map((u) => u.id);
      const replaced = await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'members', value: users.map((value) => ({ value })) }],
      });
      expect(replaced.statusCode).toBe(204);
      expect((await scim('GET', `/Groups/${groupId}`)).json<{ members: unknown[] }>().members).toHaveLength(
        3,
      );
      const removed = await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
      });
      expect(removed.statusCode).toBe(204);
      const left = (await scim('GET', `/Groups/${groupId}`)).json<{
        displayName: string;
        members: { value: string }[];
      }>();
      expect(left.displayName).toBe('Test SCIMv2 renamed');
      expect(left.members.map((m) => m.value)).not.toContain(userId);
      expect(left.members).toHaveLength(2);
    });

    it('deletes the group and the user: 204, then 404', async () => {
      expect((await scim('DELETE', `/Groups/${groupId}`)).statusCode).toBe(204);
      expectScimError(await scim('GET', `/Groups/${groupId}`), 404);
      expect((await scim('DELETE', `/Users/${userId}`)).statusCode).toBe(204);
      expectScimError(await scim('GET', `/Users/${userId}`), 404);
      // Nobody else held anything: the Hub user is gone, as the user administration deletes.
      const { rowCount } = await ctx.db.$client.query('SELECT 1 FROM users WHERE id = $1', [userId]);
      expect(rowCount).toBe(0);
    });
  });

  describe('bad input gets 400 in the SCIM shape', () => {
    it('refuses NUL, lone surrogates, unknown attributes, huge strings and numbers, broken JSON', async () => {
      const base = { schemas: [USER_SCHEMA], emails: [{ value: 'odd@entra.example', type: 'work' }] };
      expectScimError(await scim('POST', '/Users', { ...base, userName: 'a\u0000b' }), 400);
      expectScimError(await scim('POST', '/Users', { ...base, userName: 'a\uD800b' }), 400);
      expectScimError(
        await scim('POST', '/Users', { ...base, userName: 'x'.repeat(100_000) }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim('POST', '/Users', { ...base, userName: 'odd', shoeSize: 44 }),
        400,
        'invalidSyntax',
      );
      expectScimError(await scim('POST', '/Users', '{"userName": "odd", "active": 1e999}'), 400);
      expectScimError(await scim('POST', '/Users', '{"userName": '), 400);
      expectScimError(await scim('GET', '/Users?count=99999999999999999999'), 400, 'invalidValue');
      expectScimError(await scim('GET', '/Users?colour=blue'), 400, 'invalidValue');
      expectScimError(
        await scim('PATCH', '/Users/7d2a2f0e-0000-4000-8000-000000000000', {
          schemas: [PATCH_OP],
          Operations: [{ op: 'move', path: 'active' }],
        }),
        400,
        'invalidSyntax',
      );
    });

    it('answers an unknown SCIM path with 404 in the SCIM shape, never the web app', async () => {
      expectScimError(await scim('GET', '/Bulk'), 404);
    });
  });
});
