import type { Pool, PoolClient } from 'pg';
import {
  HUB_EVENT_SERVICES,
  MAX_WEBHOOK_REPLAY,
  WEBHOOK_TEST_EVENT,
  type PermissionGrant,
  type HubEventType,
  type Language,
  type TCreateWebhookEndpointResponse,
  type TReplayFailedWebhookDeliveriesResponse,
  type TRotateWebhookSecretResponse,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type WebhookUrlProblem,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer, mayShareService } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { HUB_EVENTS_CHANNEL } from '../events/events.repository.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { checkWebhookUrl, type AddressPolicy } from './webhook-address-policy.ts';
import { failOpenDeliveries } from './webhook-deliveries.repository.ts';
import { ENDPOINT_DISABLED_MAIL, formatMailMoment } from './webhook-mail.ts';
import { newWebhookId, newWebhookSecret } from './webhook-signing.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertSecret,
  retireSecrets,
  updateEndpoint,
} from './webhooks.repository.ts';

/** Endpoints one account may register: each one multiplies the account's deliveries. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

const URL_MESSAGES: Record<WebhookUrlProblem, string> = {
  notHttps: 'The address must start with https://.',
  notAllowedParts: 'Leave user name, password and # out of the address.',
  unresolvable: 'The host name of this address cannot be found.',
  blockedAddress: 'This address leads to a private or reserved network, which the Hub does not deliver to.',
};

/**
 * Who acts, and on which account: the caller must administer it (or be provider staff); their
 * own permissions there bound which events they may subscribe to.
 */
export type ActingOn = {
  principal: Principal;
  customerId: number;
  permissions: readonly PermissionGrant[];
  requestId: string;
};

/** Events of a service the caller cannot read on the account are refused (403). */
function assertMaySubscribe(acting: ActingOn, eventTypes: readonly HubEventType[]): void {
  const refused = eventTypes.filter(
    (type) =>
      !HUB_EVENT_SERVICES[type].some((service) =>
        mayShareService(acting.principal, acting.permissions, service),
      ),
  );
  if (refused.length > 0)
    throw forbidden('You may not subscribe to events of a service you cannot read on this account.');
}

const auditBy = (acting: ActingOn) => ({
  actorUserId: acting.principal.userId,
  actorEmail: acting.principal.email,
  customerId: acting.customerId,
  requestId: acting.requestId,
});

/** Customer administrators of the account and provider administrators; everyone else is refused. */
export function assertManagesWebhooks(acting: ActingOn): void {
  if (!canManageCustomer(acting.principal, acting.customerId))
    throw forbidden('Only administrators of this account manage its webhooks.');
}

async function assertUsableUrl(url: string, policy: AddressPolicy): Promise<void> {
  const problem = await checkWebhookUrl(url, policy);
  if (problem)
    throw badRequest(URL_MESSAGES[problem], [
      {
        field: 'body.url',
        code: 'invalidValue',
        message: URL_MESSAGES[problem],
        params: { reason: problem },
      },
    ]);
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (e: Pick<TWebhookEndpoint, 'url' | 'description' | 'eventTypes' | 'enabled'>) => ({
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  enabled: e.enabled,
});

/** Wakes the dispatchers once the transaction commits (new test event, replays). */
const wakeDispatchers = (client: PoolClient) => client.query(`SELECT pg_notify('${HUB_EVENTS_CHANNEL}', '')`);

export async function createEndpoint(
  db: Database,
  acting: ActingOn,
  input: { url: string; description: string; eventTypes: HubEventType[] },
  policy: AddressPolicy,
): Promise<TCreateWebhookEndpointResponse> {
  assertManagesWebhooks(acting);
  assertMaySubscribe(acting, input.eventTypes);
  await assertUsableUrl(input.url, policy);
  const secret = newWebhookSecret();
  const id = await inTransaction(db.$client, async (client) => {
    // Serialises registrations of one account, so two at once cannot pass the cap together.
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [acting.customerId]);
    if ((await countEndpoints(client, acting.customerId)) >= MAX_ENDPOINTS_PER_ACCOUNT)
      throw conflict(`An account can have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`);
    const endpointId = await insertEndpoint(client, {
      customerId: acting.customerId,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      createdBy: acting.principal.userId,
    });
    await insertSecret(client, endpointId, secret);
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookEndpoint.create',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      after: audited({ ...input, enabled: true }),
    });
    return endpointId;
  });
  return { endpoint: (await findEndpoint(db.$client, acting.customerId, id))!, secret };
}

export async function getEndpoint(
  db: Database,
  acting: ActingOn,
  endpointId: string,
): Promise<TWebhookEndpoint> {
  assertManagesWebhooks(acting);
  const endpoint = await findEndpoint(db.$client, acting.customerId, endpointId);
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}

export async function changeEndpoint(
  db: Database,
  acting: ActingOn,
  endpointId: string,
  change: { url?: string; description?: string; eventTypes?: HubEventType[]; enabled?: boolean },
  policy: AddressPolicy,
): Promise<TWebhookEndpoint> {
  assertManagesWebhooks(acting);
  // Another account's or an unknown endpoint is a 404 before anything about the address is said.
  if (!(await findEndpoint(db.$client, acting.customerId, endpointId))) throw notFound(ENDPOINT_NOT_FOUND);
  if (change.eventTypes) assertMaySubscribe(acting, change.eventTypes);
  if (change.url !== undefined) await assertUsableUrl(change.url, policy);
  await inTransaction(db.$client, async (client) => {
    const before = await findEndpoint(client, acting.customerId, endpointId, { lock: true });
    if (!before) throw notFound(ENDPOINT_NOT_FOUND);
    const after = {
      url: change.url ?? before.url,
      description: change.description ?? before.description,
      eventTypes: change.eventTypes ?? before.eventTypes,
      enabled: change.enabled ?? before.enabled,
    };
    const enabledChanged = after.enabled !== before.enabled;
    await updateEndpoint(client, endpointId, { ...after, enabledChanged });
    // Switched off: what still waited is given up (the log shows it failed; replay sends it again).
    // Switched on: nothing fanned out while it was off may wait either — a fan-out that read the
    // endpoint as enabled just before it was switched off could have left some behind.
    if (enabledChanged) await failOpenDeliveries(client, endpointId);
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookEndpoint.update',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      before: audited(before),
      after: audited(after),
    });
  });
  return (await findEndpoint(db.$client, acting.customerId, endpointId))!;
}

export async function removeEndpoint(db: Database, acting: ActingOn, endpointId: string): Promise<void> {
  assertManagesWebhooks(acting);
  await inTransaction(db.$client, async (client) => {
    const before = await findEndpoint(client, acting.customerId, endpointId, { lock: true });
    if (!before) throw notFound(ENDPOINT_NOT_FOUND);
    await deleteEndpoint(client, endpointId);
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookEndpoint.delete',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      before: audited(before),
    });
  });
}

export async function rotateSecret(
  db: Database,
  acting: ActingOn,
  endpointId: string,
  overlapHours: number,
): Promise<TRotateWebhookSecretResponse> {
  assertManagesWebhooks(acting);
  const secret = newWebhookSecret();
  await inTransaction(db.$client, async (client) => {
    const endpoint = await findEndpoint(client, acting.customerId, endpointId, { lock: true });
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    await retireSecrets(client, endpointId, overlapHours);
    await insertSecret(client, endpointId, secret);
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookEndpoint.rotateSecret',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      after: { overlapHours },
    });
  });
  return { endpoint: (await findEndpoint(db.$client, acting.customerId, endpointId))!, secret };
}

/** Queues a `webhook.test` delivery to the endpoint; its payload is kept with it. */
export async function sendTestEvent(
  db: Database,
  acting: ActingOn,
  endpointId: string,
  customerNumber: string,
): Promise<TWebhookDelivery> {
  assertManagesWebhooks(acting);
  const id = newWebhookId();
  await inTransaction(db.$client, async (client) => {
    const endpoint = await findEndpoint(client, acting.customerId, endpointId);
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    const now = new Date();
    const payload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      // A test event is no event of the account: it takes no place in the sequence.
      sequence: 0,
      version: 1,
      account: { id: acting.customerId, customerNumber },
      data: {
        endpointId,
        message: 'A test event from Service Hub: your endpoint receives and verifies webhooks.',
      },
    };
    await client.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_type, test_payload, state, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', now())`,
      [id, endpointId, acting.customerId, WEBHOOK_TEST_EVENT, JSON.stringify(payload)],
    );
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookEndpoint.test',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      after: { deliveryId: id },
    });
    await wakeDispatchers(client);
  });
  return (await findDelivery(db.$client, acting.customerId, id))!;
}

const DISABLED_ENDPOINT = 'Switch the endpoint on before replaying its deliveries.';

/** Sends one delivery again, whatever its state, with the same `webhook-id`. */
export async function replayDelivery(
  db: Database,
  acting: ActingOn,
  deliveryId: string,
): Promise<TWebhookDelivery> {
  assertManagesWebhooks(acting);
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ enabled: boolean; is_test: boolean; endpoint_id: string }>(
      `SELECT e.enabled, d.test_payload IS NOT NULL AS is_test, d.endpoint_id
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.customer_id = $1 AND d.id = $2 AND e.deleted_at IS NULL FOR UPDATE OF d`,
      [acting.customerId, deliveryId],
    );
    const found = rows[0];
    if (!found) throw notFound(DELIVERY_NOT_FOUND);
    if (!found.enabled && !found.is_test) throw conflict(DISABLED_ENDPOINT);
    await client.query(
      "UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now() WHERE id = $1",
      [deliveryId],
    );
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookDelivery.replay',
      entityType: 'webhookEndpoint',
      entityId: found.endpoint_id,
      after: { deliveryId },
    });
    await wakeDispatchers(client);
  });
  return (await findDelivery(db.$client, acting.customerId, deliveryId))!;
}

/**
 * Sends the failed and still-failing deliveries created in [from, to) again (of one endpoint, or all
 * of the account's enabled ones), oldest first and at most MAX_WEBHOOK_REPLAY per call; the answer
 * says how many are left for the next call.
 */
export async function replayFailed(
  db: Database,
  acting: ActingOn,
  range: { from: string; to: string; endpointId?: string },
): Promise<TReplayFailedWebhookDeliveriesResponse> {
  assertManagesWebhooks(acting);
  return inTransaction(db.$client, async (client) => {
    if (range.endpointId && !(await findEndpoint(client, acting.customerId, range.endpointId)))
      throw notFound(ENDPOINT_NOT_FOUND);
    const matching = `FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
      WHERE d.customer_id = $1 AND d.state IN ('failed', 'failing') AND d.created >= $2 AND d.created < $3
        AND ($4::uuid IS NULL OR d.endpoint_id = $4)`;
    const values = [acting.customerId, range.from, range.to, range.endpointId ?? null];
    const replayed = await client.query(
      `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now()
        WHERE id IN (SELECT d.id ${matching} ORDER BY d.created LIMIT ${MAX_WEBHOOK_REPLAY} FOR UPDATE OF d SKIP LOCKED)`,
      values,
    );
    const left = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${matching}`, values);
    const count = replayed.rowCount ?? 0;
    await writeAudit(client, {
      ...auditBy(acting),
      action: 'webhookDelivery.replayFailed',
      entityType: 'customer',
      entityId: String(acting.customerId),
      after: { ...range, replayed: count },
    });
    if (count > 0) await wakeDispatchers(client);
    return { replayed: count, remaining: left.rows[0]?.n ?? 0 };
  });
}

/**
 * Switches an endpoint off that has failed for the whole grace period, gives up what waited for it,
 * and e-mails the account's administrators in their language. Answers the outbox ids to send, or
 * none when another dispatcher got there first.
 */
export async function disableFailingEndpoint(
  pool: Pool,
  endpointId: string,
  publicUrl: string,
): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      url: string;
      customer_id: number;
      failing_since: Date;
      customer_name: string;
    }>(
      `UPDATE webhook_endpoints e SET enabled = false, disabled_reason = 'failing', disabled_at = now(), modified = now()
         FROM customers c
        WHERE e.id = $1 AND e.enabled AND c.id = e.customer_id
        RETURNING e.url, e.customer_id, e.failing_since, c.name AS customer_name`,
      [endpointId],
    );
    const endpoint = rows[0];
    if (!endpoint) return [];
    await failOpenDeliveries(client, endpointId);
    await writeAudit(client, {
      actorUserId: null,
      actorEmail: null,
      action: 'webhookEndpoint.disabledFailing',
      entityType: 'webhookEndpoint',
      entityId: endpointId,
      customerId: endpoint.customer_id,
      after: {
        enabled: false,
        disabledReason: 'failing',
        failingSince: endpoint.failing_since.toISOString(),
      },
    });
    const admins = await client.query<{ email: string; first_name: string; language: Language }>(
      `SELECT DISTINCT u.email, u.first_name, u.language
         FROM users u JOIN user_customers uc ON uc.user_id = u.id AND uc.customer_id = $1
         JOIN user_roles r ON r.user_id = u.id AND r.role IN ('CustomerAdministrator', 'ProviderAdministrator')
        WHERE u.enabled`,
      [endpoint.customer_id],
    );
    const link = `${publicUrl}/developer/webhooks/${endpointId}?activeAccountId=${endpoint.customer_id}`;
    const outbox: number[] = [];
    for (const admin of admins.rows) {
      const values = {
        firstName: admin.first_name,
        customer: endpoint.customer_name,
        url: endpoint.url,
        since: formatMailMoment(endpoint.failing_since, admin.language),
      };
      outbox.push(
        await queueEmail(
          client,
          admin.email,
          renderTemplate(ENDPOINT_DISABLED_MAIL[admin.language], values, link),
        ),
      );
    }
    return outbox;
  });
}
