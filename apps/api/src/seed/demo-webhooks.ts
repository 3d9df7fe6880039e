import type { PoolClient } from 'pg';
import { WEBHOOK_TEST_EVENT, type HubEventType } from '@service-hub/contracts';
import { insertAccountApiKey, newAccountApiKey } from '../modules/developer/account-api-keys.repository.ts';
import { recordEvents, type NewHubEvent } from '../modules/events/events.repository.ts';
import { newWebhookId, newWebhookSecret } from '../modules/webhooks/webhook-signing.ts';
import { insertEndpoint, insertSecret, updateEndpoint } from '../modules/webhooks/webhooks.repository.ts';
import type { SeededCustomer, SeededUser } from './demo-accounts.ts';
import type { Random } from './random.ts';

/*
 * A webhook endpoint of one demo account with a delivery log, and an account API key (issue 22).
 * The endpoint is switched off (by hand, as an administrator would while their receiver is being
 * fixed) and points at a reserved example domain: a running Hub never sends anything from the
 * demo data to the internet. Its events are the account's seeded files and rejections, written to
 * the outbox already fanned out. The secret and the key are made as the modules make them and the
 * key is dropped at once: only its hash is stored, so nobody can call with it.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** RFC 2606 reserves `.example`: the address can never reach anyone's system. */
export const DEMO_WEBHOOK_URL = 'https://erp.norrlandskraft.example/service-hub/events';
const SUBSCRIBED: HubEventType[] = ['file.arrived', 'document.rejected'];
/** How many of the account's events the endpoint received before it was switched off. */
const DELIVERED_EVENTS = 10;

/** What an attempt got: an answer (status, body) or, without one, what went wrong. */
type Outcome = { status: number; body: string } | { error: 'timeout' };
const ACCEPTED: Outcome = { status: 202, body: '{"status":"accepted"}' };
const SERVER_ERROR: Outcome = {
  status: 500,
  body: '{"error":"Internal Server Error","message":"Invoice import queue is not available (ERP-IMP-0042)"}',
};
const UNAVAILABLE: Outcome = {
  status: 503,
  body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
};

/**
 * The attempts of each delivery, oldest delivery first, with the seconds after the event each was
 * made (the back-off of docs/webhooks.md: about 10 s, 30 s, 1.5 min): most went through at once,
 * one after a retry, and the newest was still failing when the administrator switched it off.
 */
function attemptPlan(index: number, count: number): { after: number; outcome: Outcome }[] {
  if (index === count - 4)
    return [
      { after: 1, outcome: UNAVAILABLE },
      { after: 12, outcome: ACCEPTED },
    ];
  if (index === count - 1)
    return [
      { after: 1, outcome: SERVER_ERROR },
      { after: 11, outcome: SERVER_ERROR },
      { after: 42, outcome: { error: 'timeout' } },
      { after: 131, outcome: SERVER_ERROR },
    ];
  return [{ after: 1, outcome: ACCEPTED }];
}

/** The account's file arrivals and rejections of a period, oldest first, as ingestion would have told them. */
async function accountEvents(client: PoolClient, customer: SeededCustomer, from: Date, until: Date) {
  const { rows: files } = await client.query<{
    id: number;
    filename: string;
    application: string | null;
    item_reference: string;
    arrived_at: Date;
  }>(
    `SELECT id, filename, application, item_reference, arrived_at FROM tracking_files
      WHERE customer_id = $1 AND arrived_at > $2 AND arrived_at <= $3`,
    [customer.id, from, until],
  );
  const { rows: rejections } = await client.query<{
    document_id: number;
    external_document_id: string;
    file_id: number;
    channel: string;
    delivery_document_id: string;
    rejection_reason: string | null;
    status_at: Date;
  }>(
    `SELECT d.document_id, t.external_document_id, t.file_id, d.channel, d.delivery_document_id, d.rejection_reason, d.status_at
       FROM delivery_documents d JOIN tracking_documents t ON t.id = d.document_id AND t.created_at = d.document_created_at
      WHERE t.customer_id = $1 AND d.status = 'rejected' AND d.status_at > $2 AND d.status_at <= $3`,
    [customer.id, from, until],
  );
  const events: NewHubEvent[] = [
    ...files.map((f): NewHubEvent => ({
      customerId: customer.id,
      type: 'file.arrived',
      occurredAt: f.arrived_at,
      data: {
        fileId: Number(f.id),
        fileRef: f.item_reference,
        filename: f.filename,
        application: f.application,
        arrivedAt: f.arrived_at.toISOString(),
      },
    })),
    ...rejections.map((r): NewHubEvent => ({
      customerId: customer.id,
      type: 'document.rejected',
      occurredAt: r.status_at,
      data: {
        documentId: Number(r.document_id),
        externalDocumentId: r.external_document_id,
        fileId: Number(r.file_id),
        channel: r.channel,
        deliveryDocumentId: r.delivery_document_id,
        rejectionReason: r.rejection_reason,
      },
    })),
  ];
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

async function insertDelivery(
  client: PoolClient,
  delivery: {
    endpointId: string;
    customerId: number;
    eventId: number | null;
    eventType: string;
    testPayload: unknown;
    createdAt: Date;
    attempts: { at: Date; trigger: 'event' | 'retry' | 'test'; outcome: Outcome; latencyMs: number }[];
    state: 'succeeded' | 'failed';
  },
) {
  const id = newWebhookId();
  await client.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_id, event_type, test_payload, state, attempts, created, last_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      delivery.endpointId,
      delivery.customerId,
      delivery.eventId,
      delivery.eventType,
      delivery.testPayload === null ? null : JSON.stringify(delivery.testPayload),
      delivery.state,
      delivery.attempts.length,
      delivery.createdAt,
      delivery.attempts.at(-1)!.at,
    ],
  );
  for (const attempt of delivery.attempts) {
    const answered = 'status' in attempt.outcome ? attempt.outcome : undefined;
    await client.query(
      `INSERT INTO webhook_attempts (delivery_id, at, trigger, http_status, latency_ms, response_excerpt, error, succeeded)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        attempt.at,
        attempt.trigger,
        answered?.status ?? null,
        attempt.latencyMs,
        answered?.body ?? null,
        answered ? null : 'timeout',
        answered !== undefined && answered.status < 300,
      ],
    );
  }
}

/**
 * The switched-off endpoint with its secret, a test event from the day it was registered and the
 * deliveries of the account's last events before it was switched off.
 */
async function seedWebhookEndpoint(
  client: PoolClient,
  random: Random,
  customer: SeededCustomer,
  admin: SeededUser,
  now: Date,
) {
  const created = new Date(now.getTime() - 20 * DAY);
  const endpointId = await insertEndpoint(client, {
    customerId: customer.id,
    url: DEMO_WEBHOOK_URL,
    description: 'ERP: incoming invoice files and rejected documents',
    eventTypes: SUBSCRIBED,
    createdBy: admin.id,
  });
  await insertSecret(client, endpointId, newWebhookSecret());
  const latency = () => random.int(80, 450);

  await insertDelivery(client, {
    endpointId,
    customerId: customer.id,
    eventId: null,
    eventType: WEBHOOK_TEST_EVENT,
    testPayload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date(created.getTime() + 2 * MINUTE).toISOString(),
      sequence: 0,
      version: 1,
      account: { id: customer.id, customerNumber: customer.customerNumber },
      data: {
        endpointId,
        message: 'A test event from Service Hub: your endpoint receives and verifies webhooks.',
      },
    },
    createdAt: new Date(created.getTime() + 2 * MINUTE),
    attempts: [
      {
        at: new Date(created.getTime() + 2 * MINUTE + SECOND),
        trigger: 'test',
        outcome: ACCEPTED,
        latencyMs: latency(),
      },
    ],
    state: 'succeeded',
  });

  // Its last events, a day ago: written in time order, so their sequence follows their time.
  const lastEventAt = new Date(now.getTime() - 26 * HOUR);
  const events = (
    await accountEvents(client, customer, new Date(lastEventAt.getTime() - 3 * DAY), lastEventAt)
  ).slice(-DELIVERED_EVENTS);
  await recordEvents(client, events);
  const { rows: recorded } = await client.query<{ id: string; type: string; occurred_at: Date }>(
    `SELECT id, type, occurred_at FROM hub_events
      WHERE customer_id = $1 AND type = ANY($2) AND fanned_out_at IS NULL ORDER BY id`,
    [customer.id, SUBSCRIBED],
  );
  let lastAttemptAt = created;
  for (const [index, event] of recorded.entries()) {
    const plan = attemptPlan(index, recorded.length);
    const attempts = plan.map((step, n) => ({
      at: new Date(event.occurred_at.getTime() + step.after * SECOND),
      trigger: n === 0 ? ('event' as const) : ('retry' as const),
      outcome: step.outcome,
      latencyMs: 'error' in step.outcome ? 10_000 : latency(),
    }));
    lastAttemptAt = attempts.at(-1)!.at;
    const succeeded = attempts.some((a) => 'status' in a.outcome && a.outcome.status < 300);
    await insertDelivery(client, {
      endpointId,
      customerId: customer.id,
      eventId: Number(event.id),
      eventType: event.type,
      testPayload: null,
      createdAt: new Date(event.occurred_at.getTime() + SECOND / 2),
      attempts,
      // Switching off by hand marks what still waited as failed (docs/webhooks.md).
      state: succeeded ? 'succeeded' : 'failed',
    });
  }

  // The administrator switched it off a few minutes after the failures began.
  const disabledAt = new Date(lastAttemptAt.getTime() + 4 * MINUTE);
  await updateEndpoint(client, endpointId, {
    url: DEMO_WEBHOOK_URL,
    description: 'ERP: incoming invoice files and rejected documents',
    eventTypes: SUBSCRIBED,
    enabled: false,
    enabledChanged: true,
  });
  await client.query(
    'UPDATE webhook_endpoints SET created = $2, modified = $3, disabled_at = $3 WHERE id = $1',
    [endpointId, created, disabledAt],
  );
  await client.query('UPDATE webhook_secrets SET created = $2 WHERE endpoint_id = $1', [endpointId, created]);
}

/** A key the account's data warehouse reads track and trace with; the key itself is never kept. */
async function seedApiKey(client: PoolClient, customer: SeededCustomer, admin: SeededUser, now: Date) {
  const id = await insertAccountApiKey(client, {
    customerId: customer.id,
    name: 'Data warehouse – nightly import',
    key: newAccountApiKey(),
    scopes: ['tracking:read'],
    createdBy: admin.id,
  });
  // Used last at the night's import, to the minute as the verifier records it.
  const lastUsed = new Date(Math.floor((now.getTime() - 9 * HOUR) / MINUTE) * MINUTE);
  await client.query('UPDATE account_api_keys SET created = $2, last_used_at = $3 WHERE id = $1', [
    id,
    new Date(now.getTime() - 45 * DAY),
    lastUsed,
  ]);
}

/**
 * The account's webhook endpoint and delivery log and its API key; then every event of the account
 * (these and the alerts' of demo-alerts.ts) is marked fanned out, so the dispatcher sends nothing.
 */
export async function seedDemoWebhooks(
  client: PoolClient,
  random: Random,
  customer: SeededCustomer,
  admin: SeededUser,
  now: Date,
): Promise<void> {
  await seedWebhookEndpoint(client, random, customer, admin, now);
  await seedApiKey(client, customer, admin, now);
  await client.query(
    `UPDATE hub_events SET created = occurred_at, fanned_out_at = occurred_at
      WHERE customer_id = $1 AND fanned_out_at IS NULL`,
    [customer.id],
  );
}
