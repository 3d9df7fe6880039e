import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { SUPPORT_CASE_STATUSES, SUPPORT_ITEM_KINDS } from '@service-hub/contracts';
import { createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const supportCases = pgTable(
  'support_cases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    caseNumber: text('case_number').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    type: text('type').notNull(),
    owner: text('owner'),
    status: text('status').notNull(),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    created: createdAt(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('support_cases_status_check', oneOf('status', SUPPORT_CASE_STATUSES)),
    index('support_cases_customer_updated_idx').on(t.customerId, t.updated.desc()),
    index('support_cases_customer_status_idx').on(t.customerId, t.status),
    // The subject search ("contains", any case) across every customer for provider staff.
    index('support_cases_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const supportCaseReplies = pgTable(
  'support_case_replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** True when provider support wrote it, false when the customer did. */
    fromProvider: boolean('from_provider').notNull(),
    message: text('message').notNull(),
    created: createdAt(),
  },
  (t) => [index('support_case_replies_case_idx').on(t.caseId, t.created)],
);

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    replyId: bigint('reply_id', { mode: 'number' }).references(() => supportCaseReplies.id, {
      onDelete: 'cascade',
    }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Where the file lives in `app.storage.attachments`; null while the bytes are still inline. */
    storageKey: text('storage_key'),
    /** Inline bytes of attachments from before the storage (the demo seed); moved on first read. */
    content: bytea('content'),
    created: createdAt(),
  },
  (t) => [
    index('support_attachments_case_idx').on(t.caseId),
    check('support_attachments_stored_check', sql`${t.storageKey} IS NOT NULL OR ${t.content} IS NOT NULL`),
  ],
);

/**
 * What a case is about: documents, files, consignments, messages of the case's account, linked
 * when the case is opened. The label (the item's own id or name) is kept so the case still names
 * the item after retention removed it; `customer_id` finds the open cases of an item's page.
 */
export const supportCaseItems = pgTable(
  'support_case_items',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    customerId: integer('customer_id').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ name: 'support_case_items_pkey', columns: [t.caseId, t.kind, t.itemId] }),
    check('support_case_items_kind_check', oneOf('kind', SUPPORT_ITEM_KINDS)),
    index('support_case_items_item_idx').on(t.customerId, t.kind, t.itemId),
  ],
);
