import {
  SEARCH_NAME_MIN,
  SEARCH_RESULTS_PER_KIND,
  type SearchResultKind,
  type TSearchGroup,
  type TSearchResult,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { like } from '../../lib/sql-like.ts';
import { KINDS, type Branch, type KindQuery, type Row, type Text } from './search-kinds.ts';
import type { SearchScope } from './search-scope.ts';

/**
 * The header search: per kind, one statement of UNION ALL branches, one per field, each stopping
 * after a few rows. Every branch reads an index of (customer_id, lower(field)) within the accounts
 * the caller may open that kind in (search-scope.ts), so a search never reads another customer's
 * rows and never reads all of one account's. The kinds and their branches are in search-kinds.ts;
 * docs/search.md has the plans.
 */

/** Each branch takes one more row than is shown: enough to know that there are more. */
const BRANCH_LIMIT = SEARCH_RESULTS_PER_KIND + 1;

const KIND_BY_NAME = new Map(KINDS.map((k) => [k.kind, k]));

/** Whose items of a kind the caller may see: account ids, or every one (provider staff's kinds). */
function allowedAccounts(kind: KindQuery, scope: SearchScope): number[] | 'all' | 'none' {
  const accounts = kind.accounts(scope);
  if (accounts === null) return scope.providerStaff ? 'all' : 'none';
  return accounts.length > 0 ? accounts : 'none';
}

/** Keys as the database types them: anything else names no item (and must not reach a cast). */
const VALID_KEY = {
  bigint: /^[1-9]\d{0,17}$/,
  int: /^[1-9]\d{0,8}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

const DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** The days a typed date or month covers, as [first day, day after], or null. */
function timeFrameOf(text: string): Date[] | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : undefined];
  const from = new Date(Date.UTC(year, month - 1, day ?? 1));
  const to =
    day === undefined ? new Date(Date.UTC(year, month, 1)) : new Date(Date.UTC(year, month - 1, day + 1));
  // 2026-13 or 2026-02-31 roll over: not a date anyone meant.
  if (from.getUTCMonth() !== month - 1 || (day !== undefined && from.getUTCDate() !== day)) return null;
  return [from, to];
}

function toText(query: string): Text {
  const lower = query.toLowerCase();
  const escaped = like(lower)!;
  return {
    lower,
    prefix: `${escaped}%`,
    contains: `%${escaped}%`,
    names: Array.from(query).length >= SEARCH_NAME_MIN,
    timeFrame: timeFrameOf(query),
  };
}

/** Numbers the named parameters (`:name`) a statement uses, in order, and answers their values. */
function bind(sql: string, values: Record<string, unknown>): { sql: string; params: unknown[] } {
  const names: string[] = [];
  const numbered = sql.replace(/(?<!:):([a-z]+)\b/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`search statement names no value :${name}`);
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { sql: numbered, params: names.map((name) => values[name]) };
}

function statementFor(kind: KindQuery, text: Text, allowed: number[] | 'all') {
  const scoped = (condition: string) =>
    kind.customer && allowed !== 'all'
      ? `${kind.customer} = ANY(:accounts::int[]) AND ${condition}`
      : condition;
  const branches = kind.branches(text);
  if (branches.length === 0) return null;
  const select = (branch: Branch, condition: string) =>
    `SELECT ${kind.select.replaceAll('%title', branch.column)}, '${branch.field}' AS field,
            ${kind.key}::text AS key
       FROM ${kind.from} WHERE ${condition} LIMIT ${BRANCH_LIMIT}`;
  // A branch read only when the one before found nothing asks that one as a WITH query (its
  // `NOT EXISTS` is evaluated once, before the branch reads a row); the others are plain.
  const sql = branches.some((branch) => branch.unlessFoundBefore)
    ? `WITH ${branches
        .map((branch, i) => {
          const gate = branch.unlessFoundBefore ? ` AND NOT EXISTS (SELECT FROM b${i - 1})` : '';
          return `b${i} AS (${select(branch, scoped(branch.condition) + gate)})`;
        })
        .join(',\n')}\n${branches.map((_, i) => `SELECT * FROM b${i}`).join('\nUNION ALL\n')}`
    : branches.map((branch) => `(${select(branch, scoped(branch.condition))})`).join('\nUNION ALL\n');
  const [from, to] = text.timeFrame ?? [null, null];
  return bind(sql, {
    accounts: allowed,
    lower: text.lower,
    prefix: text.prefix,
    contains: text.contains,
    from,
    to,
  });
}

function toResult(row: Row, scope: SearchScope, lower: string | null): TSearchResult {
  return {
    kind: 'trackingDocument',
    id: row.id,
    key: row.key,
    consignmentId: row.consignment_id,
    title: row.title,
    detail: row.detail || null,
    matchedField: row.field,
    exact: lower !== null && row.title.toLowerCase() === lower,
    status: row.status,
    date: row.date ? row.date.toISOString() : null,
    account: row.customer_id === null ? null : (scope.accounts.get(row.customer_id) ?? null),
  };
}

/** One kind's group: each item once (the first field it matched), exact matches first, then newest. */
function groupOf(
  kind: SearchResultKind,
  rows: Row[],
  scope: SearchScope,
  lower: string,
): TSearchGroup | null {
  const seen = new Map<string, TSearchResult>();
  for (const row of rows) {
    const key = row.key;
    const result = { ...toResult(row, scope, lower), kind };
    const earlier = seen.get(key);
    if (!earlier || (result.exact && !earlier.exact)) seen.set(key, result);
  }
  if (seen.size === 0) return null;
  const results = [...seen.values()].sort(
    (a, b) => Number(b.exact) - Number(a.exact) || (b.date ?? '').localeCompare(a.date ?? ''),
  );
  return {
    kind,
    results: results.slice(0, SEARCH_RESULTS_PER_KIND),
    more: results.length > SEARCH_RESULTS_PER_KIND,
  };
}

/** Every kind the caller may see, searched at once (one statement per kind, in parallel). */
export async function search(db: Database, scope: SearchScope, query: string): Promise<TSearchGroup[]> {
  const text = toText(query);
  const groups = await Promise.all(
    KINDS.map(async (kind) => {
      const allowed = allowedAccounts(kind, scope);
      if (allowed === 'none') return null;
      const statement = statementFor(kind, text, allowed);
      if (!statement) return null;
      const { rows } = await db.$client.query<Row>(statement.sql, statement.params);
      return groupOf(kind.kind, rows, scope, text.lower);
    }),
  );
  return groups.filter((group) => group !== null);
}

/** An item as the caller may see it now, by its internal key; undefined when it is gone or out of scope. */
export async function findItems(
  db: Database,
  scope: SearchScope,
  kindName: SearchResultKind,
  keys: string[],
): Promise<Map<string, TSearchResult>> {
  const kind = KIND_BY_NAME.get(kindName)!;
  const allowed = allowedAccounts(kind, scope);
  if (allowed === 'none' || keys.length === 0) return new Map();
  const scoped = kind.customer && allowed !== 'all' ? `AND ${kind.customer} = ANY(:accounts::int[])` : '';
  const statement = bind(
    `SELECT ${kind.select.replaceAll('%title', kind.nameField.column)}, '${kind.nameField.field}' AS field,
            ${kind.key}::text AS key
       FROM ${kind.from} WHERE ${kind.key} = ANY(:keys::${kind.keyType}[]) ${scoped}`,
    { accounts: allowed, keys: keys.filter((key) => VALID_KEY[kind.keyType].test(key)) },
  );
  const { rows } = await db.$client.query<Row>(statement.sql, statement.params);
  return new Map(rows.map((row) => [row.key, { ...toResult(row, scope, null), kind: kindName }]));
}

/**
 * The internal key of an item named as its page names it (id, and the consignment for EDI
 * messages and documents), when the caller may see it in that account.
 */
export async function keyOf(
  db: Database,
  scope: SearchScope,
  item: { kind: SearchResultKind; id: string; consignmentId: string | null; accountId: number | null },
): Promise<{ key: string; customerId: number | null } | undefined> {
  const kind = KIND_BY_NAME.get(item.kind)!;
  const allowed = allowedAccounts(kind, scope);
  if (allowed === 'none') return undefined;
  if (
    kind.customer &&
    (item.accountId === null || (allowed !== 'all' && !allowed.includes(item.accountId)))
  ) {
    return undefined;
  }
  const { routeId } = kind;
  if (routeId.type !== 'text' && !VALID_KEY[routeId.type].test(item.id)) return undefined;
  const { rows } = await db.$client.query<{ key: string }>(
    `SELECT ${kind.key}::text AS key FROM ${kind.from}
      WHERE ${routeId.column} = $1::${routeId.type}
        ${routeId.consignment ? `AND ${routeId.consignment} = $2` : 'AND $2::text IS NULL'}
        ${kind.customer ? `AND ${kind.customer} = $3` : 'AND $3::int IS NULL'}
      LIMIT 1`,
    [item.id, routeId.consignment ? item.consignmentId : null, kind.customer ? item.accountId : null],
  );
  const key = rows[0]?.key;
  return key === undefined ? undefined : { key, customerId: kind.customer ? item.accountId : null };
}
