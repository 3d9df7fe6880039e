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
import { createDatabase } from '../db/client.ts';
import { evaluateThresholdRules } from '../modules/alert-rules/threshold-evaluation.ts';
import { evaluateExpectedDeliveries } from '../modules/alerts/evaluate-expected-deliveries.ts';
import { DEMO_NOTICES_ACCOUNT, seedDemoDataIfEmpty } from './demo-seed.ts';

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

  it('does not seed a database that already has data, and adds nothing when asked again', async () => {
    const tables = [
      'customers',
      'users',
      'tracking_files',
      'expected_deliveries',
      'expected_delivery_deadlines',
      'alert_rules',
      'alerts',
      'notifications',
      'hub_events',
      'webhook_endpoints',
      'webhook_secrets',
      'webhook_deliveries',
      'webhook_attempts',
      'account_api_keys',
    ];
    const counts = () => Promise.all(tables.map((table) => count(`SELECT count(*) AS n FROM ${table}`)));
    const before = await counts();
    expect(await seedDemoDataIfEmpty(pool)).toBe(false);
    expect(await counts()).toEqual(before);
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

/*
 * The demo account's expected deliveries, alerts, webhook and API key (issue 22): there, and what the
 * Hub's own evaluation and dispatcher would have left — nothing that could send or call anything.
 */
describe('[SEED] expected deliveries, alerts, a webhook and an API key of a demo account', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  let account: number;
  let admin: string;
  const rows = async <T extends object>(sql: string, params: unknown[] = []) =>
    (await pool.query<T & pg.QueryResultRow>(sql, params)).rows;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    account = (
      await rows<{ id: number }>('SELECT id FROM customers WHERE name = $1', [DEMO_NOTICES_ACCOUNT])
    )[0]!.id;
    admin = (await rows<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@example.com'`))[0]!.id;
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  it('puts them on an account of the demo administrator, and on no other account', async () => {
    expect(
      await rows('SELECT 1 FROM user_customers WHERE user_id = $1 AND customer_id = $2', [admin, account]),
    ).toHaveLength(1);
    for (const table of ['expected_deliveries', 'webhook_endpoints', 'account_api_keys', 'alerts'])
      expect(await rows(`SELECT DISTINCT customer_id FROM ${table}`), table).toEqual([
        { customer_id: account },
      ]);
    // Threshold rules: every account has the two defaults; this one has one more, the administrator's.
    expect(
      await rows(`SELECT customer_id FROM alert_rules GROUP BY customer_id HAVING count(*) <> 2`),
    ).toEqual([{ customer_id: account }]);
  });

  it('has expected deliveries with their last ten deadlines (fewer for a new one) and the next deadline ahead', async () => {
    const rules = await rows<{
      next_deadline_at: Date;
      created_by: string;
      deadlines: number;
      fits: boolean;
    }>(
      `SELECT r.next_deadline_at, r.created_by,
              (SELECT count(*)::int FROM expected_delivery_deadlines d WHERE d.rule_id = r.id) AS deadlines,
              r.created < (SELECT min(deadline_at) FROM expected_delivery_deadlines d WHERE d.rule_id = r.id)
              AND r.next_deadline_at > (SELECT max(deadline_at) FROM expected_delivery_deadlines d WHERE d.rule_id = r.id) AS fits
         FROM expected_deliveries r ORDER BY deadlines DESC`,
    );
    expect(rules.map((rule) => rule.deadlines)).toEqual([10, 10, 1]);
    for (const rule of rules) {
      expect(rule.next_deadline_at.getTime()).toBeGreaterThan(SEEDED_AT.getTime());
      expect(rule).toMatchObject({ created_by: admin, fits: true });
    }
    // Each deadline's file is one of the account's matching files, on time or late as it says.
    const deadlines = await rows<{ outcome: string; fits: boolean }>(
      `SELECT d.outcome,
              CASE d.outcome
                WHEN 'missing' THEN d.file_id IS NULL AND d.arrived_at IS NULL AND d.late_minutes IS NULL
                WHEN 'onTime' THEN f.arrived_at = d.arrived_at AND f.arrived_at <= d.deadline_at AND d.late_minutes IS NULL
                ELSE f.arrived_at = d.arrived_at AND f.arrived_at > d.deadline_at
                     AND d.late_minutes = ceil(extract(epoch FROM f.arrived_at - d.deadline_at) / 60)
              END AND (d.file_id IS NULL OR (f.customer_id = r.customer_id AND f.filename ILIKE replace(r.filename_pattern, '*', '%')
                                            AND (r.application IS NULL OR f.application = r.application))) AS fits
         FROM expected_delivery_deadlines d JOIN expected_deliveries r ON r.id = d.rule_id
         LEFT JOIN tracking_files f ON f.id = d.file_id`,
    );
    expect(deadlines.filter((d) => !d.fits)).toEqual([]);
    expect(new Set(deadlines.map((d) => d.outcome))).toEqual(new Set(['onTime', 'late', 'missing']));
  });

  it('raised a missing-file alert for every deadline not met on time, resolved as the evaluation resolves it', async () => {
    const missed = await rows<{
      outcome: string;
      late_minutes: number | null;
      file_id: string | null;
      is_latest: boolean;
      status: string | null;
      reason: string | null;
      resolved_minutes: number | null;
      resolved_file: number | null;
      details_deadline: string | null;
    }>(
      `SELECT d.outcome, d.late_minutes, d.file_id, a.status, a.resolution->>'reason' AS reason,
              (a.resolution->>'lateMinutes')::int AS resolved_minutes, (a.resolution->>'fileId')::int AS resolved_file,
              a.details->>'deadlineAt' AS details_deadline,
              d.deadline_at = (SELECT max(deadline_at) FROM expected_delivery_deadlines WHERE rule_id = d.rule_id) AS is_latest
         FROM expected_delivery_deadlines d
         LEFT JOIN alerts a ON a.kind = 'missingFile'
              AND a.subject_key = 'expectedDelivery:' || d.rule_id || ':' || to_char(d.deadline_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        WHERE d.outcome <> 'onTime'`,
    );
    expect(missed.length).toBeGreaterThan(0);
    for (const deadline of missed) {
      if (deadline.outcome === 'late')
        expect(deadline).toMatchObject({
          status: 'resolved',
          reason: 'arrivedLate',
          resolved_minutes: deadline.late_minutes,
          resolved_file: Number(deadline.file_id),
        });
      else
        expect(deadline).toMatchObject(
          deadline.is_latest
            ? { status: 'open', reason: null }
            : { status: 'resolved', reason: 'nextDeadline' },
        );
    }
    expect(await rows(`SELECT 1 FROM alerts WHERE kind = 'missingFile'`)).toHaveLength(missed.length);
  });

  it('has an open threshold alert of a rule the administrator added', async () => {
    const open = await rows<{ rule_id: string; measured: number; threshold: number }>(
      `SELECT details->>'ruleId' AS rule_id, (details->>'measured')::float8 AS measured, (details->>'threshold')::float8 AS threshold
         FROM alerts WHERE kind = 'documentsRejected' AND status = 'open'`,
    );
    expect(open).toHaveLength(1);
    expect(open[0]!.measured).toBeGreaterThan(open[0]!.threshold);
    expect(await rows('SELECT channel, measure FROM alert_rules WHERE id = $1', [open[0]!.rule_id])).toEqual([
      { channel: expect.any(String), measure: 'count' },
    ]);
  });

  it('has one alert acknowledged with a comment by the administrator while it was open', async () => {
    const acknowledged = await rows<{ by: string; comment: string; fits: boolean }>(
      `SELECT acknowledged_by AS by, acknowledgement_comment AS comment,
              acknowledged_at >= raised_at AND (resolved_at IS NULL OR acknowledged_at <= resolved_at) AS fits
         FROM alerts WHERE acknowledged_at IS NOT NULL`,
    );
    expect(acknowledged).toEqual([{ by: admin, comment: expect.stringMatching(/\S/), fits: true }]);
  });

  it('told the account’s users in the bell as the alerts were raised and resolved, all read by now', async () => {
    const notifications = await rows<{ type: string; holds: boolean; read: boolean; at_alert: boolean }>(
      `SELECT n.type, n.read_at IS NOT NULL AS read,
              EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = n.user_id AND uc.customer_id = a.customer_id) AS holds,
              n.created = CASE n.type WHEN 'alertRaised' THEN a.raised_at ELSE a.resolved_at END AS at_alert
         FROM notifications n JOIN alerts a ON a.id::text = n.payload->>'alertId'`,
    );
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.filter((n) => !n.holds || !n.read || !n.at_alert)).toEqual([]);
    expect(
      await rows(`SELECT 1 FROM notifications WHERE type LIKE 'alert%' AND payload->>'alertId' IS NULL`),
    ).toEqual([]);
  });

  it('has a switched-off webhook at a reserved example address with a delivery log the dispatcher has nothing left to do in', async () => {
    const endpoints = await rows<{
      id: string;
      url: string;
      enabled: boolean;
      disabled_reason: string;
      secrets: string[];
    }>(
      `SELECT e.id, e.url, e.enabled, e.disabled_reason, array(SELECT secret FROM webhook_secrets s WHERE s.endpoint_id = e.id) AS secrets
         FROM webhook_endpoints e`,
    );
    expect(endpoints).toHaveLength(1);
    const endpoint = endpoints[0]!;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const url = new URL(endpoint.url);
    expect(url.protocol).toBe('https:');
    expect(url.hostname).toMatch(/\.example$/);
    expect(endpoint.secrets).toEqual([expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/)]);

    const deliveries = await rows<{
      state: string;
      attempts: number;
      logged: number;
      event_fits: boolean;
      locked: boolean;
    }>(
      `SELECT d.state, d.attempts, (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS logged,
              d.locked_until IS NOT NULL OR d.next_attempt_at IS NOT NULL AS locked,
              CASE WHEN d.event_id IS NULL THEN d.event_type = 'webhook.test' AND d.test_payload IS NOT NULL
                   ELSE e.customer_id = d.customer_id AND e.type = d.event_type AND e.type = ANY(w.event_types) END AS event_fits
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
         LEFT JOIN hub_events e ON e.id = d.event_id`,
    );
    expect(deliveries.length).toBeGreaterThanOrEqual(10);
    expect(deliveries.filter((d) => d.attempts !== d.logged || !d.event_fits || d.locked)).toEqual([]);
    expect(new Set(deliveries.map((d) => d.state))).toEqual(new Set(['succeeded', 'failed']));
    const attempts = await rows<{
      trigger: string;
      http_status: number | null;
      response_excerpt: string | null;
      succeeded: boolean;
    }>('SELECT trigger, http_status, response_excerpt, succeeded FROM webhook_attempts');
    expect(attempts).toContainEqual({
      trigger: 'event',
      http_status: 500,
      response_excerpt: expect.stringContaining('Internal Server Error'),
      succeeded: false,
    });
    expect(attempts.some((a) => a.trigger === 'retry' && a.succeeded)).toBe(true);
    expect(attempts.some((a) => a.trigger === 'test' && a.succeeded)).toBe(true);
    // Every event is fanned out already: a running dispatcher finds nothing to send.
    expect(await rows('SELECT id FROM hub_events WHERE fanned_out_at IS NULL')).toEqual([]);
  });

  it('has an API key with a last use whose key is stored nowhere, so nobody can call with it', async () => {
    const keys = await rows<{
      key_prefix: string;
      key_hash: string;
      last_used_at: Date | null;
      created_by: string;
    }>('SELECT key_prefix, key_hash, last_used_at, created_by FROM account_api_keys');
    expect(keys).toEqual([
      {
        key_prefix: expect.stringMatching(/^shr_[A-Za-z0-9_-]{6}$/),
        key_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        last_used_at: expect.any(Date),
        created_by: admin,
      },
    ]);
    expect(keys[0]!.last_used_at!.getTime()).toBeLessThan(SEEDED_AT.getTime());
    // No key, nor anything longer than its first characters, in what the Hub shows or sends.
    for (const table of ['audit_log', 'email_outbox', 'notifications', 'hub_events', 'webhook_deliveries'])
      expect(await rows(`SELECT 1 FROM ${table} t WHERE t::text ~ 'shr_[A-Za-z0-9_-]{7}'`), table).toEqual(
        [],
      );
  });

  // These two run the Hub's own evaluation on copies of the rules, adding alerts: they go last.

  it('judged the deadlines as the evaluation does', async () => {
    // A copy of each rule, due at its oldest shown deadline, caught up by the real evaluation.
    const originals = await rows<{ id: string }>('SELECT id FROM expected_deliveries');
    const copies: { id: string; original: string }[] = [];
    for (const { id: original } of originals) {
      const [copy] = await rows<{ id: string }>(
        `INSERT INTO expected_deliveries (customer_id, name, filename_pattern, application, deadline, time_zone, days, next_deadline_at)
         SELECT customer_id, name, filename_pattern, application, deadline, time_zone, days,
                (SELECT min(deadline_at) FROM expected_delivery_deadlines WHERE rule_id = $1)
           FROM expected_deliveries WHERE id = $1
         RETURNING id`,
        [original],
      );
      copies.push({ id: copy!.id, original });
    }
    // Late files of the latest deadline are found by the pass after it.
    await evaluateExpectedDeliveries(pool, { now: SEEDED_AT });
    await evaluateExpectedDeliveries(pool, { now: SEEDED_AT });
    const history = (rule: string) =>
      rows(
        `SELECT deadline_at, outcome, file_id, arrived_at, late_minutes FROM expected_delivery_deadlines
          WHERE rule_id = $1 ORDER BY deadline_at`,
        [rule],
      );
    for (const copy of copies) expect(await history(copy.id)).toEqual(await history(copy.original));
  });

  it('raised the open threshold alert as the evaluation raises it at that time', async () => {
    const [seeded] = await rows<{ raised_at: Date; rule_id: string; details: Record<string, unknown> }>(
      `SELECT raised_at, details->>'ruleId' AS rule_id, details FROM alerts
        WHERE kind = 'documentsRejected' AND status = 'open'`,
    );
    expect(seeded).toBeDefined();
    expect(seeded!.raised_at.getTime()).toBeLessThan(SEEDED_AT.getTime());
    // The same rule once more: the evaluation at the time the seed says it was raised raises it too.
    const [copy] = await rows<{ id: string }>(
      `INSERT INTO alert_rules (customer_id, kind, channel, measure, threshold, window_minutes, min_documents)
       SELECT customer_id, kind, channel, measure, threshold, window_minutes, min_documents FROM alert_rules WHERE id = $1
       RETURNING id`,
      [seeded!.rule_id],
    );
    const db = createDatabase(pool.options.connectionString!, { max: 2 });
    const status = async () =>
      rows(`SELECT status FROM alerts WHERE subject_key = $1`, [`alertRule:${seeded!.rule_id}`]);
    try {
      await evaluateThresholdRules(db, seeded!.raised_at);
      const [again] = await rows<{ details: Record<string, unknown> }>(
        `SELECT details FROM alerts WHERE subject_key = $1`,
        [`alertRule:${copy!.id}`],
      );
      expect(again!.details).toEqual({ ...seeded!.details, ruleId: copy!.id });
      expect(await status()).toEqual([{ status: 'open' }]);
      // The first pass of a Hub started on the demo data leaves it open too.
      await evaluateThresholdRules(db, SEEDED_AT);
      expect(await status()).toEqual([{ status: 'open' }]);
    } finally {
      await db.$client.end();
    }
  });
});
