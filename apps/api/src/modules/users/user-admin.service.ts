import type { PoolClient } from 'pg';
import type {
  StoredRole,
  TBulkSetAccountPermissionsRequest,
  TUpdateUserRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { endUserSessions } from '../auth/end-user-sessions.ts';
import {
  canAddAccountDirectly,
  canChangeAccountPermissions,
  canChangeRoles,
  canDeleteUser,
  canManageCustomer,
  canManageUser,
  canRevokeAccess,
  canUnlockUser,
  canViewUser,
} from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { LOCKOUT_MINUTES } from '../auth/throttle.ts';
import { grantCustomerAccess } from './customer-access.repository.ts';
import { findUserForAdmin } from './user-admin.repository.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** Someone the caller may not see is answered like someone who does not exist. */
export const userNotFound = () => notFound('The user was not found.');

export const ROLES_ONLY_ADD = 'The role selection only adds to the roles the user already has.';

export const userNotDeleted = () =>
  new AppError(
    409,
    'USER_NOT_DELETED',
    'Conflict',
    'The user was not successfully deleted. Try again later.',
  );

/** The user, locked for the transaction, if the actor may see them at all; 404 otherwise. */
async function visibleUser(client: Queryable, actor: Principal, userId: string) {
  const user = await findUserForAdmin(client, userId, true);
  if (!user || !canViewUser(actor, user.managed)) throw userNotFound();
  return user;
}

/**
 * Name, roles and whether the user may sign in. Roles are only added (spec 5) and never above the
 * actor's own; a disabled user is signed out everywhere at once.
 */
export async function updateUser(
  db: Database,
  actor: Principal,
  userId: string,
  input: TUpdateUserRequest,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, (client) => updateUserWith(client, actor, userId, input, requestId));
}

async function updateUserWith(
  client: PoolClient,
  actor: Principal,
  userId: string,
  input: TUpdateUserRequest,
  requestId: string,
): Promise<void> {
  const user = await visibleUser(client, actor, userId);
  if (!canManageUser(actor, user.managed)) throw forbidden();
  const roles = [...new Set(input.roles)];
  if (!user.managed.roles.every((role) => roles.includes(role)))
    throw badRequest(ROLES_ONLY_ADD, [
      { field: 'body.roles', code: 'invalidValue', message: ROLES_ONLY_ADD },
    ]);
  if (!canChangeRoles(actor, user.managed, roles)) throw forbidden('You cannot give a role above your own.');
  if (!input.enabled && userId === actor.userId)
    throw badRequest('You cannot disable your own user.', [
      { field: 'body.enabled', code: 'invalidValue', message: 'You cannot disable your own user.' },
    ]);
  const added = roles.filter((role) => !user.managed.roles.includes(role));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (user.first_name !== input.firstName || user.last_name !== input.lastName) {
    Object.assign(before, { firstName: user.first_name, lastName: user.last_name });
    Object.assign(after, { firstName: input.firstName, lastName: input.lastName });
  }
  if (added.length > 0) {
    before.roles = user.managed.roles;
    after.roles = [...user.managed.roles, ...added].sort();
  }
  if (user.enabled !== input.enabled) {
    before.enabled = user.enabled;
    after.enabled = input.enabled;
  }
  if (Object.keys(after).length === 0) return;
  await client.query(
    `UPDATE users SET first_name = $2, last_name = $3, display_name = $2 || ' ' || $3, enabled = $4, modified = now()
      WHERE id = $1`,
    [userId, input.firstName, input.lastName, input.enabled],
  );
  if (added.length > 0)
    await client.query('INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[])', [
      userId,
      added,
    ]);
  if (!input.enabled && user.enabled) await endUserSessions(client, userId);
  await writeAudit(client, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: 'user.updated',
    entityType: 'user',
    entityId: userId,
    before,
    after,
    requestId,
  });
}

/** Replaces the permissions a user holds on one account with ones the account has. */
export async function setAccountPermissions(
  db: Database,
  actor: Principal,
  target: { customerId: number; userId: string },
  permissionIds: readonly number[],
  requestId: string,
): Promise<void> {
  if (!canManageCustomer(actor, target.customerId)) throw forbidden();
  await inTransaction(db.$client, async (client) => {
    await applyAccountPermissions(client, actor, target, permissionIds, 'replace', requestId);
  });
}

async function applyAccountPermissions(
  client: Queryable & PoolClient,
  actor: Principal,
  target: { customerId: number; userId: string },
  permissionIds: readonly number[],
  mode: 'add' | 'replace',
  requestId: string,
): Promise<void> {
  const user = await findUserForAdmin(client, target.userId, true);
  if (!user || !user.managed.customerIds.includes(target.customerId))
    throw notFound('The user has no access to this customer account.');
  if (!canChangeAccountPermissions(actor, user.managed, target.customerId)) throw forbidden();
  const ids = [...new Set(permissionIds)];
  const { rows: offered } = await client.query<{ permission_id: number }>(
    'SELECT permission_id FROM customer_permissions WHERE customer_id = $1 AND permission_id = ANY($2)',
    [target.customerId, ids],
  );
  if (offered.length !== ids.length) {
    const message = 'The customer account does not have this permission.';
    throw badRequest(message, [{ field: 'body.permissionIds', code: 'invalidValue', message }]);
  }
  const { rows: current } = await client.query<{ permission_id: number }>(
    'SELECT permission_id FROM customer_user_permissions WHERE customer_id = $1 AND user_id = $2 ORDER BY permission_id',
    [target.customerId, target.userId],
  );
  const before = current.map((r) => r.permission_id);
  if (mode === 'replace')
    await client.query(
      'DELETE FROM customer_user_permissions WHERE customer_id = $1 AND user_id = $2 AND permission_id <> ALL($3)',
      [target.customerId, target.userId, ids],
    );
  await client.query(
    `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
     SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`,
    [target.customerId, target.userId, ids],
  );
  const after =
    mode === 'replace'
      ? [...ids].sort((a, b) => a - b)
      : [...new Set([...before, ...ids])].sort((a, b) => a - b);
  if (before.join() === after.join()) return;
  await writeAudit(client, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: 'user.permissions-updated',
    entityType: 'user',
    entityId: target.userId,
    customerId: target.customerId,
    before: { permissionIds: before },
    after: { permissionIds: after },
    requestId,
  });
}

/**
 * The same permissions for many users of one account at once: added to what each has, or
 * replacing it. All or nothing: one user the actor may not change refuses the whole request.
 */
export async function bulkAccountPermissions(
  db: Database,
  actor: Principal,
  customerId: number,
  request: TBulkSetAccountPermissionsRequest,
  requestId: string,
): Promise<number> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const userIds = [...new Set(request.userIds)].sort();
  await inTransaction(db.$client, async (client) => {
    for (const userId of userIds)
      await applyAccountPermissions(
        client,
        actor,
        { customerId, userId },
        request.permissionIds,
        request.mode,
        requestId,
      );
  });
  return userIds.length;
}

/**
 * Removes a user entirely: every permission, access and their data (spec 2, irreversible). They
 * are signed out everywhere first. Each account they held keeps the fact in its audit log.
 */
export async function deleteUser(
  db: Database,
  actor: Principal,
  userId: string,
  requestId: string,
): Promise<void> {
  try {
    await inTransaction(db.$client, async (client) => {
      const user = await visibleUser(client, actor, userId);
      if (!canDeleteUser(actor, user.managed)) throw forbidden();
      await endUserSessions(client, userId);
      const before = {
        email: user.email,
        displayName: user.display_name,
        roles: user.managed.roles,
        customerIds: user.managed.customerIds,
      };
      await client.query('DELETE FROM users WHERE id = $1', [userId]);
      for (const customerId of user.managed.customerIds.length > 0 ? user.managed.customerIds : [null])
        await writeAudit(client, {
          actorUserId: actor.userId,
          actorEmail: actor.email,
          action: 'user.deleted',
          entityType: 'user',
          entityId: userId,
          customerId,
          before,
          after: null,
          requestId,
        });
    });
  } catch (error) {
    // Data of another feature that still refers to the user: nothing was deleted.
    if ((error as { code?: string }).code === '23503') throw userNotDeleted();
    throw error;
  }
}

/** Lifts a password or MFA lockout at once instead of after LOCKOUT_MINUTES. */
export async function unlockUser(
  db: Database,
  actor: Principal,
  userId: string,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const user = await visibleUser(client, actor, userId);
    if (!canUnlockUser(actor, user.managed)) throw forbidden();
    const passwords = await client.query(
      `DELETE FROM sign_in_attempts WHERE email = $1 AND NOT succeeded AND at > now() - make_interval(mins => $2)`,
      [user.email.toLowerCase(), LOCKOUT_MINUTES],
    );
    const codes = await client.query(
      `UPDATE mfa_challenges SET attempts = 0, expires_at = least(expires_at, now())
        WHERE user_id = $1 AND completed_at IS NULL AND attempts > 0`,
      [userId],
    );
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.unlocked',
      entityType: 'user',
      entityId: userId,
      after: { failedSignInsCleared: passwords.rowCount ?? 0, codeChallengesCleared: codes.rowCount ?? 0 },
      requestId,
    });
  });
}

/**
 * PUT /user of the older client: name, enabled and roles as `updateUser`, and the accounts as a
 * whole list. Accounts are added directly only by provider administrators (others invite);
 * removing follows the revoke rule. The e-mail address changes only through its own confirmation.
 */
export async function updateUserLegacy(
  db: Database,
  actor: Principal,
  input: {
    objectId: string;
    firstName: string;
    lastName: string;
    mail: string;
    enabled: boolean;
    roles: StoredRole[];
    customerIds: number[];
  },
  requestId: string,
): Promise<void> {
  const current = await findUserForAdmin(db.$client, input.objectId);
  if (!current || !canViewUser(actor, current.managed)) throw userNotFound();
  if (current.email.toLowerCase() !== input.mail.trim().toLowerCase()) {
    const message = 'Change the e-mail address with POST /api/administration/update-email.';
    throw badRequest(message, [{ field: 'body.mail', code: 'invalidValue', message }]);
  }
  const wanted = new Set(input.customerIds);
  const added = [...wanted].filter((id) => !current.managed.customerIds.includes(id));
  const removed = current.managed.customerIds.filter((id) => !wanted.has(id));
  if (added.length > 0 && !canAddAccountDirectly(actor))
    throw forbidden('Invite the user to the account instead.');
  if (removed.some((id) => !canRevokeAccess(actor, current.managed, id))) throw forbidden();
  await inTransaction(db.$client, async (client) => {
    await updateUserWith(client, actor, input.objectId, input, requestId);
    for (const customerId of added) {
      const { rowCount } = await client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
      if (!rowCount) throw notFound('Failed to load customer');
      await grantCustomerAccess(client, input.objectId, customerId);
    }
    if (removed.length > 0)
      await client.query('DELETE FROM user_customers WHERE user_id = $1 AND customer_id = ANY($2)', [
        input.objectId,
        removed,
      ]);
    for (const [action, ids] of [
      ['customer-access.granted', added],
      ['customer-access.revoked', removed],
    ] as const)
      for (const customerId of ids)
        await writeAudit(client, {
          actorUserId: actor.userId,
          actorEmail: actor.email,
          action,
          entityType: 'user',
          entityId: input.objectId,
          customerId,
          ...(action === 'customer-access.granted' ? { after: { customerId } } : { before: { customerId } }),
          requestId,
        });
  });
}
