import { sql, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** `column IN ('a', 'b', …)` for a check constraint built from a contracts vocabulary. */
export function oneOf(column: SQL | string, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return typeof column === 'string'
    ? sql.raw(`${column} IN (${list})`)
    : sql`${column} IN (${sql.raw(list)})`;
}

/** A point in time, stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () =>
  timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const modifiedAt = () =>
  timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
