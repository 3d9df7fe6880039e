import type { Pool } from 'pg';
import { WEBHOOK_RETENTION_DAYS } from '@service-hub/contracts';

/** Rows one statement deletes: short statements keep the purge from holding locks for long. */
const BATCH = 5000;

/**
 * Deletes attempts, deliveries and events older than the log keeps them (30 days), in batches, the
 * children first. Answers how many rows went, per table.
 */
export async function purgeWebhookHistory(pool: Pool): Promise<Record<string, number>> {
  const before = `now() - make_interval(days => ${WEBHOOK_RETENTION_DAYS})`;
  const statements: Record<string, string> = {
    webhook_attempts: `DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM webhook_attempts WHERE at < ${before} LIMIT ${BATCH})`,
    webhook_deliveries: `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE created < ${before} LIMIT ${BATCH})`,
    hub_events: `DELETE FROM hub_events WHERE id IN (SELECT id FROM hub_events WHERE created < ${before} LIMIT ${BATCH})`,
  };
  const deleted: Record<string, number> = {};
  for (const [table, statement] of Object.entries(statements)) {
    deleted[table] = 0;
    for (;;) {
      const count = (await pool.query(statement)).rowCount ?? 0;
      deleted[table] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
