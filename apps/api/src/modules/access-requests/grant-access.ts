import type { PoolClient } from 'pg';
import {
  EXCLUDED_GRANT_PREFIXES,
  PERMISSION_PREFIXES,
  type AccessRequestRole,
  type PermissionGrant,
  type PermissionPrefix,
  type StoredRole,
  type TGrantablePermission,
} from '@service-hub/contracts';
import { writeAudit } from '../../lib/audit.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import { isProviderAdmin, mayShareService, rankOf, type Actor } from '../auth/policies.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { grantCustomerAccess } from '../users/customer-access.repository.ts';
import { alreadyHasAccess } from '../users/invite-user.service.ts';
import { accessLinks } from './access-links.ts';
import { ACCESS_REQUEST_MAILS } from './access-request-mails.ts';
import type { PendingRequest } from './access-requests.repository.ts';

type Queryable = Pick<PoolClient, 'query'>;

const isKnownPrefix = (prefix: string): prefix is PermissionPrefix =>
  PERMISSION_PREFIXES.some((known) => known === prefix);

/**
 * Whether the actor may hand a service of the account to a new member: `mayShareService` for the
 * services the Hub knows; for one an administrator added, holding a permission of it.
 */
function mayShare(actor: Pick<Actor, 'roles'>, permissions: readonly PermissionGrant[], prefix: string) {
  if (isKnownPrefix(prefix)) return mayShareService(actor, permissions, prefix);
  return isProviderAdmin(actor) || permissions.some((p) => p.prefix === prefix);
}

/**
 * The account's permissions an approval may give: those a new member could get with customer
 * access at all (never AI, WOD, EA, IBF or the services' administrator permission, as with an
 * invitation), and of those only services the deciding administrator may share. Without an
 * actor (a verified domain approving), every one of them.
 */
export async function grantablePermissions(
  client: Queryable,
  customerId: number,
  actor?: { principal: Pick<Actor, 'roles'>; permissions: readonly PermissionGrant[] },
): Promise<TGrantablePermission[]> {
  const { rows } = await client.query<TGrantablePermission>(
    `SELECT p.id, p.prefix, p.name FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
      WHERE cp.customer_id = $1 AND p.prefix <> ALL($2::text[]) AND p.name <> 'CustomerAdmin'
      ORDER BY p.prefix, p.name, p.id`,
    [customerId, EXCLUDED_GRANT_PREFIXES],
  );
  return actor ? rows.filter((p) => mayShare(actor.principal, actor.permissions, p.prefix)) : rows;
}

/** The requester's roles and accounts, for the rule on the administrator role. */
export async function requesterReach(client: Queryable, userId: string) {
  const { rows } = await client.query<{ roles: StoredRole[]; customer_ids: number[] }>(
    `SELECT coalesce((SELECT array_agg(role) FROM user_roles WHERE user_id = $1), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id) FROM user_customers WHERE user_id = $1), '{}') AS customer_ids`,
    [userId],
  );
  return { roles: rows[0]?.roles ?? [], customerIds: rows[0]?.customer_ids ?? [] };
}

type Requester = { roles: readonly StoredRole[]; customerIds: readonly number[] };

/**
 * Whether the person already has a role above `role`. Roles are global, so they would hold that
 * role in this account too: approving them "as a user" would not be what they got.
 */
export const alreadyOutranks = (requester: Requester, role: AccessRequestRole) =>
  rankOf(requester.roles) > rankOf([role]);

/**
 * Roles are global in the Hub: making someone CustomerAdministrator makes them administrator of
 * every account they hold. So the role is given only when every other account they hold is one
 * `administered` contains (everything, for a provider administrator: `undefined`), and never
 * below a role the person already has (`alreadyOutranks`).
 */
export function roleStaysWithin(
  role: AccessRequestRole,
  requester: Requester,
  administered: readonly number[] | undefined,
): boolean {
  if (alreadyOutranks(requester, role)) return false;
  if (role !== 'CustomerAdministrator' || requester.roles.includes(role)) return true;
  return administered === undefined || requester.customerIds.every((id) => administered.includes(id));
}

export type Approval = {
  role: AccessRequestRole;
  permissionIds: readonly number[];
  /** The administrator who decided; null when a verified domain approved. */
  decidedBy: { userId: string; email: string } | null;
  approvedByDomain: string | null;
  requestId?: string;
};

/**
 * Adds the person to the account the way accepting an invitation does (`grantCustomerAccess`,
 * with its limit of accounts per user), then narrows their permissions there to the chosen ones,
 * adds the role, records the decision, audits it in the account's log and tells the person in
 * the Hub and by e-mail. Runs in the caller's transaction with the request locked.
 */
export async function approveRequest(
  client: PoolClient,
  request: PendingRequest,
  approval: Approval,
  publicUrl: string,
): Promise<number[]> {
  const { user_id: userId, customer_id: customerId } = request;
  const { rowCount: held } = await client.query(
    'SELECT 1 FROM user_customers WHERE user_id = $1 AND customer_id = $2',
    [userId, customerId],
  );
  if (held) throw alreadyHasAccess();
  await grantCustomerAccess(client, userId, customerId);
  const ids = [...new Set(approval.permissionIds)].sort((a, b) => a - b);
  await client.query(
    'DELETE FROM customer_user_permissions WHERE customer_id = $1 AND user_id = $2 AND permission_id <> ALL($3::int[])',
    [customerId, userId, ids],
  );
  await client.query(
    `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
     SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`,
    [customerId, userId, ids],
  );
  await client.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    userId,
    approval.role,
  ]);
  await client.query(
    `UPDATE access_requests SET status = 'approved', decided_by = $2, decided_at = now(), granted_role = $3,
            granted_permission_ids = $4, approved_by_domain = $5
      WHERE id = $1`,
    [request.id, approval.decidedBy?.userId ?? null, approval.role, ids, approval.approvedByDomain],
  );
  await writeAudit(client, {
    actorUserId: approval.decidedBy?.userId ?? null,
    actorEmail: approval.decidedBy?.email ?? null,
    action: 'accessRequest.approved',
    entityType: 'user',
    entityId: userId,
    customerId,
    after: {
      accessRequestId: request.id,
      role: approval.role,
      permissionIds: ids,
      ...(approval.approvedByDomain && { approvedByDomain: approval.approvedByDomain }),
    },
    requestId: approval.requestId,
  });
  await insertNotification(client, {
    userId,
    type: 'accessRequestApproved',
    payload: { customerId, customerName: request.customer_name },
  });
  const mail = renderTemplate(
    ACCESS_REQUEST_MAILS.requestApproved[request.language],
    {
      firstName: request.first_name,
      customer: request.customer_name,
      customerNumber: request.requested_customer_number,
    },
    accessLinks.dashboardOf(publicUrl, customerId),
  );
  return [await queueEmail(client, request.email, mail)];
}
