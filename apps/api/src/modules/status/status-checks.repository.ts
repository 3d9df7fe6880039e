import type pg from 'pg';
import {
  QUEUE_WINDOW_MINUTES,
  TRAFFIC_HISTORY_WEEKS,
  USUAL_TRAFFIC_WEEKS,
  INGESTION_STALE_AFTER_SECONDS,
  type Freshness,
  type QueueHealth,
} from './component-states.ts';

/*
 * The status page's probes: each is an index lookup or a handful of them, so that a status
 * computed every 15 s costs the database nothing it would notice (EXPLAIN plans and timings in
 * docs/performance.md, "Status page probes").
 */

type Client = Pick<pg.PoolClient, 'query'>;

/** A signing key that may sign new tokens: without one nobody can sign in. */
export async function hasSigningKey(client: Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM signing_keys WHERE retired_at IS NULL) AS present',
  );
  return rows[0]?.present ?? false;
}

/**
 * Age of the newest tracking file. The tracking tables are partitioned by month and hold millions
 * of rows; no index starts with the time. Ids come from one sequence in the order files arrive, so
 * the newest file is the highest id: the primary key (id, arrived_at) read backwards, with the
 * time condition pruning every partition but the last two months — one index probe per partition.
 */
const NEWEST_TRACKING_FILE = `
  SELECT extract(epoch FROM now() - arrived_at)::float8 AS age
    FROM tracking_files
   WHERE arrived_at >= now() - interval '35 days'
   ORDER BY id DESC
   LIMIT 1`;

/**
 * Whether files usually arrive at this hour: for each of the last weeks, whether any customer's
 * file arrived in the hour before this moment of that day. Per customer it is one probe of
 * (customer_id, arrived_at DESC) in one partition, and it stops at the first customer found.
 * Only asked when the newest file is older than the threshold.
 */
const TRACKING_WEEKS_WITH_TRAFFIC = `
  SELECT count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM customers c
            WHERE EXISTS (SELECT 1 FROM tracking_files f
                           WHERE f.customer_id = c.id
                             AND f.arrived_at >= now() - make_interval(days => 7 * w) - interval '1 hour'
                             AND f.arrived_at < now() - make_interval(days => 7 * w))))::int AS weeks
    FROM generate_series(1, $1::int) AS w`;

/** EDI: the newest consignment received and the newest status reported, both by primary key. */
const NEWEST_EDI_EVENT = `
  SELECT extract(epoch FROM now() - greatest(
           (SELECT received_at FROM edi_consignments ORDER BY id DESC LIMIT 1),
           (SELECT occurred_at FROM edi_status_events ORDER BY id DESC LIMIT 1)))::float8 AS age`;

const EDI_WEEKS_WITH_TRAFFIC = `
  SELECT count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM customers c
            WHERE EXISTS (SELECT 1 FROM edi_consignments e
                           WHERE e.customer_id = c.id
                             AND e.received_at >= now() - make_interval(days => 7 * w) - interval '1 hour'
                             AND e.received_at < now() - make_interval(days => 7 * w))))::int AS weeks
    FROM generate_series(1, $1::int) AS w`;

async function freshness(client: Client, newest: string, weeksWithTraffic: string): Promise<Freshness> {
  const { rows } = await client.query<{ age: number | null }>(newest);
  // A clock a little ahead on the sender's side would make the age negative.
  const age = rows[0]?.age === null || rows[0] === undefined ? null : Math.max(0, rows[0].age);
  if (age !== null && age <= INGESTION_STALE_AFTER_SECONDS)
    return { newestAgeSeconds: age, trafficExpected: false };
  const weeks = await client.query<{ weeks: number }>(weeksWithTraffic, [TRAFFIC_HISTORY_WEEKS]);
  return { newestAgeSeconds: age, trafficExpected: (weeks.rows[0]?.weeks ?? 0) >= USUAL_TRAFFIC_WEEKS };
}

/** The probes' statements, for bench/status-page.ts to EXPLAIN at scale. */
export const PROBE_STATEMENTS = {
  newestTrackingFile: NEWEST_TRACKING_FILE,
  trackingWeeksWithTraffic: TRACKING_WEEKS_WITH_TRAFFIC,
  newestEdiEvent: NEWEST_EDI_EVENT,
  ediWeeksWithTraffic: EDI_WEEKS_WITH_TRAFFIC,
} as const;

export const trackingFreshness = (client: Client) =>
  freshness(client, NEWEST_TRACKING_FILE, TRACKING_WEEKS_WITH_TRAFFIC);

export const ediFreshness = (client: Client) => freshness(client, NEWEST_EDI_EVENT, EDI_WEEKS_WITH_TRAFFIC);

/**
 * A pg-boss queue's health: how long its oldest due job has waited, and how many jobs failed and
 * completed recently. pg-boss 10 keeps each queue in its own partition of pgboss.job, so these
 * read one queue's rows only.
 */
export async function queueHealth(client: Client, queue: string): Promise<QueueHealth> {
  // pg-boss creates its schema when a process first starts the queue: until then nothing waits.
  const schema = await client.query<{ present: boolean }>(
    "SELECT to_regclass('pgboss.job') IS NOT NULL AS present",
  );
  if (!schema.rows[0]?.present) return { oldestWaitingSeconds: null, recentFailed: 0, recentCompleted: 0 };
  const { rows } = await client.query<{ waited: number | null; failed: number; completed: number }>(
    `SELECT (SELECT extract(epoch FROM now() - min(start_after))::float8
               FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND start_after <= now()) AS waited,
            (SELECT count(*)::int FROM pgboss.job
              WHERE name = $1 AND state = 'failed' AND completed_on >= now() - make_interval(mins => $2)) AS failed,
            (SELECT count(*)::int FROM pgboss.job
              WHERE name = $1 AND state = 'completed' AND completed_on >= now() - make_interval(mins => $2)) AS completed`,
    [queue, QUEUE_WINDOW_MINUTES],
  );
  const row = rows[0];
  return {
    oldestWaitingSeconds: row?.waited ?? null,
    recentFailed: row?.failed ?? 0,
    recentCompleted: row?.completed ?? 0,
  };
}
