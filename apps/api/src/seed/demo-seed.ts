import type pg from 'pg';
import { hashPassword } from '../modules/auth/password.ts';
import {
  DEMO_PASSWORD,
  seedCustomers,
  seedReferenceData,
  seedUsers,
  type SeededCustomer,
  type SeededUser,
} from './demo-accounts.ts';
import { seedCrmDirectory } from './crm-directory.ts';
import { seedDemoAlerts } from './demo-alerts.ts';
import { seedDemoWebhooks } from './demo-webhooks.ts';
import { seedDeploymentRequests, seedEdi, seedReports, seedSupport } from './demo-activity.ts';
import { Random } from './random.ts';
import { generateTracking, type GeneratorCustomer } from './tracking-generator.ts';

export type DemoSeedOptions = {
  documents?: number;
  consignments?: number;
  supportCases?: number;
  now?: Date;
  seed?: number;
  log?: (message: string) => void;
};

/** Serialises the emptiness check and the seed across instances starting at the same time. */
const SEED_LOCK = 7_311_003;

/**
 * Fills an empty database with demo data, in one transaction: either everything is there or
 * nothing is. Returns false when the database already had data (nothing is touched then).
 */
export async function seedDemoDataIfEmpty(pool: pg.Pool, options: DemoSeedOptions = {}): Promise<boolean> {
  const client = await pool.connect();
  const log = options.log ?? (() => undefined);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM markets) AND NOT EXISTS (SELECT 1 FROM users) AS empty',
    );
    if (!rows[0]?.empty) {
      await client.query('ROLLBACK');
      return false;
    }
    const random = new Random(options.seed ?? 20_261_121);
    const now = options.now ?? new Date();
    log('seeding demo data: markets, services, customers and users');
    const permissions = await seedReferenceData(client);
    const customers = await seedCustomers(client, random, permissions);
    await seedCrmDirectory(client, customers);
    const users = await seedUsers(client, random, customers, permissions, await hashPassword(DEMO_PASSWORD));
    const documents = options.documents ?? 24_000;
    log(`seeding demo data: ${documents} track-and-trace documents`);
    const demoCustomerIds = new Set(users.slice(0, 3).flatMap((u) => u.customerIds));
    await generateTracking({
      client,
      customers: customers.map((c) => toGeneratorCustomer(c, demoCustomerIds.has(c.id) ? 12 : 1)),
      documents,
      random,
      now,
    });
    log('seeding demo data: EDI, support cases, reports and EDI connect orders');
    await seedEdi(client, random, customers, now, options.consignments ?? 1500);
    await seedSupport(client, random, customers, users, now, options.supportCases ?? 160);
    await seedReports(client, users, now);
    await seedDeploymentRequests(client, random, customers, users, now);
    log('seeding demo data: expected deliveries, alerts, a webhook and an API key');
    const notices = demoNoticesAccount(customers, users);
    await seedDemoAlerts(client, notices.customer, notices.admin, now);
    await seedDemoWebhooks(client, random, notices.customer, notices.admin, now);
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The account that shows expected deliveries, alerts, a webhook and an API key, and the
 * administrator who set them up: the one of admin@'s accounts the tests of those features use least
 * (they work on Mälardalens Vatten and, in the browser, Bergen Boligbyggelag, and expect those empty).
 */
export const DEMO_NOTICES_ACCOUNT = 'Norrlandskraft Energi AB';

function demoNoticesAccount(customers: readonly SeededCustomer[], users: readonly SeededUser[]) {
  const customer = customers.find((c) => c.name === DEMO_NOTICES_ACCOUNT);
  const admin = users.find((u) => u.email === 'admin@example.com');
  if (!customer || !admin?.customerIds.includes(customer.id))
    throw new Error(`${DEMO_NOTICES_ACCOUNT} is not seeded as an account of admin@example.com`);
  return { customer, admin };
}

function toGeneratorCustomer(customer: SeededCustomer, weight: number): GeneratorCustomer {
  return {
    id: customer.id,
    name: customer.name,
    customerNumber: customer.customerNumber,
    market: customer.market,
    weight,
  };
}
