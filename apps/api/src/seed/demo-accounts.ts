import type { PoolClient } from 'pg';
import { MARKETS, type Market, type PermissionPrefix, type StoredRole } from '@service-hub/contracts';
import { copyRows } from './copy.ts';
import { NORDIC_NAMES } from './nordic-names.ts';
import type { Random } from './random.ts';
import { MARKET_ROWS, SERVICE_DEFINITIONS } from './reference-data.ts';

export type SeededCustomer = {
  id: number;
  name: string;
  customerNumber: string;
  market: Market;
  services: PermissionPrefix[];
};
export type SeededUser = { id: string; email: string; displayName: string; customerIds: number[] };

export const DEMO_PASSWORD = 'demo-password';

/** The three sign-ins the README lists, and the accounts they reach. */
export const DEMO_USERS = [
  {
    email: 'sfadmin@example.com',
    firstName: 'Siri',
    lastName: 'Falk',
    roles: ['SF_ADMIN', 'ProviderAdministrator'],
  },
  { email: 'admin@example.com', firstName: 'Anders', lastName: 'Dahl', roles: ['CustomerAdministrator'] },
  { email: 'user@example.com', firstName: 'Ulla', lastName: 'Sand', roles: ['CustomerUser'] },
] as const satisfies readonly {
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly StoredRole[];
}[];

/** Which seeded customers (by name) each demo user reaches, and with which services. */
const DEMO_ACCESS: Record<string, readonly { customer: string; services?: readonly PermissionPrefix[] }[]> = {
  'sfadmin@example.com': [
    { customer: 'Göta Bostäder AB' },
    { customer: 'Fjordkraft Distribusjon AS' },
    { customer: 'Jysk Boligselskab A/S' },
    { customer: 'Pohjolan Sähkö Oy' },
  ],
  'admin@example.com': [
    { customer: 'Mälardalens Vatten AB' },
    { customer: 'Norrlandskraft Energi AB' },
    { customer: 'Bergen Boligbyggelag AS' },
  ],
  'user@example.com': [
    { customer: 'Göta Bostäder AB', services: ['STT', 'ETS', 'SUP', 'EC'] },
    { customer: 'Mälardalens Vatten AB', services: ['STT'] },
  ],
};

function organizationalNumber(market: Market, random: Random): string {
  switch (market) {
    case 'SE':
      return `556${random.digits(3)}-${random.digits(4)}`;
    case 'NO':
      return `9${random.digits(8)}`;
    case 'DK':
      return random.digits(8);
    case 'FI':
      return `${random.digits(7)}-${random.digits(1)}`;
  }
}

function vatNumber(market: Market, org: string): string {
  const digits = org.replace(/\D/g, '');
  return market === 'NO' ? `NO${digits}MVA` : market === 'SE' ? `SE${digits}01` : `${market}${digits}`;
}

/** Markets, services, applications, permissions; returns permission ids by prefix. */
export async function seedReferenceData(client: PoolClient): Promise<Map<PermissionPrefix, number[]>> {
  for (const m of MARKET_ROWS) {
    await client.query(
      'INSERT INTO markets (code, name, support_email, support_phone) VALUES ($1, $2, $3, $4)',
      [m.code, m.name, m.supportEmail, m.supportPhone],
    );
  }
  const permissionsByPrefix = new Map<PermissionPrefix, number[]>();
  for (const service of SERVICE_DEFINITIONS) {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO services (name, short_name, name_hint, crm_mapping_guid) VALUES ($1, $2, $3, gen_random_uuid()) RETURNING id',
      [service.name, service.shortName, service.nameHint],
    );
    const serviceId = rows[0]!.id;
    for (const application of service.applications) {
      await client.query('INSERT INTO applications (service_id, application_name) VALUES ($1, $2)', [
        serviceId,
        application,
      ]);
    }
    const ids: number[] = [];
    for (const permission of service.permissions) {
      const inserted = await client.query<{ id: number }>(
        'INSERT INTO permissions (service_id, prefix, name, roles) VALUES ($1, $2, $3, $4) RETURNING id',
        [serviceId, service.shortName, permission.name, permission.roles ?? []],
      );
      ids.push(inserted.rows[0]!.id);
    }
    permissionsByPrefix.set(service.shortName, ids);
  }
  return permissionsByPrefix;
}

/** Twelve customers per market, each with a plausible set of services. */
export async function seedCustomers(
  client: PoolClient,
  random: Random,
  permissionsByPrefix: Map<PermissionPrefix, number[]>,
): Promise<SeededCustomer[]> {
  const customers: SeededCustomer[] = [];
  const demoServices = new Map<string, PermissionPrefix[]>();
  for (const grants of Object.values(DEMO_ACCESS)) {
    for (const grant of grants) {
      const current = demoServices.get(grant.customer) ?? [];
      demoServices.set(grant.customer, [
        ...new Set([...current, ...(grant.services ?? ['STT', 'ETS', 'SUP', 'EC', 'WOD', 'EA'])]),
      ]);
    }
  }
  let sequence = 0;
  for (const market of MARKETS) {
    for (const name of NORDIC_NAMES[market].companies) {
      sequence++;
      const org = organizationalNumber(market, random);
      const customerNumber = `${market}${String(100_000 + sequence * 173).padStart(6, '0')}`;
      const optional: PermissionPrefix[] = ['ETS', 'SUP', 'EC', 'WOD', 'AI', 'IBF', 'EA', 'LIT', 'JIR'];
      const services = demoServices.get(name) ?? [
        'STT' as const,
        ...optional.filter((p) => random.chance(p === 'SUP' ? 0.8 : p === 'ETS' ? 0.5 : 0.35)),
      ];
      const mfa = random.chance(0.15) ? random.pick(['app', 'email'] as const) : null;
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO customers (name, customer_number, market, organizational_number, vat_number, notes, crm_mapping_guid,
                                wod_group_name, is_mfa_enabled, mfa_type, mfa_modified_date, created, created_by, modified, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6, gen_random_uuid(), $7, $8, $9, $10, now() - ($11 || ' days')::interval, 'seed',
                 now() - ($12 || ' days')::interval, 'seed')
         RETURNING id`,
        [
          name,
          customerNumber,
          market,
          org,
          vatNumber(market, org),
          random.chance(0.3) ? 'Key account – invoices printed on pre-printed stationery.' : null,
          services.includes('WOD') ? `WOD-${customerNumber}` : null,
          mfa !== null,
          mfa,
          mfa ? new Date(Date.now() - random.int(1, 200) * 86_400_000) : null,
          random.int(400, 2000),
          random.int(0, 300),
        ],
      );
      const id = rows[0]!.id;
      for (const prefix of services) {
        for (const permissionId of permissionsByPrefix.get(prefix) ?? []) {
          await client.query(
            'INSERT INTO customer_permissions (customer_id, permission_id) VALUES ($1, $2)',
            [id, permissionId],
          );
        }
      }
      customers.push({ id, name, customerNumber, market, services });
    }
  }
  return customers;
}

/** The demo sign-ins plus a few dozen other users of the customers, all with the demo password. */
export async function seedUsers(
  client: PoolClient,
  random: Random,
  customers: readonly SeededCustomer[],
  permissionsByPrefix: Map<PermissionPrefix, number[]>,
  passwordHash: string,
): Promise<SeededUser[]> {
  const users: SeededUser[] = [];
  const adminPermissionIds = new Set(
    (await client.query<{ id: number }>("SELECT id FROM permissions WHERE name = 'CustomerAdmin'")).rows.map(
      (r) => r.id,
    ),
  );
  const byName = new Map(customers.map((c) => [c.name, c]));

  const insertUser = async (
    email: string,
    firstName: string,
    lastName: string,
    roles: readonly StoredRole[],
    language: string,
    access: readonly { customer: SeededCustomer; services: readonly PermissionPrefix[] }[],
  ) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (email, username, first_name, last_name, display_name, email_verified, language, password_hash)
       VALUES ($1, $1, $2, $3, $4, true, $5, $6) RETURNING id`,
      [email, firstName, lastName, `${firstName} ${lastName}`, language, passwordHash],
    );
    const id = rows[0]!.id;
    for (const role of roles)
      await client.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [id, role]);
    for (const { customer, services } of access) {
      await client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        id,
        customer.id,
      ]);
      // Customer users get the service permissions but not the services' own admin permission.
      const grants = services
        .filter((p) => customer.services.includes(p))
        .flatMap((p) => permissionsByPrefix.get(p) ?? [])
        .filter(
          (permissionId) => roles.includes('CustomerUser') === false || !adminPermissionIds.has(permissionId),
        )
        .map((permissionId) => [customer.id, id, permissionId]);
      await copyRows(
        client,
        'customer_user_permissions',
        ['customer_id', 'user_id', 'permission_id'],
        grants,
      );
    }
    users.push({
      id,
      email,
      displayName: `${firstName} ${lastName}`,
      customerIds: access.map((a) => a.customer.id),
    });
  };

  for (const demo of DEMO_USERS) {
    const access = (DEMO_ACCESS[demo.email] ?? []).map((grant) => {
      const customer = byName.get(grant.customer);
      if (!customer) throw new Error(`demo customer ${grant.customer} is not seeded`);
      return { customer, services: grant.services ?? customer.services };
    });
    await insertUser(demo.email, demo.firstName, demo.lastName, demo.roles, 'en-SE', access);
  }

  const languageOf: Record<Market, string> = { SE: 'sv', NO: 'no', DK: 'da', FI: 'fi' };
  const usedEmails = new Set<string>();
  for (const customer of customers) {
    const names = NORDIC_NAMES[customer.market];
    const count = random.int(1, 2);
    for (let i = 0; i < count; i++) {
      const firstName = random.pick(names.firstNames);
      const lastName = random.pick(names.lastNames);
      const local = `${firstName}.${lastName}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z.]/g, '');
      const domain = customer.name
        .split(' ')[0]!
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '');
      const isAdmin = i === 0;
      let email = `${local}@${domain}.example.${names.emailDomain}`;
      for (let n = 2; usedEmails.has(email); n++)
        email = `${local}${n}@${domain}.example.${names.emailDomain}`;
      usedEmails.add(email);
      await insertUser(
        email,
        firstName,
        lastName,
        [isAdmin ? 'CustomerAdministrator' : 'CustomerUser'],
        languageOf[customer.market],
        [{ customer, services: customer.services }],
      );
    }
  }
  return users;
}
