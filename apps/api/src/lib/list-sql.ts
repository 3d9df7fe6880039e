import type pg from 'pg';
import {
  LIST_WINDOW,
  type DateFilterOperator,
  type SortDirection,
  type TextFilterOperator,
} from '@service-hub/contracts';
import { badRequest } from './errors.ts';

/*
 * SQL for filtered, sorted and paged lists at millions of rows (track and trace, EDI tracking).
 * Column expressions come from the caller's code, never from the request; values always travel
 * as parameters.
 */

/** Collects parameter values and hands out their placeholders. */
export class SqlParams {
  constructor(readonly values: unknown[] = []) {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * A text filter, ignoring letter case, written so that a trigram index on `lower(column)` can
 * answer contains, starts with, ends with and exact; does-not-contain also keeps empty fields.
 */
export function textCondition(
  params: SqlParams,
  column: string,
  operator: TextFilterOperator,
  value: string,
): string {
  // Both sides lowered by PostgreSQL, so they agree for every letter its locale knows.
  const lowered = `lower(${column})`;
  const pattern = (text: string) => `lower(${params.add(text)})`;
  const needle = escapeLike(value);
  switch (operator) {
    case 'contains':
      return `${lowered} LIKE ${pattern(`%${needle}%`)}`;
    case 'startsWith':
      return `${lowered} LIKE ${pattern(`${needle}%`)}`;
    case 'endsWith':
      return `${lowered} LIKE ${pattern(`%${needle}`)}`;
    case 'exact':
      return `${lowered} = ${pattern(value)}`;
    case 'notContains':
      return `(${column} IS NULL OR ${lowered} NOT LIKE ${pattern(`%${needle}%`)})`;
  }
}

export type DateFilter = {
  dateOperator?: DateFilterOperator | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  fromTime?: string | undefined;
  toTime?: string | undefined;
};

/** The calendar day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` local to `timeZone`, as a point in time for PostgreSQL. */
function localTime(params: SqlParams, timeZone: string, date: string, time = '00:00'): string {
  return `(${params.add(`${date} ${time}`)}::timestamp AT TIME ZONE ${params.add(timeZone)})`;
}

/**
 * A date filter with the operators of spec 4, on days (and for `betweenTimes` minutes) of the
 * user's time zone; the end of a range includes its last day or minute. Only plain comparisons,
 * so the date index bounds the scan.
 */
export function dateCondition(
  params: SqlParams,
  column: string,
  filter: DateFilter,
  timeZone: string,
): string | undefined {
  const { dateOperator: operator, fromDate } = filter;
  if (!operator || !fromDate) return undefined;
  const startOf = (date: string, time?: string) => localTime(params, timeZone, date, time);
  switch (operator) {
    case 'is':
      return `${column} >= ${startOf(fromDate)} AND ${column} < ${startOf(nextDay(fromDate))}`;
    case 'before':
      return `${column} < ${startOf(fromDate)}`;
    case 'from':
      return `${column} >= ${startOf(fromDate)}`;
    case 'between':
      return `${column} >= ${startOf(fromDate)} AND ${column} < ${startOf(nextDay(filter.toDate ?? fromDate))}`;
    case 'betweenTimes':
      return (
        `${column} >= ${startOf(fromDate, filter.fromTime)} AND ` +
        `${column} < ${startOf(filter.toDate ?? fromDate, filter.toTime)} + interval '1 minute'`
      );
    case 'not':
      return `(${column} < ${startOf(fromDate)} OR ${column} >= ${startOf(nextDay(fromDate))})`;
  }
}

/** One key of a sort order; rows are always ordered by unique keys (the id last). */
export type SortKey = {
  /** SQL expression, e.g. `f.arrived_at`. */
  expression: string;
  direction: SortDirection;
  /** The cursor stores times as ISO text; PostgreSQL reads them back as this type. */
  type: 'timestamptz' | 'text' | 'int8' | 'int4';
};

export const orderBy = (keys: readonly SortKey[]) =>
  keys.map((k) => `${k.expression} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');

/** The rows after a cursor's position, for any mix of directions. */
export function afterCursor(params: SqlParams, keys: readonly SortKey[], values: readonly unknown[]): string {
  const placeholders = keys.map((k, i) => `${params.add(values[i])}::${k.type}`);
  const beyond = (i: number) => (keys[i]!.direction === 'asc' ? '>' : '<');
  const alternatives = keys.map((_, i) =>
    [
      ...keys.slice(0, i).map((k, j) => `${k.expression} = ${placeholders[j]}`),
      `${keys[i]!.expression} ${beyond(i)} ${placeholders[i]}`,
    ].join(' AND '),
  );
  // The first key's bound alone lets an index on it start at the cursor instead of filtering.
  const first = keys[0]!;
  return `${first.expression} ${beyond(0)}= ${placeholders[0]} AND ((${alternatives.join(') OR (')}))`;
}

/** A cursor: the sort values of the last row, opaque to clients. */
export function encodeCursor(values: readonly unknown[]): string {
  const plain = values.map((value) => (value instanceof Date ? value.toISOString() : value));
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A cursor's value is only ever what encodeCursor wrote: PostgreSQL must take it as its type. */
function fitsType(value: unknown, type: SortKey['type']): boolean {
  switch (type) {
    case 'int8':
      return Number.isSafeInteger(value);
    case 'int4':
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;
    case 'timestamptz':
      return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'text':
      return typeof value === 'string' && value.length <= 400 && !value.includes('\u0000');
  }
}

export function decodeCursor(cursor: string, keys: readonly SortKey[]): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const fits =
    Array.isArray(values) &&
    values.length === keys.length &&
    values.every((value, i) => fitsType(value, keys[i]!.type));
  if (!fits)
    throw badRequest('Invalid request: query.cursor.', [
      { field: 'query.cursor', code: 'invalidValue', message: 'The value is not valid.' },
    ]);
  return values as unknown[];
}

export type PagedQuery = {
  table: string;
  alias: string;
  conditions: readonly string[];
  params: SqlParams;
  keys: readonly SortKey[];
  page: number;
  pageSize: number;
  cursor?: string | undefined;
  /** The columns of a row, from `alias` and `joins`. */
  columns: string;
  joins?: string;
  /**
   * The partition key of a partitioned table: the page carries it to the join back to the rows,
   * so each row is read from its own month's partition instead of probing every partition.
   */
  partitionKey?: string;
  /**
   * The FROM and WHERE that find the matching rows for the count, when another way than the
   * page's is faster (the same rows, the same parameters): e.g. documents found through their
   * matching files.
   */
  countFrom?: string;
};

/** SELECT count up to `limit` + 1 of the query's rows (one more tells "more than the limit"). */
function countSql(query: Omit<PagedQuery, 'page' | 'pageSize' | 'cursor'>, limit: number): string {
  const from =
    query.countFrom ??
    `${query.table} ${query.alias}${query.conditions.length > 0 ? ` WHERE ${query.conditions.join(' AND ')}` : ''}`;
  return `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT ${limit + 1}) matching`;
}

export type Page<Row> = {
  totalCount: number;
  totalCountExact: boolean;
  rows: Row[];
  nextCursor: string | null;
};

/**
 * One page and the count, in parallel. The count stops at LIST_WINDOW + 1 rows, so it costs at
 * most that many index entries however many rows match. The page is found on ids and sort keys
 * alone (often from the index only) before the rows are read: deep offsets stay cheap, and a
 * cursor continues from the last row without any offset.
 */
export async function pagedQuery<Row>(pool: pg.Pool, query: PagedQuery): Promise<Page<Row>> {
  const { table, alias, keys, pageSize } = query;
  const offset = query.cursor ? 0 : (query.page - 1) * pageSize;
  if (offset + pageSize > LIST_WINDOW) {
    throw badRequest('Invalid request: query.page.', [
      {
        field: 'query.page',
        code: 'tooBig',
        message: `Pages reach the first ${LIST_WINDOW} rows; narrow the filters.`,
        params: { maximum: Math.floor(LIST_WINDOW / pageSize) },
      },
    ]);
  }
  const where = (conditions: readonly string[]) =>
    conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

  const params = new SqlParams([...query.params.values]);
  const conditions = [...query.conditions];
  if (query.cursor) conditions.push(afterCursor(params, keys, decodeCursor(query.cursor, keys)));
  const keyColumns = keys.map((k, i) => `${k.expression} AS k${i}`).join(', ');
  const outerOrder = keys.map((k, i) => `page.k${i} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
  const partition = query.partitionKey;
  const pageSql = `SELECT ${query.columns}, ${keys.map((_, i) => `page.k${i}`).join(', ')}
      FROM (SELECT ${alias}.id, ${partition ? `${alias}.${partition} AS partition_key, ` : ''}${keyColumns}
              FROM ${table} ${alias} ${where(conditions)}
             ORDER BY ${orderBy(keys)} LIMIT ${params.add(pageSize + 1)} OFFSET ${params.add(offset)}) page
      JOIN ${table} ${alias} ON ${alias}.id = page.id${partition ? ` AND ${alias}.${partition} = page.partition_key` : ''}
           ${query.joins ?? ''}
     ORDER BY ${outerOrder}`;

  const [count, page] = await Promise.all([
    pool.query<{ n: number }>(countSql(query, LIST_WINDOW), query.params.values),
    pool.query<Record<string, unknown>>(pageSql, params.values),
  ]);
  const n = count.rows[0]?.n ?? 0;
  const rows = page.rows.slice(0, pageSize);
  const last = rows.at(-1);
  return {
    totalCount: Math.min(n, LIST_WINDOW),
    totalCountExact: n <= LIST_WINDOW,
    rows: rows as Row[],
    nextCursor: page.rows.length > pageSize && last ? encodeCursor(keys.map((_, i) => last[`k${i}`])) : null,
  };
}

export type ListQuery = Omit<PagedQuery, 'page' | 'pageSize' | 'cursor'>;

/** How many rows match, counting no further than `limit` (one more tells "more than the limit"). */
export async function countUpTo(pool: pg.Pool, query: ListQuery, limit: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(countSql(query, limit), query.params.values);
  return rows[0]?.n ?? 0;
}

/**
 * Every matching row in the list's order, in batches walked by keyset (no offsets, no long-held
 * cursor): each batch is one short query that starts after the last row of the one before.
 */
export async function* allRows<Row>(
  pool: pg.Pool,
  query: ListQuery,
  batchSize = 5000,
): AsyncGenerator<Row[]> {
  const { table, alias, keys } = query;
  let after: unknown[] | undefined;
  for (;;) {
    const params = new SqlParams([...query.params.values]);
    const conditions = [...query.conditions];
    if (after) conditions.push(afterCursor(params, keys, after));
    const { rows } = await pool.query<Record<string, unknown>>(
      `SELECT ${query.columns}, ${keys.map((k, i) => `${k.expression} AS k${i}`).join(', ')}
         FROM ${table} ${alias} ${query.joins ?? ''}
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${orderBy(keys)} LIMIT ${params.add(batchSize)}`,
      params.values,
    );
    if (rows.length > 0) yield rows as Row[];
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = keys.map((_, i) => last[`k${i}`]);
  }
}
