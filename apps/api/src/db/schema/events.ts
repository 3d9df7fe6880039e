import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { HUB_EVENT_TYPES } from '@service-hub/contracts';
import { at, createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';

/**
 * The outbox of what happened in an account (issue 22): written in the same transaction as the
 * change it tells of (ingestion, alerts, reports), so an acknowledged change is an event that will
 * be delivered; workers fan it out to webhook endpoints afterwards and ingestion never waits for
 * them. The id is the event's sequence: it grows with every event of the Hub, so a receiver can
 * order events of one document without trusting arrival order. Kept 30 days.
 */
export const hubEvents = pgTable(
  'hub_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** When it happened (the producer's time for tracking events), not when it was written. */
    occurredAt: at('occurred_at').notNull(),
    /** The payload's `data` object (docs/webhooks.md describes each type's). */
    data: jsonb('data').notNull(),
    created: createdAt(),
    /** Set once the event's deliveries exist; null means a worker still has to fan it out. */
    fannedOutAt: at('fanned_out_at'),
  },
  (t) => [
    check('hub_events_type_check', oneOf('type', HUB_EVENT_TYPES)),
    index('hub_events_pending_idx')
      .on(t.id)
      .where(sql`fanned_out_at IS NULL`),
    index('hub_events_created_idx').on(t.created),
  ],
);
