import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
