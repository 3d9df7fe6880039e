import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * The built-in CRM directory: the accounts the CRM knows, used when no CRM is configured (CRM_URL).
 * Columns may be empty, as in a real CRM, so a bulk import can say which data is missing.
 */
export const crmAccounts = pgTable('crm_accounts', {
  customerNumber: text('customer_number').primaryKey(),
  name: text('name'),
  market: varchar('market', { length: 2 }),
  organizationalNumber: text('organizational_number'),
  vatNumber: text('vat_number'),
  crmMappingGuid: uuid('crm_mapping_guid'),
  created: createdAt(),
});

export const CUSTOMER_IMPORT_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export const CUSTOMER_IMPORT_ITEM_STATUSES = ['pending', 'imported', 'failed'] as const;

/** A bulk creation of customer accounts from the CRM, with its progress (spec 2, /customers/new-bulk). */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email').notNull(),
    requestId: text('request_id'),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    created: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    check('customer_imports_status_check', oneOf('status', CUSTOMER_IMPORT_STATUSES)),
    index('customer_imports_requested_by_idx').on(t.requestedBy, t.created.desc()),
  ],
);

/** One account of an import: what became of it, and why when it failed. */
export const customerImportItems = pgTable(
  'customer_import_items',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => customerImports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    customerNumber: text('customer_number').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    missingFields: text('missing_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    processedAt: at('processed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    check('customer_import_items_status_check', oneOf('status', CUSTOMER_IMPORT_ITEM_STATUSES)),
  ],
);
