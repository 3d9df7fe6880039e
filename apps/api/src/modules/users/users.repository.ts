import {
  effectiveRoles,
  type TCurrentUser,
  type TCustomerSummary,
  type TUserPermission,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../auth/principal.repository.ts';

type CurrentUserRow = {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  email_verified: boolean;
  display_name: string;
  language: TCurrentUser['language'];
  customers: TCustomerSummary[];
  grants: { customerId: number; permission: TUserPermission }[];
};

/**
 * The signed-in user with customers and permissions (GET /api/v3/user), assembled by PostgreSQL
 * in one round trip: this call runs on every page load.
 */
export async function getCurrentUser(db: Database, principal: Principal): Promise<TCurrentUser | undefined> {
  const { rows } = await db.$client.query<CurrentUserRow>(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.email_verified, u.display_name, u.language,
            coalesce((
              SELECT json_agg(json_build_object(
                       'id', c.id, 'name', c.name, 'customerNumber', c.customer_number, 'market', c.market,
                       'organizationalNumber', c.organizational_number, 'isMFAEnabled', c.is_mfa_enabled,
                       'mfaType', c.mfa_type) ORDER BY c.name, c.id)
                FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
               WHERE uc.user_id = u.id), '[]') AS customers,
            coalesce((
              SELECT json_agg(json_build_object(
                       'customerId', cup.customer_id,
                       'permission', json_build_object('id', p.id, 'prefix', p.prefix, 'name', p.name, 'roles', p.roles))
                       ORDER BY cup.customer_id, p.prefix, p.name)
                FROM customer_user_permissions cup JOIN permissions p ON p.id = cup.permission_id
               WHERE cup.user_id = u.id), '[]') AS grants
       FROM users u
      WHERE u.id = $1`,
    [principal.userId],
  );
  const user = rows[0];
  if (!user) return undefined;
  const distinct = new Map<number, TUserPermission>();
  for (const grant of user.grants) distinct.set(grant.permission.id, grant.permission);
  return {
    id: user.id,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    emailVerified: user.email_verified,
    displayName: user.display_name,
    language: user.language,
    roles: effectiveRoles(principal.roles).map((name) => ({ name })),
    customers: user.customers,
    permissions: [...distinct.values()],
    customerUserPermissions: user.grants.map((g) => ({
      customerId: g.customerId,
      userId: user.id,
      permission: g.permission,
    })),
    profile: { oid: user.id, customerIds: user.customers.map((c) => c.id) },
  };
}
