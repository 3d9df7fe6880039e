import { EXCLUDED_GRANT_PREFIXES, MAX_ACCOUNTS_PER_USER, type StoredRole } from '@service-hub/contracts';
import type { PoolClient } from 'pg';
import { AppError } from '../../lib/errors.ts';
import type { ManagedUser } from '../auth/policies.ts';

type Queryable = Pick<PoolClient, 'query'>;

export const tooManyAccounts = () =>
  new AppError(
    409,
    'TOO_MANY_ACCOUNTS',
    'Conflict',
    `A user may hold at most ${MAX_ACCOUNTS_PER_USER} customer accounts at a time.`,
  );

/**
 * Gives a user access to a customer account with the account's permissions; nothing happens when
 * they have it already. Spec 5: AI, WOD, EA and IBF permissions are never granted with customer
 * access; the services' own administrator permissions are given separately.
 */
export async function grantCustomerAccess(client: Queryable, userId: string, customerId: number) {
  try {
    const { rowCount } = await client.query(
      'INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId, customerId],
    );
    if (!rowCount) return;
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'user_customers_max_accounts')
      throw tooManyAccounts();
    throw error;
  }
  await client.query(
    `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
     SELECT cp.customer_id, $1, cp.permission_id
       FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
      WHERE cp.customer_id = $2 AND p.prefix <> ALL($3::text[]) AND p.name <> 'CustomerAdmin'`,
    [userId, customerId, EXCLUDED_GRANT_PREFIXES],
  );
}

/** A user with the roles and accounts that decide who may manage them; undefined when unknown. */
export async function findManagedUser(client: Queryable, userId: string): Promise<ManagedUser | undefined> {
  const { rows } = await client.query<{ roles: StoredRole[]; customer_ids: number[] }>(
    `SELECT coalesce((SELECT array_agg(role) FROM user_roles WHERE user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id) FROM user_customers WHERE user_id = u.id), '{}') AS customer_ids
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return row && { userId, roles: row.roles, customerIds: row.customer_ids };
}
