import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

type Me = {
  email: string;
  roles: { name: string }[];
  customers: { id: number; name: string; market: string }[];
  permissions: { prefix: string; name: string; roles: string[] }[];
  customerUserPermissions: { customerId: number; permission: { prefix: string } }[];
  profile: { oid: string; customerIds: number[] };
  id: string;
};

describe('[USERS] GET /api/v3/user', () => {
  let ctx: TestContext;
  const me = async (email: string): Promise<Me> => {
    const token = await ctx.tokenFor(email);
    const response = await ctx.app.inject({
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Me>();
  };
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives the customer user two accounts: STT, ETS, SUP and EC on the first, only STT on the second', async () => {
    const user = await me('user@example.com');
    expect(user.roles.map((r) => r.name)).toEqual(['CustomerUser']);
    expect(user.customers).toHaveLength(2);
    const [first, second] = user.customers;
    const prefixesOn = (customerId: number) =>
      [
        ...new Set(
          user.customerUserPermissions
            .filter((p) => p.customerId === customerId)
            .map((p) => p.permission.prefix),
        ),
      ].sort();
    expect(prefixesOn(first!.id)).toEqual(['EC', 'ETS', 'STT', 'SUP']);
    expect(prefixesOn(second!.id)).toEqual(['STT']);
    expect(user.profile).toEqual({ oid: user.id, customerIds: [first!.id, second!.id] });
    expect(user.permissions).toContainEqual(
      expect.objectContaining({ prefix: 'STT', name: 'stt-appapi-client', roles: ['READ_ALL'] }),
    );
    expect(user.permissions).toContainEqual(
      expect.objectContaining({ prefix: 'ETS', name: 'edi-tracking-service', roles: ['READ_ALL'] }),
    );
  });

  it('gives the customer administrator three accounts in two markets and the ADMIN role', async () => {
    const admin = await me('admin@example.com');
    expect(admin.roles.map((r) => r.name).sort()).toEqual(['ADMIN', 'CustomerAdministrator']);
    expect(admin.customers).toHaveLength(3);
    expect(new Set(admin.customers.map((c) => c.market)).size).toBe(2);
  });

  it('maps the provider administrator to ADMIN and keeps SF_ADMIN', async () => {
    const sfadmin = await me('sfadmin@example.com');
    expect(sfadmin.roles.map((r) => r.name).sort()).toEqual(['ADMIN', 'ProviderAdministrator', 'SF_ADMIN']);
  });

  it('lists customers sorted by name', async () => {
    const sfadmin = await me('sfadmin@example.com');
    const names = sfadmin.customers.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
