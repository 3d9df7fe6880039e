import { and, asc, eq } from 'drizzle-orm';
import {
  effectiveRoles,
  type Language,
  type PermissionPrefix,
  type TCurrentUser,
  type TUserPermission,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { customerUserPermissions, permissions, users } from '../../db/schema/index.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { listCustomersOfUser } from '../customers/customers.repository.ts';

/** The signed-in user with roles, customers and permissions (GET /api/v3/user). */
export async function getCurrentUser(db: Database, principal: Principal): Promise<TCurrentUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  if (!user) return undefined;
  const [customers, grants] = await Promise.all([
    listCustomersOfUser(db, user.id),
    db
      .select({
        customerId: customerUserPermissions.customerId,
        id: permissions.id,
        prefix: permissions.prefix,
        name: permissions.name,
        roles: permissions.roles,
      })
      .from(customerUserPermissions)
      .innerJoin(permissions, eq(permissions.id, customerUserPermissions.permissionId))
      .where(and(eq(customerUserPermissions.userId, user.id)))
      .orderBy(asc(customerUserPermissions.customerId), asc(permissions.prefix), asc(permissions.name)),
  ]);
  const toPermission = (g: (typeof grants)[number]): TUserPermission => ({
    id: g.id,
    prefix: g.prefix as PermissionPrefix,
    name: g.name,
    roles: g.roles,
  });
  const distinct = new Map<number, TUserPermission>();
  for (const grant of grants) distinct.set(grant.id, toPermission(grant));
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    language: user.language as Language,
    roles: effectiveRoles(principal.roles).map((name) => ({ name })),
    customers,
    permissions: [...distinct.values()],
    customerUserPermissions: grants.map((g) => ({
      customerId: g.customerId,
      userId: user.id,
      permission: toPermission(g),
    })),
    profile: { oid: user.id, customerIds: customers.map((c) => c.id) },
  };
}
