import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { SEARCH_RESULT_KINDS } from '@service-hub/contracts';
import { at, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A user's last header searches, newest first (kept to SEARCH_RECENT_KEPT by the writer). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    usedAt: at('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'recent_searches_pkey', columns: [t.userId, t.query] })],
);

/**
 * Items a user opened from the search, newest first. The account is kept so the item is shown
 * again only while the user may still see it there (checked at each read, like the search).
 */
export const recentlyOpened = pgTable(
  'recently_opened',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    /** Null for what belongs to no account (a customer, a user, for provider staff). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    openedAt: at('opened_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'recently_opened_pkey', columns: [t.userId, t.kind, t.itemId] }),
    check('recently_opened_kind_check', oneOf('kind', SEARCH_RESULT_KINDS)),
  ],
);
