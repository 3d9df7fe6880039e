import type { PoolClient } from 'pg';
import type {
  AccessRequestRole,
  AccessRequestStatus,
  Language,
  TAccountAccessRequest,
  TMyAccessRequest,
} from '@service-hub/contracts';

type Queryable = Pick<PoolClient, 'query'>;

type MyRow = {
  id: string;
  requested_customer_number: string;
  customer_name: string | null;
  message: string;
  status: AccessRequestStatus;
  created: Date;
  decided_at: Date | null;
  decline_reason: string | null;
};

/**
 * The person's view. The account's name only once approved: the same columns and the same nulls
 * for a number no account has and for one that belongs to an account.
 */
const MY_COLUMNS = `r.id, r.requested_customer_number, r.message, r.status, r.created, r.decided_at, r.decline_reason,
  CASE WHEN r.status = 'approved' THEN c.name END AS customer_name`;

const toMine = (row: MyRow): TMyAccessRequest => ({
  id: row.id,
  customerNumber: row.requested_customer_number,
  customerName: row.customer_name,
  message: row.message,
  status: row.status,
  created: row.created.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
  declineReason: row.decline_reason,
});

export async function listMyRequests(client: Queryable, userId: string): Promise<TMyAccessRequest[]> {
  const { rows } = await client.query<MyRow>(
    `SELECT ${MY_COLUMNS} FROM access_requests r LEFT JOIN customers c ON c.id = r.customer_id
      WHERE r.user_id = $1 ORDER BY r.created DESC, r.id LIMIT 100`,
    [userId],
  );
  return rows.map(toMine);
}

export async function findMyRequest(
  client: Queryable,
  userId: string,
  id: string,
): Promise<TMyAccessRequest | undefined> {
  const { rows } = await client.query<MyRow>(
    `SELECT ${MY_COLUMNS} FROM access_requests r LEFT JOIN customers c ON c.id = r.customer_id
      WHERE r.user_id = $1 AND r.id = $2`,
    [userId, id],
  );
  return rows[0] && toMine(rows[0]);
}

type AccountRow = {
  id: string;
  display_name: string;
  email: string;
  message: string;
  status: AccessRequestStatus;
  created: Date;
  decided_at: Date | null;
  decided_by_name: string | null;
  decline_reason: string | null;
  granted_role: AccessRequestRole | null;
  granted_permission_ids: number[] | null;
  approved_by_domain: string | null;
};

/** An account's requests, pending ones or decided ones (newest first, at most 200). */
export async function listAccountRequests(
  client: Queryable,
  customerId: number,
  state: 'pending' | 'decided',
): Promise<TAccountAccessRequest[]> {
  const { rows } = await client.query<AccountRow>(
    `SELECT r.id, u.display_name, u.email, r.message, r.status, r.created, r.decided_at, d.display_name AS decided_by_name,
            r.decline_reason, r.granted_role, r.granted_permission_ids, r.approved_by_domain
       FROM access_requests r JOIN users u ON u.id = r.user_id LEFT JOIN users d ON d.id = r.decided_by
      WHERE r.customer_id = $1 AND (r.status = 'pending') = ($2 = 'pending')
      ORDER BY coalesce(r.decided_at, r.created) DESC, r.id LIMIT 200`,
    [customerId, state],
  );
  return rows.map((row) => ({
    id: row.id,
    person: { name: row.display_name, email: row.email },
    message: row.message,
    status: row.status,
    created: row.created.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_name,
    declineReason: row.decline_reason,
    grantedRole: row.granted_role,
    grantedPermissionIds: row.granted_permission_ids ?? [],
    approvedByDomain: row.approved_by_domain,
  }));
}

export type PendingRequest = {
  id: string;
  user_id: string;
  customer_id: number;
  requested_customer_number: string;
  status: AccessRequestStatus;
  email: string;
  first_name: string;
  language: Language;
  customer_name: string;
};

/**
 * A request of the account, locked for the deciding transaction: two administrators deciding at
 * once queue here, and the second sees the first one's decision.
 */
export async function lockAccountRequest(
  client: Queryable,
  customerId: number,
  id: string,
): Promise<PendingRequest | undefined> {
  const { rows } = await client.query<PendingRequest>(
    `SELECT r.id, r.user_id, r.customer_id, r.requested_customer_number, r.status, u.email, u.first_name, u.language,
            c.name AS customer_name
       FROM access_requests r JOIN users u ON u.id = r.user_id JOIN customers c ON c.id = r.customer_id
      WHERE r.id = $1 AND r.customer_id = $2 FOR UPDATE OF r`,
    [id, customerId],
  );
  return rows[0];
}

export type AccountAdministrator = { user_id: string; email: string; first_name: string; language: Language };

/**
 * Who decides an account's requests: its holders with an administrator role. An account nobody
 * administers falls to the provider administrators (who may decide for any account).
 */
export async function findAccountAdministrators(
  client: Queryable,
  customerId: number,
): Promise<AccountAdministrator[]> {
  const { rows } = await client.query<AccountAdministrator>(
    `WITH holders AS (
       SELECT DISTINCT u.id AS user_id, u.email, u.first_name, u.language
         FROM user_customers uc JOIN users u ON u.id = uc.user_id JOIN user_roles r ON r.user_id = u.id
        WHERE uc.customer_id = $1 AND u.enabled
          AND r.role IN ('CustomerAdministrator', 'ProviderAdministrator', 'SF_ADMIN')
     )
     SELECT * FROM holders
     UNION ALL
     SELECT DISTINCT u.id, u.email, u.first_name, u.language
       FROM users u JOIN user_roles r ON r.user_id = u.id
      WHERE r.role = 'SF_ADMIN' AND u.enabled AND NOT EXISTS (SELECT 1 FROM holders)
     ORDER BY email`,
    [customerId],
  );
  return rows;
}
