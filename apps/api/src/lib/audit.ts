import type { PoolClient } from 'pg';

export type AuditEntry = {
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  /** The customer account the change concerns: its administrators see the entry in its audit log. */
  customerId?: number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string;
};

/** Records an administrative change; call it inside the transaction that makes the change. */
export async function writeAudit(client: PoolClient, entry: AuditEntry): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (actor_user_id, actor_email, action, entity_type, entity_id, before, after, request_id, customer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.actorUserId,
      entry.actorEmail,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.requestId ?? null,
      entry.customerId ?? null,
    ],
  );
}

/** Runs `work` in a transaction on one pooled connection. */
export async function inTransaction<T>(
  pool: { connect: () => Promise<PoolClient> },
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
