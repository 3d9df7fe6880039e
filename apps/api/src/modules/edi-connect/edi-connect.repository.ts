import type { PoolClient } from 'pg';
import type {
  DeploymentRequestSort,
  DeploymentRequestStatus,
  Language,
  TCreateDeploymentRequestRequest,
  TDeploymentRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

type Queryable = Pick<PoolClient, 'query'>;

export type DeploymentRequestRecord = Omit<TDeploymentRequest, 'nextStatuses'>;

type Row = {
  id: number;
  customer_id: number;
  customer_name: string;
  status: TDeploymentRequest['status'];
  rejection_reason: string | null;
  partner_name: string;
  partner_identifier_type: TDeploymentRequest['partnerIdentifierType'];
  partner_identifier: string;
  protocol: TDeploymentRequest['protocol'];
  connection: TDeploymentRequest['connection'];
  message_standard: TDeploymentRequest['messageStandard'];
  message_types: string[];
  direction: TDeploymentRequest['direction'];
  environment: TDeploymentRequest['environment'];
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  requested_go_live: string | null;
  notes: string | null;
  requested_by: string | null;
  created: Date;
  status_changed: Date;
};

const SELECT = `SELECT d.id, d.customer_id, c.name AS customer_name, d.status, d.rejection_reason, d.partner_name,
    d.partner_identifier_type, d.partner_identifier, d.protocol, d.connection, d.message_standard, d.message_types,
    d.direction, d.environment, d.contact_name, d.contact_email, d.contact_phone, d.requested_go_live, d.notes,
    u.display_name AS requested_by, d.created, d.status_changed
  FROM deployment_requests d
  JOIN customers c ON c.id = d.customer_id
  LEFT JOIN users u ON u.id = d.requested_by_user_id`;

const toRecord = (row: Row): DeploymentRequestRecord => {
  // The protocol travels in its own field; the connection holds only its details.
  const { protocol: _protocol, ...connection } = row.connection as Record<string, string | number>;
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    status: row.status,
    rejectionReason: row.rejection_reason,
    partnerName: row.partner_name,
    partnerIdentifierType: row.partner_identifier_type,
    partnerIdentifier: row.partner_identifier,
    protocol: row.protocol,
    connection,
    messageStandard: row.message_standard,
    messageTypes: row.message_types,
    direction: row.direction,
    environment: row.environment,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    requestedGoLive: row.requested_go_live,
    notes: row.notes,
    requestedBy: row.requested_by,
    created: row.created.toISOString(),
    statusChanged: row.status_changed.toISOString(),
  };
};

/** Sort columns by name: only these strings ever reach the ORDER BY. */
const SORT_COLUMNS: Record<DeploymentRequestSort, string> = {
  created: 'd.created',
  partnerName: 'lower(d.partner_name)',
  status: 'd.status',
  requestedGoLive: 'd.requested_go_live',
};

export type RequestQuery = {
  customerId?: number;
  status: DeploymentRequestStatus | 'all';
  sort: DeploymentRequestSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export async function listDeploymentRequests(
  db: Database,
  query: RequestQuery,
): Promise<{ requests: DeploymentRequestRecord[]; totalCount: number }> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.customerId !== undefined) {
    params.push(query.customerId);
    conditions.push(`d.customer_id = $${params.length}`);
  }
  if (query.status !== 'all') {
    params.push(query.status);
    conditions.push(`d.status = $${params.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const [list, count] = await Promise.all([
    db.$client.query<Row>(
      `${SELECT} ${where}
        ORDER BY ${SORT_COLUMNS[query.sort]} ${query.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, d.created DESC, d.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM deployment_requests d ${where}`, params),
  ]);
  return { requests: list.rows.map(toRecord), totalCount: count.rows[0]?.n ?? 0 };
}

/** One order; with `customerId`, only when it belongs to that account. */
export async function findDeploymentRequest(
  db: Queryable,
  id: number,
  customerId?: number,
): Promise<DeploymentRequestRecord | undefined> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE d.id = $1 AND ($2::int IS NULL OR d.customer_id = $2)`,
    [id, customerId ?? null],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function insertDeploymentRequest(
  db: Queryable,
  customerId: number,
  userId: string,
  input: TCreateDeploymentRequestRequest,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO deployment_requests (customer_id, requested_by_user_id, status, partner_name, partner_identifier_type,
       partner_identifier, protocol, connection, message_standard, message_types, direction, environment,
       contact_name, contact_email, contact_phone, requested_go_live, notes)
     VALUES ($1, $2, 'submitted', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      customerId,
      userId,
      input.partnerName,
      input.partnerIdentifierType,
      input.partnerIdentifier,
      input.connection.protocol,
      input.connection,
      input.messageStandard,
      input.messageTypes,
      input.direction,
      input.environment,
      input.contactName,
      input.contactEmail,
      input.contactPhone || null,
      input.requestedGoLive,
      input.notes || null,
    ],
  );
  return rows[0]!.id;
}

/** Locks the order's row and answers its status, for a transition decided under the lock. */
export async function lockDeploymentRequest(
  client: PoolClient,
  id: number,
): Promise<DeploymentRequestStatus | undefined> {
  const { rows } = await client.query<{ status: DeploymentRequestStatus }>(
    'SELECT status FROM deployment_requests WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0]?.status;
}

export async function updateDeploymentRequestStatus(
  client: PoolClient,
  id: number,
  status: DeploymentRequestStatus,
  reason: string | null,
): Promise<void> {
  await client.query(
    `UPDATE deployment_requests SET status = $2, rejection_reason = $3, status_changed = now(), modified = now()
      WHERE id = $1`,
    [id, status, reason],
  );
}

/** Users of the account who may order EDI connections: the customer side of an order. */
export async function orderingUsers(
  db: Queryable,
  customerId: number,
): Promise<{ id: string; email: string; first_name: string; language: Language }[]> {
  const { rows } = await db.query<{ id: string; email: string; first_name: string; language: Language }>(
    `SELECT DISTINCT u.id, u.email, u.first_name, u.language
       FROM users u
       JOIN customer_user_permissions cup ON cup.user_id = u.id AND cup.customer_id = $1
       JOIN permissions p ON p.id = cup.permission_id AND p.prefix = 'EC'
      WHERE u.enabled`,
    [customerId],
  );
  return rows;
}
