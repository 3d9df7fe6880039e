import type { StoredRole } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** The caller as every access check sees it, read fresh from the database on each request. */
export type Principal = {
  userId: string;
  email: string;
  roles: StoredRole[];
  customerIds: number[];
};

export async function findEnabledPrincipal(db: Database, userId: string): Promise<Principal | undefined> {
  const { rows } = await db.$client.query<{
    id: string;
    email: string;
    roles: StoredRole[];
    customer_ids: number[];
  }>(
    `SELECT u.id, u.email,
            coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id ORDER BY customer_id) FROM user_customers c WHERE c.user_id = u.id), '{}') AS customer_ids
       FROM users u
      WHERE u.id = $1 AND u.enabled`,
    [userId],
  );
  const row = rows[0];
  return row && { userId: row.id, email: row.email, roles: row.roles, customerIds: row.customer_ids };
}
