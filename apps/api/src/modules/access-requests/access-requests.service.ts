import type { PoolClient } from 'pg';
import {
  ACCESS_REQUEST_EXPIRY_DAYS,
  MAX_ACCESS_REQUESTS_PER_DAY,
  type AccessRequestRole,
  type TCreateAccessRequestRequest,
  type TMyAccessRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { alreadyHasAccess } from '../users/invite-user.service.ts';
import { accessLinks } from './access-links.ts';
import { ACCESS_REQUEST_MAILS } from './access-request-mails.ts';
import {
  findAccountAdministrators,
  findMyRequest,
  listMyRequests,
  lockAccountRequest,
} from './access-requests.repository.ts';
import { approveRequest, grantablePermissions, requesterReach, roleStaysWithin } from './grant-access.ts';
import { assertRequestAllowed } from './request-limits.ts';

export const requestNotFound = () => notFound('The access request was not found.');
export const alreadyDecided = () => conflict('This access request has already been decided.');
export const alreadyPending = () =>
  conflict('You already have a pending request for this customer number.', [
    {
      field: 'body.customerNumber',
      code: 'alreadyExists',
      message: 'You already have a pending request for this customer number.',
    },
  ]);

export { listMyRequests };

/** The part of an e-mail address after the last @, in lower case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

type VerifiedDomain = { domain: string; role: AccessRequestRole; permission_ids: number[] };

/**
 * A verified domain of the account with automatic approval may let the person in at once, with
 * its role and those of its permissions the account still offers. It stands back (the request
 * waits for a person) when the role would reach beyond this account or the person holds too many.
 */
async function tryDomainApproval(
  client: PoolClient,
  requestId: string,
  customerId: number,
  email: string,
  publicUrl: string,
): Promise<number[] | undefined> {
  const { rows } = await client.query<VerifiedDomain>(
    `SELECT domain, role, permission_ids FROM account_email_domains
      WHERE customer_id = $1 AND domain = $2 AND verified_at IS NOT NULL AND auto_approve`,
    [customerId, domainOf(email)],
  );
  const domain = rows[0];
  if (!domain) return undefined;
  const request = await lockAccountRequest(client, customerId, requestId);
  if (!request) return undefined;
  if (!roleStaysWithin(domain.role, await requesterReach(client, request.user_id), [customerId]))
    return undefined;
  const offered = new Set((await grantablePermissions(client, customerId)).map((p) => p.id));
  await client.query('SAVEPOINT domain_approval');
  try {
    const outboxIds = await approveRequest(
      client,
      request,
      {
        role: domain.role,
        permissionIds: domain.permission_ids.filter((id) => offered.has(id)),
        decidedBy: null,
        approvedByDomain: domain.domain,
      },
      publicUrl,
    );
    await client.query('RELEASE SAVEPOINT domain_approval');
    return outboxIds;
  } catch (error) {
    // The account limit: the request waits for an administrator like any other.
    await client.query('ROLLBACK TO SAVEPOINT domain_approval');
    if ((error as { errorCode?: string }).errorCode === 'TOO_MANY_ACCOUNTS') return undefined;
    throw error;
  }
}

/** The account's administrators hear of a new request in the Hub and by e-mail, each in their language. */
async function tellAdministrators(
  client: PoolClient,
  request: { customerId: number; customerName: string; message: string },
  person: { name: string; email: string },
  publicUrl: string,
): Promise<number[]> {
  const admins = await findAccountAdministrators(client, request.customerId);
  await insertNotifications(
    client,
    admins.map((admin) => ({
      userId: admin.user_id,
      type: 'accessRequestReceived' as const,
      payload: { customerId: request.customerId, customerName: request.customerName, person: person.name },
    })),
  );
  const ids: number[] = [];
  for (const admin of admins) {
    const mail = renderTemplate(
      ACCESS_REQUEST_MAILS.requestReceived[admin.language],
      {
        firstName: admin.first_name,
        person: person.name,
        email: person.email,
        customer: request.customerName,
        message: request.message || '–',
      },
      accessLinks.accountRequests(publicUrl, request.customerId),
    );
    ids.push(await queueEmail(client, admin.email, mail));
  }
  return ids;
}

/**
 * A signed-in person asks for an account by its number. A number no account has is stored and
 * answered exactly like one that exists (pending, no account name), so the answer never tells
 * whether the number exists; only the account's administrators ever hear of it. At most
 * MAX_ACCESS_REQUESTS_PER_DAY new requests a day, one pending per number.
 */
export async function createAccessRequest(
  db: Database,
  principal: Principal,
  input: TCreateAccessRequestRequest,
  publicUrl: string,
  requestId: string,
): Promise<{ request: TMyAccessRequest; outboxIds: number[] }> {
  const customerNumber = input.customerNumber;
  const message = input.message ?? '';
  return inTransaction(db.$client, async (client) => {
    // One person's requests are counted and checked one at a time.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('access-request:' || $1))`, [principal.userId]);
    const { rows: people } = await client.query<{ display_name: string; email: string; verified: boolean }>(
      'SELECT display_name, email, email_verified AS verified FROM users WHERE id = $1',
      [principal.userId],
    );
    const person = people[0];
    if (!person?.verified) throw forbidden('Confirm your e-mail address before you ask for access.');
    const { rows: customers } = await client.query<{ id: number; name: string }>(
      'SELECT id, name FROM customers WHERE customer_number = $1',
      [customerNumber],
    );
    const customer = customers[0];
    // Only someone who holds the account learns this, and they know it exists.
    if (customer && principal.customerIds.includes(customer.id)) throw alreadyHasAccess();
    const { rowCount: pending } = await client.query(
      `SELECT 1 FROM access_requests WHERE user_id = $1 AND requested_customer_number = $2 AND status = 'pending'`,
      [principal.userId, customerNumber],
    );
    if (pending) throw alreadyPending();
    await assertRequestAllowed(client, principal.userId, MAX_ACCESS_REQUESTS_PER_DAY);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO access_requests (user_id, requested_customer_number, customer_id, message)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [principal.userId, customerNumber, customer?.id ?? null, message],
    );
    const id = rows[0]!.id;
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'accessRequest.created',
      entityType: 'accessRequest',
      entityId: id,
      customerId: customer?.id ?? null,
      after: { customerNumber },
      requestId,
    });
    let outboxIds: number[] = [];
    if (customer) {
      outboxIds =
        (await tryDomainApproval(client, id, customer.id, person.email, publicUrl)) ??
        (await tellAdministrators(
          client,
          { customerId: customer.id, customerName: customer.name, message },
          { name: person.display_name, email: person.email },
          publicUrl,
        ));
    }
    return { request: (await findMyRequest(client, principal.userId, id))!, outboxIds };
  });
}

/** The person takes back a request still waiting; 404 for anyone else's, 409 once decided. */
export async function withdrawAccessRequest(
  db: Database,
  principal: Principal,
  id: string,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ status: string; customer_id: number | null }>(
      'SELECT status, customer_id FROM access_requests WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, principal.userId],
    );
    const request = rows[0];
    if (!request) throw requestNotFound();
    if (request.status !== 'pending') throw alreadyDecided();
    await client.query(`UPDATE access_requests SET status = 'withdrawn', decided_at = now() WHERE id = $1`, [
      id,
    ]);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'accessRequest.withdrawn',
      entityType: 'accessRequest',
      entityId: id,
      customerId: request.customer_id,
      requestId,
    });
  });
}

/** Requests nobody answered within ACCESS_REQUEST_EXPIRY_DAYS days expire (the purge job). */
export async function expireAccessRequests(client: Pick<PoolClient, 'query'>): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE access_requests SET status = 'expired', decided_at = now()
      WHERE status = 'pending' AND created < now() - make_interval(days => $1)`,
    [ACCESS_REQUEST_EXPIRY_DAYS],
  );
  return rowCount ?? 0;
}
