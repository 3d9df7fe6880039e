import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  INCIDENT_IMPACTS,
  STATUS_COMPONENTS,
  STATUS_NOTICE_KINDS,
  STATUS_UPDATE_STATUSES,
  type TLocalizedText,
} from '@service-hub/contracts';
import { at, createdAt, oneOf } from './columns.ts';

const componentList = sql.raw(
  `components <@ ARRAY[${STATUS_COMPONENTS.map((c) => `'${c}'`).join(', ')}]::text[] AND cardinality(components) > 0`,
);

/**
 * An incident or a maintenance notice of the public status page (docs/status-page.md), written by
 * provider administrators. Its title and updates are stored per language; English is required.
 * Who wrote what is in the audit log. No foreign key to an existing table: the migration only
 * creates (docs/status-page.md).
 */
export const statusNotices = pgTable(
  'status_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    title: jsonb('title').$type<TLocalizedText>().notNull(),
    components: text('components').array().notNull(),
    /** Incidents only. */
    impact: text('impact'),
    /** Incident: when it was opened; maintenance: the planned start. */
    startsAt: at('starts_at').notNull(),
    /** Maintenance: the planned end. */
    endsAt: at('ends_at'),
    resolvedAt: at('resolved_at'),
    created: createdAt(),
  },
  (t) => [
    check('status_notices_kind_check', oneOf('kind', STATUS_NOTICE_KINDS)),
    check('status_notices_impact_check', sql`(kind = 'incident') = (impact IS NOT NULL)`),
    check('status_notices_impact_value_check', oneOf('impact', INCIDENT_IMPACTS)),
    check(
      'status_notices_window_check',
      sql`(kind = 'maintenance') = (ends_at IS NOT NULL) AND (ends_at IS NULL OR ends_at > starts_at)`,
    ),
    check('status_notices_components_check', componentList),
    check('status_notices_title_check', sql`jsonb_typeof(title -> 'en-SE') = 'string'`),
    // The open ones and the recent history: both read by time, newest first.
    index('status_notices_starts_at_idx').on(t.startsAt.desc()),
  ],
);

/** A step of a notice (investigating … resolved, scheduled … completed) with its message. */
export const statusNoticeUpdates = pgTable(
  'status_notice_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => statusNotices.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: jsonb('message').$type<TLocalizedText>().notNull(),
    created: createdAt(),
  },
  (t) => [
    check('status_notice_updates_status_check', oneOf('status', STATUS_UPDATE_STATUSES)),
    check('status_notice_updates_message_check', sql`jsonb_typeof(message -> 'en-SE') = 'string'`),
    index('status_notice_updates_notice_idx').on(t.noticeId, t.created),
  ],
);
