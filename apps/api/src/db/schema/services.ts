import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';

export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /**
     * Internal abbreviation, the short name in the identity system; also the permission prefix.
     * Administrators add services, so it is any short code, not only the ten the screens know.
     */
    shortName: text('short_name').notNull(),
    nameHint: text('name_hint'),
    crmMappingGuid: uuid('crm_mapping_guid'),
    wodGroupName: text('wod_group_name'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('services_short_name_key').on(t.shortName),
    check('services_short_name_format', sql`${t.shortName} ~ '^[A-Z][A-Z0-9]{1,15}$'`),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    applicationName: text('application_name').notNull(),
    created: createdAt(),
  },
  (t) => [uniqueIndex('applications_application_name_key').on(t.applicationName)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    name: text('name').notNull(),
    /** Roles carried by the permission, e.g. READ_ALL on stt-appapi-client (spec 6 legacy checks). */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Track-and-trace permissions are also tied to one customer. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('permissions_service_name_key').on(t.serviceId, t.name),
    index('permissions_customer_idx').on(t.customerId),
  ],
);

/** Service access of a customer account: the permissions its users can be given. */
export const customerPermissions = pgTable(
  'customer_permissions',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.permissionId] })],
);

export const customerApplications = pgTable(
  'customer_applications',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.applicationId] })],
);
