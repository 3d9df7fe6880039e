import type { Pool, PoolClient } from 'pg';
import type { AlertKind, AlertStatus, TAlert, TListAlertsRequest } from '@service-hub/contracts';

type Row = {
  id: string;
  kind: AlertKind;
  status: AlertStatus;
  details: Record<string, unknown>;
  raised_at: Date;
  resolved_at: Date | null;
  resolution: Record<string, unknown> | null;
  acknowledged_at: Date | null;
  acknowledged_by_name: string | null;
  acknowledgement_comment: string | null;
};

const toAlert = (row: Row): TAlert => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  details: row.details,
  raisedAt: row.raised_at.toISOString(),
  resolvedAt: row.resolved_at?.toISOString() ?? null,
  resolution: row.resolution,
  acknowledgement:
    row.acknowledged_at && row.acknowledgement_comment !== null
      ? {
          at: row.acknowledged_at.toISOString(),
          byName: row.acknowledged_by_name,
          comment: row.acknowledgement_comment,
        }
      : null,
});

const SELECT_ALERTS = `
  SELECT a.id, a.kind, a.status, a.details, a.raised_at, a.resolved_at, a.resolution, a.acknowledged_at,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS acknowledged_by_name,
         a.acknowledgement_comment
    FROM alerts a LEFT JOIN users u ON u.id = a.acknowledged_by`;

/**
 * The account's alerts of the kinds the caller may see, newest first, filtered and paged. Uses
 * alerts_customer_raised_idx (customer, raised_at DESC).
 */
export async function listAlerts(
  db: Pool,
  customerId: number,
  kinds: readonly AlertKind[],
  query: TListAlertsRequest,
): Promise<{ totalCount: number; result: TAlert[] }> {
  const wanted = query.kind ? kinds.filter((kind) => query.kind!.includes(kind)) : kinds;
  const where = [`a.customer_id = $1`, `a.kind = ANY($2::text[])`];
  const params: unknown[] = [customerId, wanted];
  if (query.status) {
    params.push(query.status);
    where.push(`a.status = $${params.length}`);
  }
  if (query.fromDate) {
    params.push(query.fromDate);
    where.push(`a.raised_at >= $${params.length}::date`);
  }
  if (query.toDate) {
    params.push(query.toDate);
    where.push(`a.raised_at < $${params.length}::date + 1`);
  }
  const filter = where.join(' AND ');
  const offset = (query.page - 1) * query.pageSize;
  const [page, count] = await Promise.all([
    db.query<Row>(
      `${SELECT_ALERTS} WHERE ${filter} ORDER BY a.raised_at DESC, a.id DESC LIMIT ${query.pageSize} OFFSET ${offset}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts a WHERE ${filter}`, params),
  ]);
  return { totalCount: count.rows[0]?.n ?? 0, result: page.rows.map(toAlert) };
}

/** How many of the account's alerts of these kinds are open (the sidebar's number). */
export async function countOpenAlerts(db: Pool, customerId: number, kinds: readonly AlertKind[]) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alerts WHERE customer_id = $1 AND kind = ANY($2::text[]) AND status = 'open'`,
    [customerId, kinds],
  );
  return rows[0]?.n ?? 0;
}

/** One alert of the account, locked for a change; undefined for another account's or an unknown one. */
export async function lockAlert(client: PoolClient, customerId: number, id: string) {
  const { rows } = await client.query<{
    kind: AlertKind;
    status: AlertStatus;
    acknowledged_at: Date | null;
  }>('SELECT kind, status, acknowledged_at FROM alerts WHERE customer_id = $1 AND id = $2 FOR UPDATE', [
    customerId,
    id,
  ]);
  return rows[0];
}

export async function acknowledge(client: PoolClient, id: string, userId: string, comment: string) {
  await client.query(
    `UPDATE alerts SET acknowledged_at = now(), acknowledged_by = $2, acknowledgement_comment = $3 WHERE id = $1`,
    [id, userId, comment],
  );
}

export async function findAlert(db: Pool | PoolClient, id: string): Promise<TAlert | undefined> {
  const { rows } = await db.query<Row>(`${SELECT_ALERTS} WHERE a.id = $1`, [id]);
  return rows[0] && toAlert(rows[0]);
}
