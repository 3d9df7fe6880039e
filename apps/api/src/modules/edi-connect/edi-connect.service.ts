import {
  DEPLOYMENT_REQUEST_TRANSITIONS,
  type TMoveDeploymentRequestRequest,
  type TCreateDeploymentRequestRequest,
  type TDeploymentRequest,
  type TListDeploymentRequestsResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import { REASON_LINE, STATUS_MAIL, STATUS_NAMES } from './edi-connect-mail.ts';
import {
  findDeploymentRequest,
  insertDeploymentRequest,
  listDeploymentRequests,
  lockDeploymentRequest,
  orderingUsers,
  updateDeploymentRequestStatus,
  type DeploymentRequestRecord,
  type RequestQuery,
} from './edi-connect.repository.ts';

export const ORDER_NOT_FOUND = 'The EDI connect order was not found.';

/** Only provider staff move orders; customers follow them. */
const withCallerView = (record: DeploymentRequestRecord, principal: Principal): TDeploymentRequest => ({
  ...record,
  nextStatuses: isProviderAdmin(principal) ? [...DEPLOYMENT_REQUEST_TRANSITIONS[record.status]] : [],
});

/** Today's date in UTC as YYYY-MM-DD; a wished go-live date before it is refused. */
const today = (now = new Date()) => now.toISOString().slice(0, 10);

export async function listRequests(
  db: Database,
  principal: Principal,
  query: RequestQuery,
): Promise<TListDeploymentRequestsResponse> {
  const { requests, totalCount } = await listDeploymentRequests(db, query);
  return {
    requests: requests.map((r) => withCallerView(r, principal)),
    totalCount,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getRequest(
  db: Database,
  principal: Principal,
  id: number,
  customerId?: number,
): Promise<TDeploymentRequest> {
  const record = await findDeploymentRequest(db.$client, id, customerId);
  if (!record) throw notFound(ORDER_NOT_FOUND);
  return withCallerView(record, principal);
}

export async function createRequest(
  db: Database,
  principal: Principal,
  customerId: number,
  input: TCreateDeploymentRequestRequest,
): Promise<TDeploymentRequest> {
  if (input.requestedGoLive < today()) {
    throw badRequest('Invalid request: body.requestedGoLive.', [
      {
        field: 'body.requestedGoLive',
        code: 'tooSmall',
        message: 'The date cannot be earlier than today.',
        params: { minimum: today() },
      },
    ]);
  }
  const id = await insertDeploymentRequest(db.$client, customerId, principal.userId, input);
  return getRequest(db, principal, id, customerId);
}

/**
 * Moves an order along the workflow (provider staff). The status is read under a row lock, so
 * two simultaneous moves cannot both start from the same status; the customer's users who order
 * EDI connections get a notification and an e-mail in the same transaction.
 */
export async function changeRequestStatus(
  db: Database,
  principal: Principal,
  id: number,
  change: TMoveDeploymentRequestRequest,
  requestId: string,
  publicUrl: string,
): Promise<{ request: TDeploymentRequest; outbox: number[] }> {
  const outbox = await inTransaction(db.$client, async (client) => {
    const from = await lockDeploymentRequest(client, id);
    if (from === undefined) throw notFound(ORDER_NOT_FOUND);
    if (!DEPLOYMENT_REQUEST_TRANSITIONS[from].includes(change.status)) {
      throw conflict(`An order cannot move from ${from} to ${change.status}.`);
    }
    const reason = change.status === 'rejected' ? (change.reason ?? null) : null;
    await updateDeploymentRequestStatus(client, id, change.status, reason);
    const record = (await findDeploymentRequest(client, id))!;
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'deploymentRequest.status',
      entityType: 'deploymentRequest',
      entityId: String(id),
      before: { status: from },
      after: { status: change.status, reason },
      requestId,
    });
    const link = `${publicUrl}/edi-connect/deployment-requests?activeAccountId=${record.customerId}`;
    const ids: number[] = [];
    for (const user of await orderingUsers(client, record.customerId)) {
      if (user.id === principal.userId) continue;
      await insertNotification(client, {
        userId: user.id,
        type: 'deploymentRequestStatus',
        payload: { requestId: id, partnerName: record.partnerName, status: change.status },
      });
      const values = {
        firstName: user.first_name,
        partner: record.partnerName,
        customer: record.customerName,
        status: STATUS_NAMES[user.language][change.status],
        reason: reason ? REASON_LINE[user.language].replace('{reason}', reason) : '',
      };
      ids.push(
        await queueEmail(client, user.email, renderTemplate(STATUS_MAIL[user.language], values, link)),
      );
    }
    return ids;
  });
  return { request: await getRequest(db, principal, id), outbox };
}
