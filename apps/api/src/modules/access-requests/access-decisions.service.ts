import {
  ACCESS_REQUEST_ROLES,
  type PermissionGrant,
  type TApproveAccessRequestRequest,
  type TListAccountAccessRequestsResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { canManageCustomer, grantableRoles, isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import { accessLinks } from './access-links.ts';
import { ACCESS_REQUEST_MAILS } from './access-request-mails.ts';
import { listAccountRequests, lockAccountRequest } from './access-requests.repository.ts';
import { alreadyDecided, requestNotFound } from './access-requests.service.ts';
import {
  alreadyOutranks,
  approveRequest,
  grantablePermissions,
  requesterReach,
  roleStaysWithin,
} from './grant-access.ts';

/** The administrator deciding, on the account in `activeAccountId`, with their permissions there. */
export type Deciding = {
  principal: Principal;
  customerId: number;
  permissions: readonly PermissionGrant[];
  requestId: string;
};

/** The account's customer administrators and provider administrators decide; nobody else (403). */
export function assertDecides(deciding: Deciding): void {
  if (!canManageCustomer(deciding.principal, deciding.customerId))
    throw forbidden('Only administrators of this account decide its access requests.');
}

const rolesFor = (principal: Principal) =>
  ACCESS_REQUEST_ROLES.filter((role) => grantableRoles(principal).includes(role));

export async function listRequestsOfAccount(
  db: Database,
  deciding: Deciding,
  state: 'pending' | 'decided',
): Promise<TListAccountAccessRequestsResponse> {
  assertDecides(deciding);
  return {
    requests: await listAccountRequests(db.$client, deciding.customerId, state),
    grantablePermissions: await grantablePermissions(db.$client, deciding.customerId, deciding),
    grantableRoles: rolesFor(deciding.principal),
  };
}

/**
 * Approves with the chosen role and permissions: only permissions the account offers and the
 * administrator may share, only a role they may give, that stays within the accounts they
 * administer and that is not below a role the person already has (roles are global). 404 for a request of another account, 409 once decided (the other administrator
 * won) or when the person already holds too many accounts.
 */
export async function approveAccessRequest(
  db: Database,
  deciding: Deciding,
  id: string,
  input: TApproveAccessRequestRequest,
  publicUrl: string,
): Promise<number[]> {
  assertDecides(deciding);
  const { principal, customerId } = deciding;
  if (!rolesFor(principal).includes(input.role)) throw forbidden('You cannot give a role above your own.');
  return inTransaction(db.$client, async (client) => {
    const request = await lockAccountRequest(client, customerId, id);
    if (!request) throw requestNotFound();
    if (request.status !== 'pending') throw alreadyDecided();
    const offered = new Set((await grantablePermissions(client, customerId, deciding)).map((p) => p.id));
    if (input.permissionIds.some((permissionId) => !offered.has(permissionId)))
      throw forbidden('You may only grant permissions of this account whose services you can read yourself.');
    const administered = isProviderAdmin(principal) ? undefined : principal.customerIds;
    const requester = await requesterReach(client, request.user_id);
    if (alreadyOutranks(requester, input.role))
      throw new AppError(
        403,
        'ADMINISTRATOR_ELSEWHERE',
        'Forbidden',
        'This person is an administrator of another account, and roles apply to every account a person holds. Approve them as an administrator or decline.',
      );
    if (!roleStaysWithin(input.role, requester, administered))
      throw new AppError(
        403,
        'ROLE_REACHES_OTHER_ACCOUNTS',
        'Forbidden',
        'The administrator role would reach accounts of this person that you do not administer. Approve them as a user.',
      );
    return approveRequest(
      client,
      request,
      {
        role: input.role,
        permissionIds: input.permissionIds,
        decidedBy: { userId: principal.userId, email: principal.email },
        approvedByDomain: null,
        requestId: deciding.requestId,
      },
      publicUrl,
    );
  });
}

/** Declines with a reason the person reads, in the Hub and by e-mail. 404 / 409 as approving. */
export async function declineAccessRequest(
  db: Database,
  deciding: Deciding,
  id: string,
  reason: string,
  publicUrl: string,
): Promise<number[]> {
  assertDecides(deciding);
  const { principal, customerId } = deciding;
  return inTransaction(db.$client, async (client) => {
    const request = await lockAccountRequest(client, customerId, id);
    if (!request) throw requestNotFound();
    if (request.status !== 'pending') throw alreadyDecided();
    await client.query(
      `UPDATE access_requests SET status = 'declined', decided_by = $2, decided_at = now(), decline_reason = $3
        WHERE id = $1`,
      [id, principal.userId, reason],
    );
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'accessRequest.declined',
      entityType: 'user',
      entityId: request.user_id,
      customerId,
      after: { accessRequestId: id, reason },
      requestId: deciding.requestId,
    });
    await insertNotification(client, {
      userId: request.user_id,
      type: 'accessRequestDeclined',
      payload: { customerNumber: request.requested_customer_number },
    });
    const mail = renderTemplate(
      ACCESS_REQUEST_MAILS.requestDeclined[request.language],
      { firstName: request.first_name, customerNumber: request.requested_customer_number, reason },
      accessLinks.myRequests(publicUrl),
    );
    return [await queueEmail(client, request.email, mail)];
  });
}
