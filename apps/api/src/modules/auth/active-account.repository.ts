import type { Market, TUserPermission } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** The customer account a request acts for, with the caller's permissions on it (spec 6). */
export type ActiveAccount = {
  id: number;
  customerNumber: string;
  market: Market;
  permissions: TUserPermission[];
};

/** The account, when the user holds it; one query. */
export async function findHeldAccount(
  db: Database,
  userId: string,
  customerId: number,
): Promise<ActiveAccount | undefined> {
  const { rows } = await db.$client.query<{
    customer_number: string;
    market: Market;
    permissions: TUserPermission[];
  }>(
    `SELECT c.customer_number, c.market,
            coalesce((SELECT json_agg(json_build_object('id', p.id, 'prefix', p.prefix, 'name', p.name, 'roles', p.roles))
                        FROM customer_user_permissions cup JOIN permissions p ON p.id = cup.permission_id
                       WHERE cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id), '[]') AS permissions
       FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = $1 AND uc.customer_id = $2`,
    [userId, customerId],
  );
  const row = rows[0];
  return (
    row && {
      id: customerId,
      customerNumber: row.customer_number,
      market: row.market,
      permissions: row.permissions,
    }
  );
}
