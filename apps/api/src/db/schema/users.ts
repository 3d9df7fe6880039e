import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, STORED_ROLES } from '@service-hub/contracts';
import { createdAt, modifiedAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { customerPermissions, permissions } from './services.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    language: text('language').notNull().default('en-SE'),
    /** argon2id hash; null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // SCIM filters `sw` / `co` on emails.value and displayName (issue 23); built concurrently
    // (db/concurrent-indexes.ts).
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
    check('users_language_check', oneOf('language', LANGUAGES)),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', oneOf('role', STORED_ROLES)),
  ],
);

/** Which customer accounts a user can act for (at most 10, enforced by a trigger). */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.customerId] }),
    index('user_customers_customer_idx').on(t.customerId),
  ],
);

/**
 * A user's permission on one customer account. The composite foreign keys make it impossible to
 * hold a permission on an account the user cannot reach, or one the account itself does not have.
 */
export const customerUserPermissions = pgTable(
  'customer_user_permissions',
  {
    customerId: integer('customer_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.userId, t.permissionId] }),
    foreignKey({
      columns: [t.userId, t.customerId],
      foreignColumns: [userCustomers.userId, userCustomers.customerId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.customerId, t.permissionId],
      foreignColumns: [customerPermissions.customerId, customerPermissions.permissionId],
    }).onDelete('cascade'),
    index('customer_user_permissions_user_idx').on(t.userId),
  ],
);

/** Key pairs that sign the API's tokens; kept in the database so every instance shares them. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  created: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    created: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.created.desc())],
);

/** Who changed what, when, with the state before and after (kept for every administrative change). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The customer account the change concerns, for its administrators' audit view (no foreign key: the log outlives it). */
    customerId: integer('customer_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc()),
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_customer_idx').on(t.customerId, t.at.desc()),
  ],
);
