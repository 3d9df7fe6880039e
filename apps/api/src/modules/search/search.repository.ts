import {
  SEARCH_NAME_MIN,
  SEARCH_RESULTS_PER_KIND,
  type SearchMatchField,
  type SearchResultKind,
  type TSearchGroup,
  type TSearchResult,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { like } from '../../lib/sql-like.ts';
import type { SearchScope } from './search-scope.ts';

/**
 * The header search: per kind, one statement of UNION ALL branches, one per field, each stopping
 * after a few rows. Every branch reads an index of (customer_id, lower(field)) within the accounts
 * the caller may open that kind in (search-scope.ts), so a search never reads another customer's
 * rows and never reads all of one account's. docs/search.md has the plans.
 */

type Text = {
  lower: string;
  exact: string;
  prefix: string;
  contains: string;
  names: boolean;
  timeFrame: Date[] | null;
};

/** Each branch takes one more row than is shown: enough to know that there are more. */
const BRANCH_LIMIT = SEARCH_RESULTS_PER_KIND + 1;

type Row = {
  id: string;
  key: string;
  consignment_id: string | null;
  title: string;
  detail: string | null;
  field: SearchMatchField;
  status: string | null;
  date: Date | null;
  customer_id: number | null;
};

type Branch = { field: SearchMatchField; column: string; condition: string };

type KindQuery = {
  kind: SearchResultKind;
  /** The accounts whose items of this kind the caller may see; null: not an account's (provider staff). */
  accounts: (scope: SearchScope) => number[] | null;
  /** The columns of a result row, `title` being the matched field (`%title`). */
  select: string;
  from: string;
  /** `alias.customer_id`, or null when the kind belongs to no account. */
  customer: string | null;
  branches: (text: Text) => Branch[];
  /** The internal id of an item, to keep it in the history and find it again, and its type. */
  key: string;
  keyType: 'bigint' | 'int' | 'uuid';
  /** What the item's page address names it by (and the consignment's id for EDI items below one). */
  routeId: { column: string; type: 'bigint' | 'int' | 'uuid' | 'text'; consignment?: string };
  /** The field that names an item in the history. */
  nameField: Omit<Branch, 'condition'>;
};

/**
 * A field found by its start, and first by the whole of it: the exact branch finds the item the
 * user pasted even when many others start the same way. For B-tree indexes of
 * `(customer_id, lower(field) text_pattern_ops)`: the ids' (migrations 0012, 0014) and the
 * recipient's name (0020).
 */
const startsWith = (field: SearchMatchField, column: string): Branch[] => [
  { field, column, condition: `lower(${column}) = :lower` },
  { field, column, condition: `lower(${column}) LIKE :prefix` },
];

/**
 * A file name, by the per-account trigram index of the list filter: equality is written as a LIKE
 * without wildcards, which that index answers (PostgreSQL plans `=` there as a scan of the whole
 * account). A whole file name is rare enough among an account's files for the recheck to be cheap.
 */
const nameStartsWith = (field: SearchMatchField, column: string): Branch[] => [
  { field, column, condition: `lower(${column}) LIKE :exact` },
  { field, column, condition: `lower(${column}) LIKE :prefix` },
];

/**
 * A partner's name by its start only: a common word ("Nordic") is in thousands of names, and
 * proving that none equals it would recheck every one of them.
 */
const prefixOnly = (field: SearchMatchField, column: string): Branch[] => [
  { field, column, condition: `lower(${column}) LIKE :prefix` },
];

const KINDS: KindQuery[] = [
  {
    kind: 'trackingDocument',
    accounts: (s) => s.service.STT,
    select: `d.id::text AS id, NULL::text AS consignment_id, %title AS title,
             concat_ws(' · ', nullif(d.external_document_id, %title), d.recipient_name) AS detail,
             d.status, d.created_at AS date, d.customer_id`,
    from: 'tracking_documents d',
    customer: 'd.customer_id',
    branches: (text) => [
      ...startsWith('externalDocumentId', 'd.external_document_id'),
      ...startsWith('invoiceNumber', 'd.invoice_number'),
      ...startsWith('messageId', 'd.message_id'),
      // Found whole only: an address is not typed by halves (B-tree of migration 0020).
      { field: 'eAddress', column: 'd.e_address', condition: 'lower(d.e_address) = :lower' },
      ...(text.names ? startsWith('recipientName', 'd.recipient_name') : []),
    ],
    key: 'd.id',
    keyType: 'bigint',
    routeId: { column: 'd.id', type: 'bigint' },
    nameField: { field: 'externalDocumentId', column: 'd.external_document_id' },
  },
  {
    kind: 'trackingFile',
    accounts: (s) => s.service.STT,
    select: `f.id::text AS id, NULL::text AS consignment_id, %title AS title,
             concat_ws(' · ', f.application, f.document_count::text) AS detail,
             f.status, f.arrived_at AS date, f.customer_id`,
    from: 'tracking_files f',
    customer: 'f.customer_id',
    branches: () => nameStartsWith('filename', 'f.filename'),
    key: 'f.id',
    keyType: 'bigint',
    routeId: { column: 'f.id', type: 'bigint' },
    nameField: { field: 'filename', column: 'f.filename' },
  },
  {
    kind: 'ediConsignment',
    accounts: (s) => s.service.ETS,
    select: `c.consignment_id AS id, NULL::text AS consignment_id, %title AS title,
             concat_ws(' → ', c.sender_name, c.receiver_name) AS detail,
             c.status, c.received_at AS date, c.customer_id`,
    from: 'edi_consignments c',
    customer: 'c.customer_id',
    branches: (text) => [
      ...startsWith('consignmentId', 'c.consignment_id'),
      ...(text.names
        ? [...prefixOnly('senderName', 'c.sender_name'), ...prefixOnly('receiverName', 'c.receiver_name')]
        : []),
    ],
    key: 'c.id',
    keyType: 'bigint',
    routeId: { column: 'c.consignment_id', type: 'text' },
    nameField: { field: 'consignmentId', column: 'c.consignment_id' },
  },
  {
    kind: 'ediMessage',
    accounts: (s) => s.service.ETS,
    select: `m.message_id AS id, c.consignment_id, %title AS title,
             concat_ws(' · ', m.message_type, concat_ws(' → ', c.sender_name, c.receiver_name)) AS detail,
             m.status, m.created_at AS date, m.customer_id`,
    from: 'edi_messages m JOIN edi_consignments c ON c.id = m.consignment_ref',
    customer: 'm.customer_id',
    branches: () => startsWith('messageId', 'm.message_id'),
    key: 'm.id',
    keyType: 'bigint',
    routeId: { column: 'm.message_id', type: 'text', consignment: 'c.consignment_id' },
    nameField: { field: 'messageId', column: 'm.message_id' },
  },
  {
    kind: 'ediDocument',
    accounts: (s) => s.service.ETS,
    select: `d.document_id AS id, c.consignment_id, %title AS title,
             concat_ws(' · ', d.document_number, concat_ws(' → ', c.sender_name, c.receiver_name)) AS detail,
             d.status, d.created_at AS date, d.customer_id`,
    from: 'edi_documents d JOIN edi_consignments c ON c.id = d.consignment_ref',
    customer: 'd.customer_id',
    branches: () => startsWith('documentId', 'd.document_id'),
    key: 'd.id',
    keyType: 'bigint',
    routeId: { column: 'd.document_id', type: 'text', consignment: 'c.consignment_id' },
    nameField: { field: 'documentId', column: 'd.document_id' },
  },
  {
    kind: 'supportCase',
    accounts: (s) => s.service.SUP,
    select: `s.id::text AS id, NULL::text AS consignment_id, %title AS title,
             CASE WHEN %title = s.title THEN s.case_number ELSE s.title END AS detail,
             s.status, s.updated AS date, s.customer_id`,
    from: 'support_cases s',
    customer: 's.customer_id',
    branches: (text) => [
      ...startsWith('caseNumber', 's.case_number'),
      // Words anywhere in the subject (trigram index on the title).
      ...(text.names
        ? [{ field: 'subject' as const, column: 's.title', condition: 's.title ILIKE :contains' }]
        : []),
    ],
    key: 's.id',
    keyType: 'bigint',
    routeId: { column: 's.id', type: 'bigint' },
    nameField: { field: 'caseNumber', column: 's.case_number' },
  },
  {
    kind: 'report',
    accounts: (s) => s.service.STT,
    select: `r.id::text AS id, NULL::text AS consignment_id,
             r.from_date::text || ' – ' || r.to_date::text AS title, r.level AS detail,
             r.status, r.created AS date, r.customer_id`,
    from: 'reports r',
    customer: 'r.customer_id',
    // A date or a month ("2026-11") finds the reports whose time frame covers it.
    branches: (text) =>
      text.timeFrame
        ? [
            {
              field: 'timeFrame',
              column: 'r.from_date',
              condition: 'r.from_date < :to AND r.to_date >= :from',
            },
          ]
        : [],
    key: 'r.id',
    keyType: 'uuid',
    routeId: { column: 'r.id', type: 'uuid' },
    nameField: { field: 'timeFrame', column: 'r.from_date' },
  },
  {
    kind: 'customer',
    accounts: () => null,
    select: `c.id::text AS id, NULL::text AS consignment_id, %title AS title,
             CASE WHEN %title = c.name THEN c.customer_number ELSE c.name END AS detail,
             NULL::text AS status, NULL::timestamptz AS date, NULL::int AS customer_id`,
    from: 'customers c',
    customer: null,
    branches: (text) => [
      ...startsWith('customerNumber', 'c.customer_number'),
      ...(text.names
        ? [{ field: 'customerName' as const, column: 'c.name', condition: 'c.name ILIKE :contains' }]
        : []),
    ],
    key: 'c.id',
    keyType: 'int',
    routeId: { column: 'c.id', type: 'int' },
    nameField: { field: 'customerName', column: 'c.name' },
  },
  {
    kind: 'user',
    accounts: () => null,
    select: `u.id::text AS id, NULL::text AS consignment_id, %title AS title,
             CASE WHEN %title = u.email THEN u.display_name ELSE u.email END AS detail,
             CASE WHEN u.enabled THEN 'enabled' ELSE 'disabled' END AS status,
             NULL::timestamptz AS date, NULL::int AS customer_id`,
    from: 'users u',
    customer: null,
    branches: (text) => [
      ...startsWith('email', 'u.email'),
      ...(text.names
        ? [
            {
              field: 'userName' as const,
              column: 'u.display_name',
              condition: 'u.display_name ILIKE :contains',
            },
          ]
        : []),
    ],
    key: 'u.id',
    keyType: 'uuid',
    routeId: { column: 'u.id', type: 'uuid' },
    nameField: { field: 'userName', column: 'u.display_name' },
  },
];

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
    exact: escaped,
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
  const branches = kind.branches(text).map(
    (branch) =>
      `(SELECT ${kind.select.replaceAll('%title', branch.column)}, '${branch.field}' AS field, ${kind.key}::text AS key
          FROM ${kind.from} WHERE ${scoped(branch.condition)} LIMIT ${BRANCH_LIMIT})`,
  );
  if (branches.length === 0) return null;
  const [from, to] = text.timeFrame ?? [null, null];
  return bind(branches.join('\nUNION ALL\n'), {
    accounts: allowed,
    lower: text.lower,
    exact: text.exact,
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
