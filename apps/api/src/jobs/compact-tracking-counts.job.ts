import { z } from 'zod';
import type { Pool, PoolClient } from 'pg';
import { defineJob } from './job-definition.ts';

/**
 * Folds the overview's count deltas into one row per account, hour, status and channel set
 * (compact_tracking_document_counts() of migration 0018). The counts are exact without it; it
 * keeps the rows the overview sums few. Answers how many deltas it folded.
 */
export async function compactTrackingCounts(db: Pool | PoolClient): Promise<number> {
  const { rows } = await db.query<{ folded: number }>('SELECT compact_tracking_document_counts() AS folded');
  return rows[0]?.folded ?? 0;
}

/** Every minute: ingestion appends a few deltas per request. */
export const compactTrackingCountsJob = defineJob({
  name: 'compact-tracking-counts.v1',
  payload: z.object({}),
  schedule: '* * * * *',
  quiet: true,
  handle: async ({ db }) => {
    await compactTrackingCounts(db.$client);
  },
});
