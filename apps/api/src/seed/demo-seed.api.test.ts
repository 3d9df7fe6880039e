import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_CHANNEL_KEYS,
  DELIVERY_STATUSES,
  DEPLOYMENT_REQUEST_STATUSES,
  EDI_DIRECTIONS,
  EDI_STATUSES,
  MARKETS,
  MESSAGE_CATEGORIES,
  PERMISSION_PREFIXES,
  PROCESSING_STEPS,
  SUPPORT_CASE_STATUSES,
  TRACKING_STATUSES,
} from '@service-hub/contracts';
import { createTestDatabase } from '../../test/helpers.ts';
import { seedDemoDataIfEmpty } from './demo-seed.ts';

/** The global setup seeded the template with this clock. */
const SEEDED_AT = new Date('2026-11-20T12:00:00Z');

describe('[SEED] demo data', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  const values = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((r) => r.v).sort();
  const count = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  it('has at least 40 customers in all four markets, with Nordic names', async () => {
    expect(await count('SELECT count(*) AS n FROM customers')).toBeGreaterThanOrEqual(40);
    expect(await values('SELECT DISTINCT market AS v FROM customers')).toEqual([...MARKETS].sort());
    expect(await count(`SELECT count(*) AS n FROM customers WHERE name ~ '[åäöøæÅÄÖØÆ]'`)).toBeGreaterThan(5);
  });

  it('has every sidebar service with an application and permissions', async () => {
    expect(await values('SELECT short_name AS v FROM services')).toEqual([...PERMISSION_PREFIXES].sort());
    expect(
      await count(
        'SELECT count(*) AS n FROM services s WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.service_id = s.id)',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM services s WHERE NOT EXISTS (SELECT 1 FROM permissions p WHERE p.service_id = s.id)',
      ),
    ).toBe(0);
  });

  it('has at least 20 000 documents in at least 2 000 files, spread over the last 90 days', async () => {
    expect(await count('SELECT count(*) AS n FROM tracking_documents')).toBeGreaterThanOrEqual(20_000);
    expect(await count('SELECT count(*) AS n FROM tracking_files')).toBeGreaterThanOrEqual(2_000);
    const { rows } = await pool.query<{ oldest: Date; newest: Date }>(
      'SELECT min(arrived_at) AS oldest, max(arrived_at) AS newest FROM tracking_files',
    );
    const days = (date: Date) => (SEEDED_AT.getTime() - date.getTime()) / 86_400_000;
    expect(days(rows[0]!.oldest)).toBeLessThanOrEqual(90);
    expect(days(rows[0]!.oldest)).toBeGreaterThan(80);
    expect(days(rows[0]!.newest)).toBeLessThan(2);
  });

  it('covers every delivery channel, delivery status and track-and-trace status', async () => {
    expect(await values('SELECT DISTINCT channel AS v FROM delivery_documents')).toEqual(
      [...DELIVERY_CHANNEL_KEYS].sort(),
    );
    expect(await values('SELECT DISTINCT status AS v FROM delivery_documents')).toEqual(
      [...DELIVERY_STATUSES].sort(),
    );
    expect(await values('SELECT DISTINCT status AS v FROM tracking_files')).toEqual(
      [...TRACKING_STATUSES].sort(),
    );
    expect(await values('SELECT DISTINCT status AS v FROM tracking_documents')).toEqual(
      [...TRACKING_STATUSES].sort(),
    );
  });

  it('uses every processing step, and every status log follows the steps in order and in time', async () => {
    expect(await values('SELECT DISTINCT step AS v FROM tracking_file_events')).toEqual(
      [...PROCESSING_STEPS].sort(),
    );
    const outOfOrder = await count(`
      SELECT count(*) AS n FROM (
        SELECT step, occurred_at,
               lag(step) OVER w AS previous_step, lag(occurred_at) OVER w AS previous_at
          FROM tracking_file_events WINDOW w AS (PARTITION BY file_id ORDER BY occurred_at, id)
      ) e
      WHERE previous_step IS NOT NULL
        AND (occurred_at <= previous_at
             OR array_position($$${`{${PROCESSING_STEPS.join(',')}}`}$$::text[], step)
                <= array_position($$${`{${PROCESSING_STEPS.join(',')}}`}$$::text[], previous_step))`);
    expect(outOfOrder).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM tracking_files f WHERE NOT EXISTS
      (SELECT 1 FROM tracking_file_events e WHERE e.file_id = f.id AND e.step = 'registered')`),
    ).toBe(0);
  });

  it('keeps file statuses consistent with their deliveries', async () => {
    const inconsistent = await count(`
      SELECT count(*) AS n FROM tracking_files f
       WHERE f.status = 'Delivered' AND EXISTS (
         SELECT 1 FROM tracking_documents d JOIN delivery_documents dd ON dd.document_id = d.id
          WHERE d.file_id = f.id AND dd.status <> 'delivered')`);
    expect(inconsistent).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM delivery_documents WHERE status = 'rejected' AND rejection_reason IS NULL`,
      ),
    ).toBe(0);
  });

  it('covers every EDI status, direction and message category', async () => {
    expect(await values('SELECT DISTINCT status AS v FROM edi_consignments')).toEqual(
      [...EDI_STATUSES].sort(),
    );
    expect(await values('SELECT DISTINCT direction AS v FROM edi_consignments')).toEqual(
      [...EDI_DIRECTIONS].sort(),
    );
    expect(await values('SELECT DISTINCT category AS v FROM edi_messages')).toEqual(
      [...MESSAGE_CATEGORIES].sort(),
    );
    expect(await values('SELECT DISTINCT category AS v FROM edi_documents')).toEqual(
      [...MESSAGE_CATEGORIES].sort(),
    );
    expect(await values('SELECT DISTINCT status AS v FROM edi_messages')).toEqual([...EDI_STATUSES].sort());
  });

  it('has support cases in every status with replies and attachments, reports and EDI connect orders', async () => {
    expect(await values('SELECT DISTINCT status AS v FROM support_cases')).toEqual(
      [...SUPPORT_CASE_STATUSES].sort(),
    );
    expect(await count('SELECT count(*) AS n FROM support_case_replies')).toBeGreaterThan(50);
    expect(await count('SELECT count(*) AS n FROM support_attachments')).toBeGreaterThan(0);
    expect(await values('SELECT DISTINCT status AS v FROM reports')).toEqual(['expired', 'failed']);
    expect(await values('SELECT DISTINCT status AS v FROM deployment_requests')).toEqual(
      [...DEPLOYMENT_REQUEST_STATUSES].sort(),
    );
  });

  it('does not seed a database that already has data', async () => {
    expect(await seedDemoDataIfEmpty(pool)).toBe(false);
  });

  it('never lets a user hold more than 10 accounts', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'sfadmin@example.com'`,
    );
    const userId = rows[0]!.id;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO user_customers (user_id, customer_id)
         SELECT $1, id FROM customers WHERE id NOT IN (SELECT customer_id FROM user_customers WHERE user_id = $1)
         ORDER BY id LIMIT 6`,
        [userId],
      );
      await expect(
        client.query(
          `INSERT INTO user_customers (user_id, customer_id)
           SELECT $1, id FROM customers WHERE id NOT IN (SELECT customer_id FROM user_customers WHERE user_id = $1) LIMIT 1`,
          [userId],
        ),
      ).rejects.toThrow(/at most 10 customer accounts/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
