import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { MARKETS, MFA_TYPES } from '@service-hub/contracts';
import { createdAt, modifiedAt, oneOf } from './columns.ts';

/** A market with its support contact (spec 9: each market has its own support e-mail and phone). */
export const markets = pgTable(
  'markets',
  {
    code: varchar('code', { length: 2 }).primaryKey(),
    name: text('name').notNull(),
    supportEmail: text('support_email').notNull(),
    supportPhone: text('support_phone'),
  },
  () => [check('markets_code_check', oneOf('code', MARKETS))],
);

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    customerNumber: text('customer_number').notNull(),
    market: varchar('market', { length: 2 })
      .notNull()
      .references(() => markets.code),
    organizationalNumber: text('organizational_number'),
    vatNumber: text('vat_number'),
    notes: text('notes'),
    crmMappingGuid: uuid('crm_mapping_guid'),
    wodGroupName: text('wod_group_name'),
    isMfaEnabled: boolean('is_mfa_enabled').notNull().default(false),
    mfaType: text('mfa_type'),
    mfaModifiedDate: timestamp('mfa_modified_date', { withTimezone: true, mode: 'date' }),
    created: createdAt(),
    createdBy: text('created_by').notNull(),
    modified: modifiedAt(),
    modifiedBy: text('modified_by').notNull(),
  },
  (t) => [
    uniqueIndex('customers_customer_number_key').on(t.customerNumber),
    index('customers_market_name_idx').on(t.market, t.name),
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('customers_mfa_type_check', sql`${t.mfaType} IS NULL OR ${oneOf(t.mfaType.name, MFA_TYPES)}`),
    check('customers_mfa_enabled_needs_type', sql`NOT ${t.isMfaEnabled} OR ${t.mfaType} IS NOT NULL`),
  ],
);
