import type { Pool, PoolClient } from 'pg';
import {
  LIST_WINDOW,
  type HubEventType,
  type TListWebhookDeliveriesRequest,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookEndpoint,
} from '@service-hub/contracts';

type Queryable = Pool | PoolClient;

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  event_types: HubEventType[];
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: Date | null;
  failing_since: Date | null;
  previous_expires_at: Date | null;
  created: Date;
  modified: Date;
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

const ENDPOINT_COLUMNS = `e.id, e.url, e.description, e.event_types, e.enabled, e.disabled_reason, e.disabled_at,
  e.failing_since, e.created, e.modified,
  (SELECT max(s.expires_at) FROM webhook_secrets s WHERE s.endpoint_id = e.id AND s.expires_at > now()) AS previous_expires_at`;

const toEndpoint = (row: EndpointRow): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  disabledAt: iso(row.disabled_at),
  failingSince: iso(row.failing_since),
  previousSecretExpiresAt: iso(row.previous_expires_at),
  created: row.created.toISOString(),
  modified: row.modified.toISOString(),
});

/** The account's endpoints, oldest first (the order they were registered in); deleted ones are gone. */
export async function listEndpoints(db: Queryable, customerId: number): Promise<TWebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.customer_id = $1 AND e.deleted_at IS NULL
      ORDER BY e.created, e.id`,
    [customerId],
  );
  return rows.map(toEndpoint);
}

/** One endpoint of the account; undefined for another account's, a deleted or an unknown one. */
export async function findEndpoint(
  db: Queryable,
  customerId: number,
  endpointId: string,
  options: { lock?: boolean } = {},
): Promise<TWebhookEndpoint | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e
      WHERE e.customer_id = $1 AND e.id = $2 AND e.deleted_at IS NULL
     ${options.lock ? 'FOR UPDATE OF e' : ''}`,
    [customerId, endpointId],
  );
  return rows[0] && toEndpoint(rows[0]);
}

export async function countEndpoints(db: Queryable, customerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_endpoints WHERE customer_id = $1 AND deleted_at IS NULL',
    [customerId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertEndpoint(
  client: PoolClient,
  endpoint: { customerId: number; url: string; description: string; eventTypes: string[]; createdBy: string },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (customer_id, url, description, event_types, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [endpoint.customerId, endpoint.url, endpoint.description, endpoint.eventTypes, endpoint.createdBy],
  );
  return rows[0]!.id;
}

export async function insertSecret(client: PoolClient, endpointId: string, secret: string): Promise<void> {
  await client.query('INSERT INTO webhook_secrets (endpoint_id, secret) VALUES ($1, $2)', [
    endpointId,
    secret,
  ]);
}

/**
 * Ends the current secret's sole reign: it (and an older one still overlapping) signs until
 * `overlapHours` from now at the latest; secrets already past their end are removed.
 */
export async function retireSecrets(
  client: PoolClient,
  endpointId: string,
  overlapHours: number,
): Promise<void> {
  await client.query('DELETE FROM webhook_secrets WHERE endpoint_id = $1 AND expires_at <= now()', [
    endpointId,
  ]);
  await client.query(
    `UPDATE webhook_secrets SET expires_at = now() + make_interval(hours => $2)
      WHERE endpoint_id = $1 AND (expires_at IS NULL OR expires_at > now() + make_interval(hours => $2))`,
    [endpointId, overlapHours],
  );
}

export async function updateEndpoint(
  client: PoolClient,
  endpointId: string,
  change: {
    url: string;
    description: string;
    eventTypes: string[];
    enabled: boolean;
    enabledChanged: boolean;
  },
): Promise<void> {
  await client.query(
    `UPDATE webhook_endpoints
        SET url = $2, description = $3, event_types = $4, enabled = $5, modified = now(),
            disabled_reason = CASE WHEN NOT $6 THEN disabled_reason WHEN $5 THEN NULL ELSE 'manual' END,
            disabled_at = CASE WHEN NOT $6 THEN disabled_at WHEN $5 THEN NULL ELSE now() END,
            failing_since = CASE WHEN $6 THEN NULL ELSE failing_since END
      WHERE id = $1`,
    [endpointId, change.url, change.description, change.eventTypes, change.enabled, change.enabledChanged],
  );
}

/**
 * Deletes an endpoint for everyone at once: switched off (nothing more is sent), its secrets gone,
 * the row marked. Its log may hold millions of deliveries, which one cascading DELETE would remove
 * in a single long transaction; the purge (webhook-retention.ts) removes them in batches instead,
 * then the row.
 */
export async function deleteEndpoint(client: PoolClient, endpointId: string): Promise<void> {
  await client.query('DELETE FROM webhook_secrets WHERE endpoint_id = $1', [endpointId]);
  await client.query(
    `UPDATE webhook_endpoints SET deleted_at = now(), enabled = false, modified = now() WHERE id = $1`,
    [endpointId],
  );
}

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  url: string;
  event_type: TWebhookDelivery['eventType'];
  event_id: number | null;
  state: TWebhookDelivery['state'];
  next_attempt_at: Date | null;
  created: Date;
};

type AttemptRow = {
  delivery_id: string;
  at: Date;
  trigger: TWebhookAttempt['trigger'];
  http_status: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: TWebhookAttempt['error'];
  succeeded: boolean;
};

/** Deliveries with their attempts (oldest attempt first), in the order of `rows`. */
async function withAttempts(db: Queryable, rows: DeliveryRow[]): Promise<TWebhookDelivery[]> {
  const attempts = await db.query<AttemptRow>(
    `SELECT delivery_id, at, trigger, http_status, latency_ms, response_excerpt, error, succeeded
       FROM webhook_attempts WHERE delivery_id = ANY ($1::text[]) ORDER BY at, id`,
    [rows.map((row) => row.id)],
  );
  const byDelivery = new Map<string, TWebhookAttempt[]>();
  for (const a of attempts.rows) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push({
      at: a.at.toISOString(),
      trigger: a.trigger,
      httpStatus: a.http_status,
      latencyMs: a.latency_ms,
      responseExcerpt: a.response_excerpt,
      error: a.error,
      succeeded: a.succeeded,
    });
    byDelivery.set(a.delivery_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    endpointUrl: row.url,
    eventType: row.event_type,
    sequence: row.event_id,
    state: row.state,
    nextAttemptAt: iso(row.next_attempt_at),
    created: row.created.toISOString(),
    attempts: byDelivery.get(row.id) ?? [],
  }));
}

const DELIVERY_COLUMNS =
  'd.id, d.endpoint_id, e.url, d.event_type, d.event_id, d.state, d.next_attempt_at, d.created';

/**
 * A page of the account's deliveries, newest first, filtered; the count stops at the list window
 * (as the other lists' do), since an account sending hundreds of events a second has millions.
 */
export async function listDeliveries(
  db: Queryable,
  customerId: number,
  query: TListWebhookDeliveriesRequest,
): Promise<{ totalCount: number; result: TWebhookDelivery[] }> {
  const where = [
    'd.customer_id = $1',
    'd.endpoint_id IN (SELECT id FROM webhook_endpoints WHERE customer_id = $1 AND deleted_at IS NULL)',
  ];
  const values: unknown[] = [customerId];
  const add = (condition: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(condition(values.length));
  };
  if (query.endpointId) add((n) => `d.endpoint_id = $${n}`, query.endpointId);
  if (query.eventType) add((n) => `d.event_type = $${n}`, query.eventType);
  if (query.state) add((n) => `d.state = $${n}`, query.state);
  if (query.from) add((n) => `d.created >= $${n}`, query.from);
  if (query.to) add((n) => `d.created < $${n}`, query.to);
  const filter = where.join(' AND ');
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook_deliveries d WHERE ${filter} LIMIT ${LIST_WINDOW}) x`,
    values,
  );
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE ${filter} ORDER BY d.created DESC, d.id DESC LIMIT ${query.pageSize} OFFSET ${offset}`,
    values,
  );
  return { totalCount: count.rows[0]?.n ?? 0, result: await withAttempts(db, rows) };
}

/** One delivery of the account with its attempts; undefined for another account's or an unknown one. */
export async function findDelivery(
  db: Queryable,
  customerId: number,
  deliveryId: string,
): Promise<TWebhookDelivery | undefined> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.customer_id = $1 AND d.id = $2 AND e.deleted_at IS NULL`,
    [customerId, deliveryId],
  );
  return rows[0] && (await withAttempts(db, rows))[0];
}
