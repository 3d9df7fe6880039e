import type { Pool } from 'pg';
import { WEBHOOK_RETENTION_DAYS } from '@service-hub/contracts';

/** Rows one statement deletes: short statements keep the purge from holding locks for long. */
const BATCH = 5000;

const OF_DELETED_ENDPOINTS = `SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
  WHERE e.deleted_at IS NOT NULL`;

/**
 * Deletes what the log no longer keeps, in batches, the children first: the attempts and
 * deliveries of deleted endpoints (webhooks.repository.ts deleteEndpoint), then those endpoints,
 * then attempts, deliveries and events older than 30 days. Answers how many rows went, per table.
 */
export async function purgeWebhookHistory(pool: Pool): Promise<Record<string, number>> {
  const before = `now() - make_interval(days => ${WEBHOOK_RETENTION_DAYS})`;
  const statements: [string, string][] = [
    [
      'webhook_attempts',
      `DELETE FROM webhook_attempts WHERE id IN (SELECT a.id FROM webhook_attempts a
        WHERE a.delivery_id IN (${OF_DELETED_ENDPOINTS}) LIMIT ${BATCH})`,
    ],
    [
      'webhook_deliveries',
      `DELETE FROM webhook_deliveries WHERE id IN (${OF_DELETED_ENDPOINTS} LIMIT ${BATCH})`,
    ],
    [
      'webhook_endpoints',
      `DELETE FROM webhook_endpoints e WHERE e.deleted_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id)`,
    ],
    [
      'webhook_attempts',
      `DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM webhook_attempts WHERE at < ${before} LIMIT ${BATCH})`,
    ],
    [
      'webhook_deliveries',
      `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE created < ${before} LIMIT ${BATCH})`,
    ],
    [
      'hub_events',
      `DELETE FROM hub_events WHERE id IN (SELECT id FROM hub_events WHERE created < ${before} LIMIT ${BATCH})`,
    ],
  ];
  const deleted: Record<string, number> = {};
  for (const [table, statement] of statements) {
    deleted[table] ??= 0;
    for (;;) {
      const count = (await pool.query(statement)).rowCount ?? 0;
      deleted[table] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
