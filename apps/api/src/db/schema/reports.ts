import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LANGUAGES,
  REPORT_FAILURES,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_LEVELS,
  REPORT_STATUSES,
} from '@service-hub/contracts';
import { createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A recurring report: one per period, delivered to the report list and by e-mail. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    type: text('type').notNull().default('CSV'),
    frequency: text('frequency').notNull(),
    language: text('language').notNull(),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    created: createdAt(),
  },
  (t) => [
    check('report_schedules_type_check', oneOf('type', REPORT_FORMATS)),
    check('report_schedules_level_check', oneOf('level', REPORT_LEVELS)),
    check('report_schedules_frequency_check', oneOf('frequency', REPORT_FREQUENCIES)),
    check('report_schedules_language_check', oneOf('language', LANGUAGES)),
    index('report_schedules_customer_idx').on(t.customerId, t.created),
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`NOT ${t.paused}`),
  ],
);

/**
 * A report of tracking data for one account and time frame (spec 3 and 9). The file lives in
 * the report storage under `storageKey`; `generationId` names the one attempt allowed to finish it.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('CSV'),
    level: text('level').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    language: text('language').notNull().default('en-SE'),
    status: text('status').notNull(),
    rowCount: integer('row_count'),
    rowsWritten: integer('rows_written').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    generationId: uuid('generation_id'),
    /** A REPORT_FAILURES code. */
    error: text('error'),
    created: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('reports_type_check', oneOf('type', REPORT_FORMATS)),
    check('reports_level_check', oneOf('level', REPORT_LEVELS)),
    check('reports_status_check', oneOf('status', REPORT_STATUSES)),
    check('reports_language_check', oneOf('language', LANGUAGES)),
    check('reports_error_check', sql`${t.error} IS NULL OR ${oneOf(sql`${t.error}`, REPORT_FAILURES)}`),
    check('reports_time_frame_check', sql`${t.fromDate} <= ${t.toDate}`),
    index('reports_customer_created_idx').on(t.customerId, t.created.desc()),
    index('reports_expires_idx').on(t.expiresAt),
  ],
);
