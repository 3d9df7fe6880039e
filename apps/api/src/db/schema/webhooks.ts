import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { HUB_EVENT_TYPES, WEBHOOK_ATTEMPT_TRIGGERS, WEBHOOK_DELIVERY_STATES } from '@service-hub/contracts';
import { at, createdAt, modifiedAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { hubEvents } from './events.ts';
import { users } from './users.ts';

const eventTypeList = sql.raw(
  `event_types <@ ARRAY[${HUB_EVENT_TYPES.map((c) => `'${c}'`).join(', ')}]::text[] AND cardinality(event_types) > 0`,
);

/** An HTTPS endpoint of a customer's system that receives the account's events it subscribed to. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off: by a person, or by the Hub after failing for 3 days. */
    disabledReason: text('disabled_reason'),
    disabledAt: at('disabled_at'),
    /** The first failed delivery since the last success; 3 days of failures disable the endpoint. */
    failingSince: at('failing_since'),
    /**
     * Deleted by a person: gone for everyone at once, while its log (possibly millions of rows) is
     * removed in batches by the purge, which then deletes the row (docs/webhooks.md).
     */
    deletedAt: at('deleted_at'),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    modified: modifiedAt(),
  },
  (t) => [
    check('webhook_endpoints_event_types_check', eventTypeList),
    check(
      'webhook_endpoints_disabled_reason_check',
      sql`disabled_reason IS NULL OR disabled_reason IN ('manual', 'failing')`,
    ),
    index('webhook_endpoints_customer_idx').on(t.customerId),
  ],
);

/**
 * The signing secrets of an endpoint (Standard Webhooks `whsec_…`). Kept readable, since an HMAC
 * needs the secret itself; shown to people once. After a rotation the old secret signs too until
 * it expires, so receivers can switch without losing a delivery.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    created: createdAt(),
    /** Null while it is the current secret; set by a rotation to the end of the overlap. */
    expiresAt: at('expires_at'),
  },
  (t) => [index('webhook_secrets_endpoint_idx').on(t.endpointId)],
);

/**
 * One event for one endpoint: its `webhook-id` (the id, stable over retries and replays), its state
 * and when it is next tried. A worker takes it with a lease (`locked_until`), so several workers
 * never send the same attempt at once. Kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The event delivered; null for a test event, whose payload is kept here instead. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => hubEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The whole payload of a test event (it has no row in hub_events). */
    testPayload: jsonb('test_payload'),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    lockedUntil: at('locked_until'),
    created: createdAt(),
    lastAttemptAt: at('last_attempt_at'),
  },
  (t) => [
    check('webhook_deliveries_state_check', oneOf('state', WEBHOOK_DELIVERY_STATES)),
    // Superseded by the next one, which serves every query this one did; dropped in a later release
    // (a DROP INDEX in a migration would lock the table, and the previous release may still use it).
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state IN ('pending', 'failing')`),
    // The claim's order (due first, then the event's sequence) read straight off the index: every
    // delivery of one fan-out shares its next_attempt_at, and sorting the whole backlog in every
    // claim slowed the dispatcher down as it fell behind (docs/performance.md, webhooks). Built
    // concurrently after the migrations (CONCURRENT_INDEXES).
    index('webhook_deliveries_due_order_idx')
      .on(t.nextAttemptAt, t.eventId)
      .where(sql`state IN ('pending', 'failing')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.created.desc()),
    index('webhook_deliveries_customer_idx').on(t.customerId, t.created.desc()),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Every attempt of a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    trigger: text('trigger').notNull(),
    /** The answer's HTTP status; null when none came (refused, timed out, blocked address). */
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms').notNull(),
    /** The first kilobyte of the answer. */
    responseExcerpt: text('response_excerpt'),
    /** What went wrong without an answer, as a code the web app words (timeout, refused, blockedAddress…). */
    error: text('error'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [
    check('webhook_attempts_trigger_check', oneOf('trigger', WEBHOOK_ATTEMPT_TRIGGERS)),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at),
  ],
);
