import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { inTransaction } from '../lib/audit.ts';
import { defineJob } from './job-definition.ts';

/** Months created ahead of the current one, so that rows never wait for their partition. */
export const TRACKING_MONTHS_AHEAD = 3;

export type PartitionOutcome = { partition: string; outcome: 'created' | 'blockedByDefault' };

/** The first day of the month `months` after the month of `at`, in UTC. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Creates the monthly partitions of the five tracking tables for the months from `from` to `to`
 * that do not exist yet (create_tracking_partitions in 0017_tracking-partitions.sql). Idempotent.
 * A month whose rows already landed in a DEFAULT partition is reported as 'blockedByDefault' and
 * left there (see the function's comment): its rows keep working, unpruned.
 */
export async function createTrackingPartitions(
  db: Pool | PoolClient,
  from: Date,
  to: Date,
): Promise<PartitionOutcome[]> {
  const { rows } = await db.query<{ partition_name: string; outcome: PartitionOutcome['outcome'] }>(
    'SELECT partition_name, outcome FROM create_tracking_partitions($1::date, $2::date)',
    [day(monthStart(from)), day(monthStart(to))],
  );
  return rows.map((r) => ({ partition: r.partition_name, outcome: r.outcome }));
}

/**
 * Keeps this month's and the next three months' partitions in place: daily (a missed run must not
 * leave a month without its partition) and once when a worker starts.
 */
export const createTrackingPartitionsJob = defineJob({
  name: 'create-tracking-partitions.v1',
  payload: z.object({}),
  schedule: '23 2 * * *',
  runAtStart: true,
  handle: async ({ db, log }) => {
    const now = new Date();
    // Creating a partition locks its parent exclusively for a moment. Queued behind a long report
    // it would hold up every list: give up instead, the queue retries the job later.
    const outcomes = await inTransaction(db.$client, async (client) => {
      await client.query("SET LOCAL lock_timeout = '10s'");
      return createTrackingPartitions(client, now, monthStart(now, TRACKING_MONTHS_AHEAD));
    });
    const created = outcomes.filter((o) => o.outcome === 'created').map((o) => o.partition);
    const blocked = outcomes.filter((o) => o.outcome === 'blockedByDefault').map((o) => o.partition);
    if (created.length > 0) log.info({ created }, 'tracking partitions created');
    if (blocked.length > 0)
      log.warn(
        { blocked },
        'tracking partitions not created: their DEFAULT partition holds rows of the month',
      );
  },
});
