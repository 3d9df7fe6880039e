import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { defineJob } from './job-definition.ts';

/** How long an expired report stays in the list (as "expired") before its row goes too. */
export const EXPIRED_REPORT_LISTED_DAYS = 30;
/** A report still queued or generating after this long has lost its job: it shows as failed. */
export const STALE_REPORT_HOURS = 6;

/**
 * Removes the files of reports past their retention (90 days from completion), marking them
 * expired; forgets expired reports after a while and failed ones after the retention; fails
 * reports whose job was lost. Answers how
 * many reports each step touched.
 */
export async function maintainReports(
  db: Database,
  storage: FileStorage,
): Promise<{ expired: number; forgotten: number; failed: number }> {
  const { rows } = await db.$client.query<{ id: string; storage_key: string | null }>(
    `SELECT id, storage_key FROM reports WHERE status = 'ready' AND expires_at < now() ORDER BY expires_at LIMIT 10000`,
  );
  let expired = 0;
  for (const row of rows) {
    // The file goes first: a row marked expired never points at a file left behind.
    if (row.storage_key) await storage.delete(row.storage_key);
    const updated = await db.$client.query(
      `UPDATE reports SET status = 'expired', storage_key = NULL WHERE id = $1 AND status = 'ready'`,
      [row.id],
    );
    expired += updated.rowCount ?? 0;
  }
  const forgotten = await db.$client.query(
    `DELETE FROM reports
      WHERE (status = 'expired' AND expires_at < now() - make_interval(days => ${EXPIRED_REPORT_LISTED_DAYS}))
         OR (status = 'failed' AND expires_at < now())`,
  );
  const failed = await db.$client.query(
    `UPDATE reports SET status = 'failed', error = 'generationFailed', completed_at = now()
      WHERE status IN ('queued', 'generating') AND created < now() - make_interval(hours => ${STALE_REPORT_HOURS})`,
  );
  return { expired, forgotten: forgotten.rowCount ?? 0, failed: failed.rowCount ?? 0 };
}

/** Runs every hour, so a report disappears within the hour its 90 days end. */
export const reportMaintenanceJob = defineJob({
  name: 'report-maintenance.v1',
  payload: z.object({}),
  schedule: '41 * * * *',
  handle: async ({ db, storage }) => {
    await maintainReports(db, storage.reports);
  },
});
