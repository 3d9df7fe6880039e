import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, modifiedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * SCIM 2.0 provisioning (RFC 7643 / 7644, issue 23) switched on for one customer: the customer's
 * directory (Entra ID, Okta, Google) then creates, changes and removes that customer's users.
 */
export const scimConfigurations = pgTable('scim_configurations', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  created: createdAt(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  modified: modifiedAt(),
});

/**
 * The directory's bearer tokens. Only a SHA-256 is kept (256 random bits, shown once). A rotation
 * gives the old token an end (`expires_at`) so the directory can switch without a failed sync.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => scimConfigurations.customerId, { onDelete: 'cascade' }),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: at('last_used_at'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('scim_tokens_token_hash_key').on(t.tokenHash),
    index('scim_tokens_customer_idx').on(t.customerId, t.created.desc()),
  ],
);

/**
 * A user the customer's directory provisioned: the directory's own id for them (`externalId`),
 * whether the directory has them active, and the resource version for ETags. A user belongs to
 * at most one directory.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => scimConfigurations.customerId, { onDelete: 'cascade' }),
    /** The directory's userName (unique per customer, compared case-insensitively, RFC 7643). */
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('scim_users_external_id_key')
      .on(t.customerId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('scim_users_customer_idx').on(t.customerId, t.created),
    // text_pattern_ops: serves `userName eq` and `userName sw` filters (Entra and Okta look users up by it).
    uniqueIndex('scim_users_user_name_key').on(t.customerId, sql`lower(${t.userName}) text_pattern_ops`),
  ],
);

/** A directory group, as the directory pushed it. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => scimConfigurations.customerId, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    version: integer('version').notNull().default(1),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('scim_groups_display_name_key').on(t.customerId, sql`lower(${t.displayName})`),
    uniqueIndex('scim_groups_external_id_key')
      .on(t.customerId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => scimUsers.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('scim_group_members_user_idx').on(t.userId)],
);

/**
 * What membership of a directory group gives in the Hub: an account of the customer's (the
 * configuring customer or another account its administrator holds), a role (never a provider
 * role), and service permissions on that account. Users' access is recomputed from these.
 */
export const scimGroupGrants = pgTable(
  'scim_group_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('CustomerUser'),
    permissionIds: integer('permission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('scim_group_grants_group_account_key').on(t.groupId, t.accountId),
    check('scim_group_grants_role_check', sql`role IN ('CustomerUser', 'CustomerAdministrator')`),
  ],
);
