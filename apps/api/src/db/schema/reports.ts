import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REPORT_LEVELS, REPORT_STATUSES } from '@service-hub/contracts';
import { createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { bytea } from './support.ts';
import { users } from './users.ts';

/** A CSV report of tracking data for one account and time frame (spec 3 and 9). */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('CSV'),
    level: text('level').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    rowCount: integer('row_count'),
    content: bytea('content'),
    error: text('error'),
    created: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('reports_type_check', oneOf('type', ['CSV'])),
    check('reports_level_check', oneOf('level', REPORT_LEVELS)),
    check('reports_status_check', oneOf('status', REPORT_STATUSES)),
    check('reports_time_frame_check', sql`${t.fromDate} <= ${t.toDate}`),
    index('reports_customer_created_idx').on(t.customerId, t.created.desc()),
  ],
);
