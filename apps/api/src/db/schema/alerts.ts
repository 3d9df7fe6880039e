import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALERT_EMAIL_MODES,
  ALERT_KINDS,
  ALERT_STATUSES,
  DEADLINE_OUTCOMES,
  EXPECTED_DELIVERY_DAYS,
  THRESHOLD_ALERT_KINDS,
  THRESHOLD_MEASURES,
} from '@service-hub/contracts';
import { at, createdAt, modifiedAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * "A file whose name matches INV_*.xml from application X, by 06:00 Europe/Oslo on business days"
 * (issue 22). Business days come from the account's market calendar with public holidays.
 */
export const expectedDeliveries = pgTable(
  'expected_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A file name pattern with `*` and `?`, matched case-insensitively against the whole name. */
    filenamePattern: text('filename_pattern').notNull(),
    application: text('application'),
    /** Wall-clock deadline `HH:MM` in `time_zone`. */
    deadline: text('deadline').notNull(),
    timeZone: text('time_zone').notNull(),
    days: text('days').notNull().default('businessDays'),
    minDocuments: integer('min_documents'),
    enabled: boolean('enabled').notNull().default(true),
    /** The next deadline to evaluate: the evaluation pass reads the rules whose deadline has passed. */
    nextDeadlineAt: at('next_deadline_at').notNull(),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    modified: modifiedAt(),
  },
  (t) => [
    check('expected_deliveries_days_check', oneOf('days', EXPECTED_DELIVERY_DAYS)),
    check('expected_deliveries_deadline_check', sql`deadline ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('expected_deliveries_min_documents_check', sql`min_documents IS NULL OR min_documents > 0`),
    index('expected_deliveries_customer_idx').on(t.customerId),
    index('expected_deliveries_due_idx')
      .on(t.nextDeadlineAt)
      .where(sql`enabled`),
  ],
);

/** One deadline of an expected delivery and how it went; the rule shows its last ten. */
export const expectedDeliveryDeadlines = pgTable(
  'expected_delivery_deadlines',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => expectedDeliveries.id, { onDelete: 'cascade' }),
    deadlineAt: at('deadline_at').notNull(),
    outcome: text('outcome').notNull(),
    /** The matching file (the first that arrived for this deadline), once there is one. */
    fileId: bigint('file_id', { mode: 'number' }),
    arrivedAt: at('arrived_at'),
    /** Minutes after the deadline the file arrived; null when on time or missing. */
    lateMinutes: integer('late_minutes'),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.deadlineAt] }),
    check('expected_delivery_deadlines_outcome_check', oneOf('outcome', DEADLINE_OUTCOMES)),
  ],
);

/**
 * A threshold an account watches: rejected or not-delivered documents over a share (percent) or a
 * count within a window, for one channel or all. Every account gets the defaults (docs/alerts.md),
 * each switchable.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A delivery channel key, or null for every channel. */
    channel: text('channel'),
    measure: text('measure').notNull(),
    threshold: numeric('threshold', { mode: 'number' }).notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    /** Fewer documents than this in the window never raise a share alert (3 of 4 is not a trend). */
    minDocuments: integer('min_documents').notNull().default(20),
    enabled: boolean('enabled').notNull().default(true),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    check('alert_rules_kind_check', oneOf('kind', THRESHOLD_ALERT_KINDS)),
    check('alert_rules_measure_check', oneOf('measure', THRESHOLD_MEASURES)),
    check('alert_rules_threshold_check', sql`threshold > 0 AND (measure = 'count' OR threshold <= 100)`),
    check('alert_rules_window_check', sql`window_minutes BETWEEN 5 AND 10080`),
    index('alert_rules_customer_idx').on(t.customerId),
  ],
);

/**
 * Which checks are switched on for an account besides its threshold rules: missing-file alerts of
 * its expected deliveries, EDI messages in ERROR or NOT_EXISTS, failed reports. No row means the
 * default: on.
 */
export const alertChecks = pgTable(
  'alert_checks',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    modified: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.kind] }),
    check('alert_checks_kind_check', oneOf('kind', ALERT_KINDS)),
  ],
);

/** An alert of an account: open until what raised it is over, then resolved (and kept). */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * What the alert is about, so one cause raises one open alert: the expected delivery and its
     * deadline, the threshold rule, the EDI message, the report.
     */
    subjectKey: text('subject_key').notNull(),
    status: text('status').notNull().default('open'),
    /** What the web app needs to word it and to link to the matching filtered list. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    raisedAt: at('raised_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
    /** Why it was resolved, e.g. `{ "reason": "arrivedLate", "lateMinutes": 42 }`. */
    resolution: jsonb('resolution'),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgementComment: text('acknowledgement_comment'),
  },
  (t) => [
    check('alerts_kind_check', oneOf('kind', ALERT_KINDS)),
    check('alerts_status_check', oneOf('status', ALERT_STATUSES)),
    check('alerts_resolved_check', sql`(status = 'resolved') = (resolved_at IS NOT NULL)`),
    uniqueIndex('alerts_open_subject_key')
      .on(t.customerId, t.subjectKey)
      .where(sql`status = 'open'`),
    index('alerts_customer_raised_idx').on(t.customerId, t.raisedAt.desc()),
  ],
);

/**
 * Where a user hears of an account's alerts: in the Hub (the bell) and by e-mail, at once or in a
 * daily digest in the user's language. No row means the default: in the Hub, no e-mail.
 */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inHub: boolean('in_hub').notNull().default(true),
    email: text('email').notNull().default('off'),
    /** The last digest sent (the next one covers alerts raised since). */
    digestSentAt: at('digest_sent_at'),
    modified: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.customerId] }),
    check('alert_preferences_email_check', oneOf('email', ALERT_EMAIL_MODES)),
  ],
);
