import type { TAuditEntry, TListCustomerAuditResponse } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { like } from '../../lib/sql-like.ts';

export type AuditFilter = { action?: string; actor?: string; from?: string; to?: string };

type AuditRow = Omit<TAuditEntry, 'at'> & { at: Date };

// Changes of a user as a whole (name, roles, lockout) carry no account: each account of the user sees them.
const WHERE = `(a.customer_id = $1 OR (a.customer_id IS NULL AND a.entity_type = 'user'
      AND a.entity_id IN (SELECT uc.user_id::text FROM user_customers uc WHERE uc.customer_id = $1)))
    AND ($2::text IS NULL OR a.action LIKE $2 || '%')
    AND ($3::text IS NULL OR a.actor_email ILIKE '%' || $3 || '%')
    AND ($4::date IS NULL OR a.at >= $4::date)
    AND ($5::date IS NULL OR a.at < $5::date + 1)`;

const COLUMNS = `a.id, a.at, a.actor_email AS "actorEmail", a.action, a.entity_type AS "entityType",
  a.entity_id AS "entityId", a.before, a.after, a.request_id AS "requestId"`;

const valuesOf = (customerId: number, filter: AuditFilter) => [
  customerId,
  like(filter.action),
  like(filter.actor),
  filter.from ?? null,
  filter.to ?? null,
];

const toEntry = (row: AuditRow): TAuditEntry => ({ ...row, at: row.at.toISOString() });

/** A customer's audit log, newest first, a page at a time. */
export async function listCustomerAudit(
  db: Database,
  customerId: number,
  filter: AuditFilter & { take: number; skip: number },
): Promise<TListCustomerAuditResponse> {
  const values = valuesOf(customerId, filter);
  const [count, page] = await Promise.all([
    db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${WHERE}`, values),
    db.$client.query<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_log a WHERE ${WHERE} ORDER BY a.at DESC, a.id DESC LIMIT $6 OFFSET $7`,
      [...values, filter.take, filter.skip],
    ),
  ]);
  return { totalCount: count.rows[0]?.n ?? 0, result: page.rows.map(toEntry) };
}

/** Every matching entry for the CSV export, newest first, in batches so memory stays flat. */
export async function* customerAuditBatches(
  db: Database,
  customerId: number,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<TAuditEntry[]> {
  const values = valuesOf(customerId, filter);
  let before: { at: Date; id: number } | null = null;
  for (;;) {
    const result = await db.$client.query<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_log a WHERE ${WHERE}
          AND ($6::timestamptz IS NULL OR (a.at, a.id) < ($6::timestamptz, $7::int))
        ORDER BY a.at DESC, a.id DESC LIMIT $8`,
      [...values, before?.at ?? null, before?.id ?? null, batchSize],
    );
    const rows: AuditRow[] = result.rows;
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    const last: AuditRow = rows[rows.length - 1]!;
    before = { at: last.at, id: last.id };
    if (rows.length < batchSize) return;
  }
}
