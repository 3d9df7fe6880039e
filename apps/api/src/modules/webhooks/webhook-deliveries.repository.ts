import type { Pool, PoolClient } from 'pg';
import type { WebhookAttemptTrigger, WebhookDeliveryState } from '@service-hub/contracts';
import { inTransaction } from '../../lib/audit.ts';
import type { AttemptOutcome } from './webhook-sender.ts';

/*
 * The dispatcher's SQL (jobs/webhook-dispatcher.ts): fan-out of committed events into deliveries,
 * claiming due deliveries under a lease, recording finished attempts in batches, and postponing the
 * due deliveries of a receiver that is down. Every statement is short and none is held open across
 * an HTTP call.
 */

/**
 * Turns a batch of committed, not yet fanned-out events into one delivery per enabled endpoint of
 * the event's account that subscribed to its type, and marks them fanned out — one statement, so
 * both happen or neither. SKIP LOCKED lets several dispatchers take different batches at once.
 * The deliveries are created under a lease of `leaseMs` for the dispatcher that made them, which
 * sends them without claiming them (one statement less per delivery); one it does not send in
 * time is claimed by anyone once the lease ends. Answers how many events it took and the
 * deliveries, ready to send.
 */
export async function fanOutEvents(
  pool: Pool,
  batchSize: number,
  leaseMs: number,
): Promise<{ events: number; deliveries: ClaimedDelivery[] }> {
  const { rows } = await pool.query<ClaimRow & { events: number }>(
    `WITH batch AS (
       SELECT id, customer_id, type, occurred_at, data FROM hub_events
        WHERE fanned_out_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), created AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_id, event_type, state, next_attempt_at, locked_until)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, b.customer_id, b.id, b.type, 'pending', now(),
              now() + make_interval(secs => $2::double precision / 1000)
         FROM batch b
         JOIN webhook_endpoints e ON e.customer_id = b.customer_id AND e.enabled AND b.type = ANY (e.event_types)
        ORDER BY b.id
       RETURNING id, endpoint_id, customer_id, event_id, event_type, locked_until, next_attempt_at
     ), marked AS (
       UPDATE hub_events h SET fanned_out_at = now() FROM batch b WHERE h.id = b.id RETURNING 1
     ), secrets AS (
       SELECT endpoint_id, array_agg(secret ORDER BY created DESC) AS secrets FROM webhook_secrets
        WHERE endpoint_id IN (SELECT endpoint_id FROM created) AND (expires_at IS NULL OR expires_at > now())
        GROUP BY endpoint_id
     )
     SELECT m.events, d.id, d.endpoint_id, d.customer_id, e.url, d.locked_until::text AS lease,
            d.next_attempt_at::text AS due_at, 'pending' AS state, 0 AS attempts, NULL AS test_payload,
            d.event_id, d.event_type, c.customer_number, b.occurred_at, b.data,
            coalesce(s.secrets, '{}') AS secrets, NULL AS run_started_at, 0 AS retries_before
       FROM (SELECT count(*)::int AS events FROM marked) m
       LEFT JOIN created d ON true
       LEFT JOIN batch b ON b.id = d.event_id
       LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
       LEFT JOIN customers c ON c.id = d.customer_id
       LEFT JOIN secrets s ON s.endpoint_id = d.endpoint_id
      ORDER BY d.event_id, d.endpoint_id`,
    [batchSize, leaseMs],
  );
  return {
    events: rows[0]?.events ?? 0,
    deliveries: rows.filter((row) => row.id !== null).map(claimedOf),
  };
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
  /**
   * `next_attempt_at` when claimed (text, to the microsecond): a replay asked for while the attempt
   * was under way sets it anew, and the record then leaves the replay's state for the next claim.
   */
  dueAt: string;
  trigger: WebhookAttemptTrigger;
  /** The JSON body (the envelope), the same on every attempt. */
  body: string;
  /** The secrets that sign now, newest first. */
  secrets: string[];
  /**
   * A retry's run: when the attempt that started it was made (the event's first, a replay or a
   * test; text, to the microsecond), and how many retries of it failed before this one. Read with
   * the claim, so recording a failure needs no query of its own; null and 0 for other triggers.
   */
  runStartedAt: string | null;
  retriesBefore: number;
};

type ClaimRow = {
  id: string;
  endpoint_id: string;
  customer_id: number;
  url: string;
  lease: string;
  due_at: string;
  state: WebhookDeliveryState;
  attempts: number;
  test_payload: unknown;
  event_id: number | null;
  event_type: string;
  occurred_at: Date | null;
  data: unknown;
  customer_number: string;
  secrets: string[];
  run_started_at: string | null;
  retries_before: number;
};

/** Why this attempt is made: the first of an event or a test, a retry, or a replay someone asked for. */
function triggerOf(row: ClaimRow): WebhookAttemptTrigger {
  if (row.state === 'failing') return 'retry';
  if (row.attempts > 0) return 'replay';
  return row.test_payload ? 'test' : 'event';
}

function claimedOf(row: ClaimRow): ClaimedDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    customerId: row.customer_id,
    url: row.url,
    lease: row.lease,
    dueAt: row.due_at,
    trigger: triggerOf(row),
    body: bodyOf(row),
    secrets: row.secrets,
    runStartedAt: row.state === 'failing' ? row.run_started_at : null,
    retriesBefore: row.retries_before,
  };
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
 * Takes up to `limit` due deliveries, at most `slotsOf(endpoint)` of each endpoint, under a lease of
 * `leaseMs`, in one statement: the first due candidates are read without locks and chosen per
 * endpoint; only the chosen rows are then locked (SKIP LOCKED: another dispatcher holds them or
 * just took them) and, still due and free once locked, leased. Locking only what is taken keeps a
 * claim cheap when many deliveries are due (locking every candidate cost more than sending).
 * Endpoints in `skipEndpoints` already have all the attempts this dispatcher lets them have in
 * flight. Test events go out to disabled endpoints too (to try a receiver before switching it on);
 * the rest only to enabled ones.
 */
export async function claimDueDeliveries(
  pool: Pool,
  options: {
    limit: number;
    leaseMs: number;
    /** Attempts an endpoint may have in flight when it has none. */
    perEndpoint: number;
    /** Endpoints with attempts in flight here, and how many more each may take. */
    busy: ReadonlyMap<string, number>;
    skipEndpoints: string[];
  },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const { rows } = await pool.query<ClaimRow>(
    `WITH candidate AS (
       SELECT d.id, d.endpoint_id, d.next_attempt_at, d.event_id FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state IN ('pending', 'failing') AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND (e.enabled OR d.test_payload IS NOT NULL) AND e.deleted_at IS NULL
          AND NOT (d.endpoint_id = ANY ($3::uuid[]))
        ORDER BY d.next_attempt_at, d.event_id
        LIMIT $1 * 4
     ), chosen AS (
       SELECT id FROM (
         SELECT c.id, c.next_attempt_at, c.event_id, coalesce(b.slots, $4) AS slots,
                row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.event_id) AS n
           FROM candidate c LEFT JOIN unnest($5::uuid[], $6::int[]) AS b(endpoint_id, slots) ON b.endpoint_id = c.endpoint_id
       ) ranked
        WHERE n <= slots ORDER BY next_attempt_at, event_id LIMIT $1
     ), locked AS (
       SELECT d.id FROM webhook_deliveries d
        WHERE d.id IN (SELECT id FROM chosen)
          AND d.state IN ('pending', 'failing') AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          FOR UPDATE SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2::double precision / 1000)
       FROM webhook_endpoints e, customers c
      WHERE d.id IN (SELECT id FROM locked) AND e.id = d.endpoint_id AND c.id = d.customer_id
      RETURNING d.id, d.endpoint_id, d.customer_id, e.url, d.locked_until::text AS lease, d.next_attempt_at::text AS due_at, d.state, d.attempts, d.test_payload,
                d.event_id, d.event_type, c.customer_number,
                (SELECT h.occurred_at FROM hub_events h WHERE h.id = d.event_id) AS occurred_at,
                (SELECT h.data FROM hub_events h WHERE h.id = d.event_id) AS data,
                coalesce((SELECT array_agg(s.secret ORDER BY s.created DESC) FROM webhook_secrets s
                           WHERE s.endpoint_id = d.endpoint_id AND (s.expires_at IS NULL OR s.expires_at > now())),
                         '{}') AS secrets,
                CASE WHEN d.state = 'failing'
                     THEN (SELECT max(a.at)::text FROM webhook_attempts a
                            WHERE a.delivery_id = d.id AND a.trigger <> 'retry') END AS run_started_at,
                CASE WHEN d.state = 'failing'
                     THEN (SELECT count(*)::int FROM webhook_attempts a
                            WHERE a.delivery_id = d.id AND a.trigger = 'retry'
                              AND a.at > coalesce((SELECT max(b.at) FROM webhook_attempts b
                                                    WHERE b.delivery_id = d.id AND b.trigger <> 'retry'), '-infinity'))
                     ELSE 0 END AS retries_before`,
    [
      options.limit,
      options.leaseMs,
      options.skipEndpoints,
      options.perEndpoint,
      [...options.busy.keys()],
      [...options.busy.values()],
    ],
  );
  // The order the deliveries fell due in (RETURNING keeps none).
  rows.sort((a, b) =>
    a.due_at === b.due_at ? Number(a.event_id) - Number(b.event_id) : a.due_at < b.due_at ? -1 : 1,
  );
  return rows.map(claimedOf);
}

/** A finished attempt waiting to be recorded (the dispatcher records them in batches). */
export type FinishedAttempt = {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** When the attempt started. */
  at: Date;
  /** When a failed delivery is tried next, unless that falls beyond the retry window. */
  nextAttemptAt: Date;
};

/** An endpoint that failed in a recorded batch, with its failing-since after the batch (the 3-day rule). */
export type FailingEndpoint = { endpointId: string; failingSince: Date };

/**
 * Records finished attempts and moves their deliveries on, in one statement for the whole batch
 * (one commit, not one per attempt): the attempt rows always (they happened); each delivery's
 * state only while its lease is still this dispatcher's. A failure schedules the next try at
 * `nextAttemptAt`, unless that falls beyond `retryWindowMs` counted from the attempt that started
 * the run (the event's first, a replay or a test): then it has failed. An endpoint's
 * `failing_since` starts at its first failure after its last success and clears on a success; the
 * batch is taken in the order of the attempts. A replay asked for while an attempt was under way
 * (its `next_attempt_at` is no longer the one claimed) is left for the next claim. Answers the endpoints that failed in the batch and
 * are still failing, with their failing-since after it.
 */
export async function recordAttempts(
  pool: Pool,
  attempts: readonly FinishedAttempt[],
  retryWindowMs: number,
): Promise<FailingEndpoint[]> {
  if (attempts.length === 0) return [];
  return inTransaction(pool, async (client) => {
    // A delivery purged meanwhile (its endpoint deleted) is gone: its attempt is not recorded, and
    // the rest of the batch is (a foreign-key error would lose all of it). The lock keeps the ones
    // found until the commit.
    const { rows: found } = await client.query<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE id = ANY($1::text[]) FOR KEY SHARE',
      [attempts.map((attempt) => attempt.delivery.id)],
    );
    const alive = new Set(found.map((row) => row.id));
    const kept = attempts.filter((attempt) => alive.has(attempt.delivery.id));
    return kept.length === 0 ? [] : recordKept(client, kept, retryWindowMs);
  });
}

async function recordKept(
  client: PoolClient,
  attempts: readonly FinishedAttempt[],
  retryWindowMs: number,
): Promise<FailingEndpoint[]> {
  const column = <T>(pick: (attempt: FinishedAttempt) => T) => attempts.map(pick);
  const { rows } = await client.query<{ endpoint_id: string; failing_since: Date }>(
    `WITH r AS (
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::int[], $6::int[],
                            $7::text[], $8::text[], $9::boolean[], $10::timestamptz[], $11::timestamptz[], $12::uuid[],
                            $14::timestamptz[])
           AS r(id, lease, at, trigger, http_status, latency_ms, excerpt, error, succeeded, next_at, run_started, endpoint_id, due)
     ), attempt AS (
       INSERT INTO webhook_attempts (delivery_id, at, trigger, http_status, latency_ms, response_excerpt, error, succeeded)
       SELECT id, at, trigger, http_status, latency_ms, excerpt, error, succeeded FROM r ORDER BY at
     ), decided AS (
       SELECT r.*, NOT r.succeeded
                   AND r.next_at > coalesce(r.run_started, r.at) + make_interval(secs => $13::double precision / 1000)
                   AS gave_up
         FROM r
     ), moved AS (
       -- A delivery replayed while its attempt was under way keeps the replay's state and time.
       UPDATE webhook_deliveries d
          SET state = CASE WHEN d.next_attempt_at IS DISTINCT FROM x.due THEN d.state
                           WHEN x.succeeded THEN 'succeeded' WHEN x.gave_up THEN 'failed' ELSE 'failing' END,
              next_attempt_at = CASE WHEN d.next_attempt_at IS DISTINCT FROM x.due THEN d.next_attempt_at
                                     WHEN x.succeeded OR x.gave_up THEN NULL ELSE x.next_at END,
              attempts = d.attempts + 1,
              last_attempt_at = x.at,
              locked_until = NULL
         FROM decided x
        WHERE d.id = x.id AND d.locked_until = x.lease
     ), streak AS (
       SELECT endpoint_id, last_success,
              (SELECT min(f.at) FROM r f
                WHERE f.endpoint_id = s.endpoint_id AND NOT f.succeeded
                  AND (s.last_success IS NULL OR f.at > s.last_success)) AS failing_from
         FROM (SELECT endpoint_id, max(at) FILTER (WHERE succeeded) AS last_success FROM r GROUP BY endpoint_id) s
     ), endpoints_locked AS (
       -- In id order, so that two dispatchers recording the same endpoints never deadlock.
       SELECT id FROM webhook_endpoints WHERE id IN (SELECT endpoint_id FROM streak) ORDER BY id FOR NO KEY UPDATE
     ), updated AS (
       -- From the row as it is when locked (another dispatcher may have just recorded), and only
       -- when it changes: most batches leave an endpoint's row alone.
       UPDATE webhook_endpoints e
          SET failing_since = CASE WHEN s.failing_from IS NULL THEN NULL
                                   WHEN s.last_success IS NOT NULL THEN s.failing_from
                                   ELSE coalesce(e.failing_since, s.failing_from) END
         FROM streak s JOIN endpoints_locked l ON l.id = s.endpoint_id
        WHERE e.id = s.endpoint_id AND e.enabled
          AND e.failing_since IS DISTINCT FROM (CASE WHEN s.failing_from IS NULL THEN NULL
                                                     WHEN s.last_success IS NOT NULL THEN s.failing_from
                                                     ELSE coalesce(e.failing_since, s.failing_from) END)
       RETURNING e.id, e.failing_since
     )
     SELECT e.id AS endpoint_id, coalesce(u.failing_since, e.failing_since) AS failing_since
       FROM streak s JOIN webhook_endpoints e ON e.id = s.endpoint_id
       LEFT JOIN updated u ON u.id = e.id
      WHERE e.enabled AND s.failing_from IS NOT NULL`,
    [
      column((a) => a.delivery.id),
      column((a) => a.delivery.lease),
      column((a) => a.at.toISOString()),
      column((a) => a.delivery.trigger),
      column((a) => a.outcome.httpStatus),
      column((a) => a.outcome.latencyMs),
      column((a) => a.outcome.responseExcerpt),
      column((a) => a.outcome.error),
      column((a) => a.outcome.succeeded),
      column((a) => a.nextAttemptAt.toISOString()),
      column((a) => (a.delivery.trigger === 'retry' ? a.delivery.runStartedAt : null)),
      column((a) => a.delivery.endpointId),
      retryWindowMs,
      column((a) => a.delivery.dueAt),
    ],
  );
  return rows.map((row) => ({ endpointId: row.endpoint_id, failingSince: row.failing_since }));
}

/**
 * A receiver that is down (the dispatcher's circuit breaker): moves the endpoint's other due
 * deliveries that nobody holds, and those `held` by this dispatcher (fanned out, not yet sent), to
 * `until`, its next retry, in one statement, so that a dead receiver costs one round trip per wave
 * instead of one per queued delivery. Never brings a delivery forward; test events keep their time
 * (someone is waiting to see them).
 */
export async function postponeDueDeliveries(
  pool: Pool,
  endpointId: string,
  until: Date,
  held: readonly ClaimedDelivery[] = [],
): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $2, locked_until = NULL
      WHERE endpoint_id = $1 AND state IN ('pending', 'failing') AND next_attempt_at < $2 AND test_payload IS NULL
        AND (locked_until IS NULL OR locked_until < now()
             OR (id, locked_until) IN (SELECT * FROM unnest($3::text[], $4::timestamptz[])))`,
    [endpointId, until.toISOString(), held.map((d) => d.id), held.map((d) => d.lease)],
  );
  return rowCount ?? 0;
}

/**
 * Gives back deliveries this dispatcher holds but will not send (it stops, or they waited too long
 * behind a slow receiver): anyone may claim them at once instead of when the lease ends.
 */
export async function releaseDeliveries(pool: Pool, held: readonly ClaimedDelivery[]): Promise<void> {
  if (held.length === 0) return;
  await pool.query(
    `UPDATE webhook_deliveries d SET locked_until = NULL
       FROM unnest($1::text[], $2::timestamptz[]) AS r(id, lease)
      WHERE d.id = r.id AND d.locked_until = r.lease`,
    [held.map((d) => d.id), held.map((d) => d.lease)],
  );
}

/** Marks the pending and retrying deliveries of an endpoint failed (it was switched off). */
export async function failOpenDeliveries(client: PoolClient, endpointId: string): Promise<void> {
  await client.query(
    `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL
      WHERE endpoint_id = $1 AND state IN ('pending', 'failing') AND test_payload IS NULL`,
    [endpointId],
  );
}
