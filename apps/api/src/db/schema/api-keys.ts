import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@service-hub/contracts';
import { at, createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * Machine credentials of production and print systems (the ingestion API). Only a SHA-256 of the
 * key is kept: keys are 256 random bits, so a fast hash is as strong as a slow one, and the key
 * itself is shown once, when it is created.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The key's first characters, shown so that people can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_created_idx').on(sql`${t.created} DESC`),
  ],
);

/** The customers whose data a key may deliver. */
export const apiKeyCustomers = pgTable(
  'api_key_customers',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.customerId] })],
);

const scopeList = sql.raw(
  `scopes <@ ARRAY[${API_KEY_SCOPES.map((s) => `'${s}'`).join(', ')}]::text[] AND cardinality(scopes) > 0`,
);

/**
 * Keys a customer administrator creates for the account's own systems (ERP, data warehouse): they
 * read the account's track and trace and/or EDI tracking through the same endpoints as the web
 * app (issue 22). Apart from `api_keys` on purpose: those write data for many customers, these
 * only read one account's. Only a SHA-256 of the key is kept; the key is shown once.
 */
export const accountApiKeys = pgTable(
  'account_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('account_api_keys_key_hash_key').on(t.keyHash),
    index('account_api_keys_customer_idx').on(t.customerId, t.created.desc()),
    check('account_api_keys_scopes_check', scopeList),
  ],
);
