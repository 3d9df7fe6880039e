import type { PoolClient } from 'pg';
import type {
  StoredRole,
  TCustomerUser,
  TDirectoryUser,
  TManagedUser,
  TUserSearchItem,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { like } from '../../lib/sql-like.ts';
import { MFA_LOCK_FAILURES, recentMfaFailures } from '../auth/mfa.service.ts';
import {
  canChangeAccountPermissions,
  canDeleteUser,
  canManageUser,
  canRevokeAccess,
  canUnlockUser,
  grantableRoles,
  isProviderAdmin,
  type Actor,
  type ManagedUser,
} from '../auth/policies.ts';
import { LOCKOUT_FAILURES, LOCKOUT_MINUTES } from '../auth/throttle.ts';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * True while the address's failed password sign-ins lock it (the rule of `assertSignInAllowed`):
 * LOCKOUT_FAILURES failures since the last success within LOCKOUT_MINUTES.
 */
export const PASSWORD_LOCKED_SQL = (email: string) => `(
  SELECT count(*) >= ${LOCKOUT_FAILURES} FROM sign_in_attempts a
   WHERE a.email = ${email} AND NOT a.succeeded AND a.at > now() - make_interval(mins => ${LOCKOUT_MINUTES})
     AND a.at > coalesce((SELECT max(s.at) FROM sign_in_attempts s WHERE s.email = ${email} AND s.succeeded), '-infinity'))`;

export async function lockoutOf(db: Queryable, user: { id: string; email: string }) {
  const { rows } = await db.query<{ locked: boolean }>(`SELECT ${PASSWORD_LOCKED_SQL('$1')} AS locked`, [
    user.email.toLowerCase(),
  ]);
  return {
    password: rows[0]?.locked ?? false,
    mfa: (await recentMfaFailures(db, user.id)) >= MFA_LOCK_FAILURES,
  };
}

export type UserSearch = {
  q?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  first: number;
  max: number;
};

/** Every user matching the filters, by name (GET /api/v3/users/search), with the number of all matches. */
export async function searchUsers(
  db: Database,
  search: UserSearch,
): Promise<{ totalCount: number; result: TUserSearchItem[] }> {
  const where = `($1::text IS NULL OR u.email ILIKE '%' || $1 || '%' OR u.username ILIKE '%' || $1 || '%'
                  OR u.display_name ILIKE '%' || $1 || '%')
      AND ($2::text IS NULL OR u.email ILIKE '%' || $2 || '%')
      AND ($3::text IS NULL OR u.first_name ILIKE '%' || $3 || '%')
      AND ($4::text IS NULL OR u.last_name ILIKE '%' || $4 || '%')
      AND ($5::text IS NULL OR u.username ILIKE '%' || $5 || '%')`;
  const values = [search.q, search.email, search.firstName, search.lastName, search.username].map(like);
  const [count, page] = await Promise.all([
    db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, values),
    db.$client.query<TUserSearchItem>(
      `SELECT u.id, u.email, u.username, u.first_name AS "firstName", u.last_name AS "lastName",
              u.display_name AS "displayName", u.enabled,
              coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
              (SELECT count(*)::int FROM user_customers uc WHERE uc.user_id = u.id) AS "accountCount"
         FROM users u WHERE ${where}
        ORDER BY u.last_name, u.first_name, u.id LIMIT $6 OFFSET $7`,
      [...values, search.max, search.first],
    ),
  ]);
  return { totalCount: count.rows[0]?.n ?? 0, result: page.rows };
}

const DIRECTORY_COLUMNS = `u.id AS "objectId", u.display_name AS "displayName", u.first_name AS "firstName",
  u.last_name AS "lastName", u.email AS mail, u.enabled,
  coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles`;

/** Users as the older client's directory shows them, optionally only those of one customer. */
export async function searchDirectory(
  db: Database,
  filter: {
    customerId?: number;
    search?: string;
    mail?: string;
    firstName?: string;
    lastName?: string;
    max: number;
  },
): Promise<TDirectoryUser[]> {
  const { rows } = await db.$client.query<TDirectoryUser>(
    `SELECT ${DIRECTORY_COLUMNS} FROM users u
      WHERE ($1::int IS NULL OR EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id AND uc.customer_id = $1))
        AND ($2::text IS NULL OR u.display_name ILIKE '%' || $2 || '%' OR u.email ILIKE '%' || $2 || '%')
        AND ($3::text IS NULL OR u.email ILIKE '%' || $3 || '%')
        AND ($4::text IS NULL OR u.first_name ILIKE '%' || $4 || '%')
        AND ($5::text IS NULL OR u.last_name ILIKE '%' || $5 || '%')
      ORDER BY u.display_name, u.id LIMIT $6`,
    [
      filter.customerId ?? null,
      like(filter.search),
      like(filter.mail),
      like(filter.firstName),
      like(filter.lastName),
      filter.max,
    ],
  );
  return rows;
}

export async function findDirectoryUser(db: Database, userId: string): Promise<TDirectoryUser | undefined> {
  const { rows } = await db.$client.query<TDirectoryUser>(
    `SELECT ${DIRECTORY_COLUMNS} FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

type UserRow = {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  display_name: string;
  enabled: boolean;
  email_verified: boolean;
  created: Date;
};

/** The user row with the roles and accounts that decide who may manage them. */
export async function findUserForAdmin(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<(UserRow & { managed: ManagedUser }) | undefined> {
  const { rows } = await db.query<UserRow & { roles: StoredRole[]; customer_ids: number[] }>(
    `SELECT u.id, u.email, u.username, u.first_name, u.last_name, u.display_name, u.enabled, u.email_verified, u.created,
            coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id ORDER BY customer_id) FROM user_customers c WHERE c.user_id = u.id), '{}') AS customer_ids
       FROM users u WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { roles, customer_ids, ...user } = row;
  return { ...user, managed: { userId: row.id, roles, customerIds: customer_ids } };
}

/**
 * A user as an administrator sees them: only the accounts the administrator administers (with
 * what the user holds there and what the account offers), and what the administrator may do.
 */
export async function describeManagedUser(
  db: Queryable,
  actor: Actor,
  user: UserRow & { managed: ManagedUser },
): Promise<TManagedUser> {
  const visible = isProviderAdmin(actor)
    ? user.managed.customerIds
    : user.managed.customerIds.filter((id) => actor.customerIds.includes(id));
  const { rows: accounts } = await db.query<{
    customerId: number;
    name: string;
    customerNumber: string;
    market: TManagedUser['accounts'][number]['market'];
    permissionIds: number[];
    available: TManagedUser['accounts'][number]['available'];
  }>(
    `SELECT c.id AS "customerId", c.name, c.customer_number AS "customerNumber", c.market,
            coalesce((SELECT array_agg(permission_id ORDER BY permission_id) FROM customer_user_permissions cup
                       WHERE cup.customer_id = c.id AND cup.user_id = $1), '{}') AS "permissionIds",
            coalesce((SELECT json_agg(json_build_object('id', p.id, 'prefix', p.prefix, 'name', p.name, 'roles', p.roles)
                               ORDER BY p.prefix, p.name)
                        FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
                       WHERE cp.customer_id = c.id), '[]') AS available
       FROM customers c WHERE c.id = ANY($2) ORDER BY c.name, c.id`,
    [user.id, visible],
  );
  const manageable = canManageUser(actor, user.managed);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    displayName: user.display_name,
    enabled: user.enabled,
    emailVerified: user.email_verified,
    created: user.created.toISOString(),
    roles: [...user.managed.roles],
    accounts: accounts.map((account) => ({
      ...account,
      canRevoke: canRevokeAccess(actor, user.managed, account.customerId),
      canChangePermissions: canChangeAccountPermissions(actor, user.managed, account.customerId),
    })),
    otherAccounts: user.managed.customerIds.length - accounts.length,
    lockout: await lockoutOf(db, user),
    allowed: {
      edit: manageable,
      delete: canDeleteUser(actor, user.managed),
      unlock: canUnlockUser(actor, user.managed),
    },
    grantableRoles: manageable ? grantableRoles(actor) : [],
  };
}

/** The users of one customer account, with their permissions there and what the caller may do. */
export async function listCustomerUsers(
  db: Queryable,
  actor: Actor,
  customerId: number,
): Promise<TCustomerUser[]> {
  const { rows } = await db.query<
    Omit<TCustomerUser, 'manageable' | 'hasOtherAccounts' | 'canChangePermissions'> & {
      customerIds: number[];
    }
  >(
    `SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName",
            u.enabled,
            coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(permission_id ORDER BY permission_id) FROM customer_user_permissions cup
                       WHERE cup.customer_id = $1 AND cup.user_id = u.id), '{}') AS "permissionIds",
            coalesce((SELECT array_agg(customer_id ORDER BY customer_id) FROM user_customers c WHERE c.user_id = u.id), '{}') AS "customerIds",
            ${PASSWORD_LOCKED_SQL('lower(u.email)')} AS locked
       FROM user_customers uc JOIN users u ON u.id = uc.user_id
      WHERE uc.customer_id = $1
      ORDER BY u.last_name, u.first_name, u.id`,
    [customerId],
  );
  return rows.map(({ customerIds, ...user }) => {
    const managed = { userId: user.id, roles: user.roles, customerIds };
    return {
      ...user,
      hasOtherAccounts: customerIds.some((id) => id !== customerId),
      manageable: canManageUser(actor, managed),
      canChangePermissions: canChangeAccountPermissions(actor, managed, customerId),
    };
  });
}
