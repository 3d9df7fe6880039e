import type { Pool, PoolClient } from 'pg';
import type { WebhookAttemptTrigger, WebhookDeliveryState } from '@service-hub/contracts';
import { inTransaction } from '../../lib/audit.ts';
import type { AttemptOutcome } from './webhook-sender.ts';

/*
 * The dispatcher's SQL (jobs/webhook-dispatcher.ts): fan-out of committed events into deliveries,
 * claiming due deliveries under a lease, and recording each attempt. Every statement is short and
 * none is held open across an HTTP call.
 */

/**
 * Turns a batch of committed, not yet fanned-out events into one delivery per enabled endpoint of
 * the event's account that subscribed to its type, and marks them fanned out — one statement, so
 * both happen or neither. SKIP LOCKED lets several dispatchers take different batches at once.
 * Answers how many events it took.
 */
export async function fanOutEvents(pool: Pool, batchSize: number): Promise<number> {
  const { rows } = await pool.query<{ events: number }>(
    `WITH batch AS (
       SELECT id, customer_id, type FROM hub_events
        WHERE fanned_out_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), created AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_id, event_type, state, next_attempt_at)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, b.customer_id, b.id, b.type, 'pending', now()
         FROM batch b
         JOIN webhook_endpoints e ON e.customer_id = b.customer_id AND e.enabled AND b.type = ANY (e.event_types)
        ORDER BY b.id
     ), marked AS (
       UPDATE hub_events h SET fanned_out_at = now() FROM batch b WHERE h.id = b.id RETURNING 1
     )
     SELECT count(*)::int AS events FROM marked`,
    [batchSize],
  );
  return rows[0]?.events ?? 0;
}

/** A delivery taken under a lease, with all it needs to be sent. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  customerId: number;
  url: string;
  /**
   * The lease as PostgreSQL wrote it (text, to the microsecond a JavaScript Date would lose): the
   * record of the attempt changes the delivery only while `locked_until` is still this.
   */
  lease: string;
  trigger: WebhookAttemptTrigger;
  /** The JSON body (the envelope), the same on every attempt. */
  body: string;
  /** The secrets that sign now, newest first. */
  secrets: string[];
};

type ClaimRow = {
  id: string;
  endpoint_id: string;
  customer_id: number;
  url: string;
  lease: string;
  state: WebhookDeliveryState;
  attempts: number;
  test_payload: unknown;
  event_id: number | null;
  event_type: string;
  occurred_at: Date | null;
  data: unknown;
  customer_number: string;
  secrets: string[];
};

/** Why this attempt is made: the first of an event or a test, a retry, or a replay someone asked for. */
function triggerOf(row: ClaimRow): WebhookAttemptTrigger {
  if (row.state === 'failing') return 'retry';
  if (row.attempts > 0) return 'replay';
  return row.test_payload ? 'test' : 'event';
}

/** The payload, version 1 (docs/webhooks.md): the event's data in the envelope. */
function bodyOf(row: ClaimRow): string {
  if (row.test_payload) return JSON.stringify(row.test_payload);
  return JSON.stringify({
    type: row.event_type,
    timestamp: row.occurred_at!.toISOString(),
    sequence: row.event_id,
    version: 1,
    account: { id: row.customer_id, customerNumber: row.customer_number },
    data: row.data,
  });
}

/**
 * Takes up to `limit` due deliveries, at most `perEndpoint[endpoint]` of each endpoint, under a
 * lease of `leaseMs`: candidates are locked with SKIP LOCKED (another dispatcher takes others),
 * chosen, and their `locked_until` set, all in one short transaction. Endpoints in `skipEndpoints`
 * already have all the attempts this dispatcher lets them have in flight. Test events go out to
 * disabled endpoints too (to try a receiver before switching it on); the rest only to enabled ones.
 */
export async function claimDueDeliveries(
  pool: Pool,
  options: {
    limit: number;
    leaseMs: number;
    slotsOf: (endpointId: string) => number;
    skipEndpoints: string[];
  },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  return inTransaction(pool, async (client) => {
    const candidates = await client.query<{ id: string; endpoint_id: string }>(
      `SELECT d.id, d.endpoint_id FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state IN ('pending', 'failing') AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND (e.enabled OR d.test_payload IS NOT NULL)
          AND NOT (d.endpoint_id = ANY ($2::uuid[]))
        ORDER BY d.next_attempt_at, d.event_id
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED`,
      [options.limit * 4, options.skipEndpoints],
    );
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (const row of candidates.rows) {
      if (chosen.length >= options.limit) break;
      const count = taken.get(row.endpoint_id) ?? 0;
      if (count >= options.slotsOf(row.endpoint_id)) continue;
      taken.set(row.endpoint_id, count + 1);
      chosen.push(row.id);
    }
    if (chosen.length === 0) return [];
    const { rows } = await client.query<ClaimRow>(
      `UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2::double precision / 1000)
         FROM webhook_endpoints e, customers c
        WHERE d.id = ANY ($1::text[]) AND e.id = d.endpoint_id AND c.id = d.customer_id
        RETURNING d.id, d.endpoint_id, d.customer_id, e.url, d.locked_until::text AS lease, d.state, d.attempts, d.test_payload,
                  d.event_id, d.event_type, c.customer_number,
                  (SELECT h.occurred_at FROM hub_events h WHERE h.id = d.event_id) AS occurred_at,
                  (SELECT h.data FROM hub_events h WHERE h.id = d.event_id) AS data,
                  coalesce((SELECT array_agg(s.secret ORDER BY s.created DESC) FROM webhook_secrets s
                             WHERE s.endpoint_id = d.endpoint_id AND (s.expires_at IS NULL OR s.expires_at > now())),
                           '{}') AS secrets`,
      [chosen, options.leaseMs],
    );
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpoint_id,
      customerId: row.customer_id,
      url: row.url,
      lease: row.lease,
      trigger: triggerOf(row),
      body: bodyOf(row),
      secrets: row.secrets,
    }));
  });
}

/** What recording an attempt answers: the endpoint's failing-since before it, for the 3-day rule. */
export type RecordedAttempt = { state: WebhookDeliveryState | null; failingSince: Date | null };

/**
 * Records one attempt and moves the delivery on, in one statement: the attempt row always (it
 * happened); the delivery's state only while the lease is still this dispatcher's. A failure
 * schedules the next try at `nextAttemptAt`, unless that falls beyond the retry window counted from
 * the attempt that started this run (the event's first, a replay or a test): then it has failed.
 * The endpoint's `failing_since` starts at its first failure and clears on a success.
 */
export async function recordAttempt(
  pool: Pool,
  delivery: ClaimedDelivery,
  attempt: AttemptOutcome & { at: Date; nextAttemptAt: Date; retryWindowMs: number },
): Promise<RecordedAttempt> {
  const { rows } = await pool.query<{ state: WebhookDeliveryState | null; failing_since: Date | null }>(
    `WITH attempt AS (
       INSERT INTO webhook_attempts (delivery_id, at, trigger, http_status, latency_ms, response_excerpt, error, succeeded)
       VALUES ($1, $3, $4, $5, $6, $7, $8, $9)
     ), run AS (
       SELECT CASE WHEN $4 = 'retry'
                   THEN coalesce((SELECT max(at) FROM webhook_attempts WHERE delivery_id = $1 AND trigger <> 'retry'), $3)
                   ELSE $3::timestamptz END AS started
     ), moved AS (
       UPDATE webhook_deliveries d
          SET state = CASE WHEN $9 THEN 'succeeded'
                           WHEN $10::timestamptz > (SELECT started FROM run) + make_interval(secs => $11::double precision / 1000)
                           THEN 'failed' ELSE 'failing' END,
              next_attempt_at = CASE WHEN $9 THEN NULL
                                     WHEN $10::timestamptz > (SELECT started FROM run) + make_interval(secs => $11::double precision / 1000)
                                     THEN NULL ELSE $10::timestamptz END,
              attempts = d.attempts + 1,
              last_attempt_at = $3,
              locked_until = NULL
        WHERE d.id = $1 AND d.locked_until = $2::timestamptz
        RETURNING d.state
     ), endpoint AS (
       UPDATE webhook_endpoints
          SET failing_since = CASE WHEN $9 THEN NULL ELSE $3::timestamptz END
        WHERE id = $12 AND enabled AND (CASE WHEN $9 THEN failing_since IS NOT NULL ELSE failing_since IS NULL END)
     )
     SELECT (SELECT state FROM moved) AS state,
            (SELECT failing_since FROM webhook_endpoints WHERE id = $12) AS failing_since`,
    [
      delivery.id,
      delivery.lease,
      attempt.at,
      delivery.trigger,
      attempt.httpStatus,
      attempt.latencyMs,
      attempt.responseExcerpt,
      attempt.error,
      attempt.succeeded,
      attempt.nextAttemptAt,
      attempt.retryWindowMs,
      delivery.endpointId,
    ],
  );
  return { state: rows[0]?.state ?? null, failingSince: rows[0]?.failing_since ?? null };
}

/** Marks the pending and retrying deliveries of an endpoint failed (it was switched off). */
export async function failOpenDeliveries(client: PoolClient, endpointId: string): Promise<void> {
  await client.query(
    `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL
      WHERE endpoint_id = $1 AND state IN ('pending', 'failing') AND test_payload IS NULL`,
    [endpointId],
  );
}
