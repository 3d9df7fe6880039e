import type { PoolClient } from 'pg';
import type { HubEventData, HubEventType } from '@service-hub/contracts';

/** The channel on which PostgreSQL wakes the webhook workers when events were committed. */
export const HUB_EVENTS_CHANNEL = 'hub_events';

/** An event of an account, to be written in the transaction of the change it tells of. */
export type NewHubEvent = {
  [T in HubEventType]: { customerId: number; type: T; occurredAt: Date; data: HubEventData<T> };
}[HubEventType];

/**
 * Writes events into the outbox (`hub_events`) inside the caller's transaction, in the given
 * order (their ids are their sequence), and wakes the workers that fan them out once it commits.
 * One statement however many events: ingestion writes a batch's events at its end.
 */
export async function recordEvents(client: PoolClient, events: readonly NewHubEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query(
    `INSERT INTO hub_events (customer_id, type, occurred_at, data)
     SELECT e.customer_id, e.type, e.occurred_at, e.data
       FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (customer_id int, type text, occurred_at timestamptz, data jsonb))
            WITH ORDINALITY AS e(customer_id, type, occurred_at, data, n)
      ORDER BY e.n`,
    [
      JSON.stringify(
        events.map((e) => ({
          customer_id: e.customerId,
          type: e.type,
          occurred_at: e.occurredAt,
          data: e.data,
        })),
      ),
    ],
  );
  // Notifications of one transaction with the same payload are folded into one by PostgreSQL.
  await client.query(`SELECT pg_notify('${HUB_EVENTS_CHANNEL}', '')`);
}
