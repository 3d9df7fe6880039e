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
import { SAVED_VIEW_LISTS } from '@service-hub/contracts';
import { createdAt, modifiedAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * A filter set of a list saved under a name, by a user for one customer account; shared views are
 * seen by every colleague of that account who may open the list.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's URL query (filters, sort, page size), without the account. */
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    check('saved_views_list_check', oneOf('list', SAVED_VIEW_LISTS)),
    uniqueIndex('saved_views_owner_name_key').on(t.userId, t.customerId, t.list, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.customerId, t.list)
      .where(sql`${t.shared}`),
  ],
);

/** A user's columns of a list, the same on every device. */
export const listPreferences = pgTable(
  'list_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    columns: text('columns').array().notNull(),
    modified: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    check('list_preferences_list_check', oneOf('list', SAVED_VIEW_LISTS)),
  ],
);
