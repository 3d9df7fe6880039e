import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Request counts of the rate limits (plugins/rate-limits.ts), one row per key and window, kept in
 * PostgreSQL so that every API instance counts against the same limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** Category and caller, e.g. `signIn:203.0.113.7:anna@example.com` or `write:user:<uuid>`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
