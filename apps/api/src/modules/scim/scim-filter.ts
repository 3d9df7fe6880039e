import { parse, type Filter } from 'scim2-parse-filter';
import { like } from '../../lib/sql-like.ts';
import { invalidFilter } from './scim-errors.ts';

/**
 * SCIM filters (RFC 7644 3.4.2.2) become parameterised SQL: the filter is parsed by
 * scim2-parse-filter, and only this file's attribute table decides which columns a filter may
 * touch. A value never becomes SQL text; it always travels as a parameter.
 */

export type AttributeKind = 'string' | 'boolean' | 'dateTime';

export type FilterColumn = {
  /** The SQL expression of the attribute, in the resource query's aliases. */
  sql: string;
  kind: AttributeKind;
  /** RFC 7643 caseExact: false compares in lower case (userName, emails, displayName). */
  caseExact: boolean;
  /** A multi-valued attribute kept in rows of its own: compared inside EXISTS over `scopes[scope]`. */
  scope?: string;
};

export type FilterSchema = {
  /** Lower-case attribute paths (`username`, `name.givenname`, `emails.value`). */
  attributes: Record<string, FilterColumn>;
  /** Correlated sub-queries of multi-valued attributes, to which the comparison is appended with AND. */
  scopes?: Record<string, string>;
};

/** Longer filters than this are not what a directory sends; they only cost parsing. */
export const MAX_FILTER_LENGTH = 2000;
/** Comparisons and logical operators in one filter. */
const MAX_FILTER_NODES = 40;

const URN_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:user|group):/i;

/** Parses a filter; anything the parser refuses is RFC 7644's `invalidFilter`. */
export function parseScimFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter('The filter is too long.');
  try {
    return parse(text);
  } catch {
    throw invalidFilter();
  }
}

type Context = { schema: FilterSchema; params: unknown[]; nodes: number };

function columnOf(ctx: Context, path: string, prefix: string | undefined): FilterColumn {
  const name = `${prefix ? `${prefix}.` : ''}${path.replace(URN_PREFIX, '')}`.toLowerCase();
  // A multi-valued attribute named without a sub-attribute means its `value` (RFC 7644 3.4.2.2).
  const column = ctx.schema.attributes[name] ?? ctx.schema.attributes[`${name}.value`];
  if (!column) throw invalidFilter('The filter names an attribute that cannot be filtered on.');
  return column;
}

const param = (ctx: Context, value: unknown) => `$${ctx.params.push(value)}`;

/** The comparison of one attribute with one value, or `pr`. */
function comparison(ctx: Context, node: Filter, prefix: string | undefined, inScope: string | undefined) {
  if (!('attrPath' in node) || node.op === '[]') throw invalidFilter();
  const column = columnOf(ctx, node.attrPath, prefix);
  const sql = compare(ctx, column, node);
  if (column.scope && column.scope !== inScope) {
    const scope = ctx.schema.scopes?.[column.scope];
    if (!scope) throw invalidFilter();
    return `EXISTS (${scope} AND ${sql})`;
  }
  return sql;
}

function compare(ctx: Context, column: FilterColumn, node: Extract<Filter, { attrPath: string }>): string {
  if (node.op === 'pr')
    return column.kind === 'string'
      ? `(${column.sql} IS NOT NULL AND ${column.sql} <> '')`
      : `${column.sql} IS NOT NULL`;
  if (!('compValue' in node)) throw invalidFilter();
  const value = node.compValue;
  if (value === null) {
    if (node.op === 'eq') return `${column.sql} IS NULL`;
    if (node.op === 'ne') return `${column.sql} IS NOT NULL`;
    throw invalidFilter();
  }
  if (column.kind === 'boolean') {
    if (typeof value !== 'boolean' || (node.op !== 'eq' && node.op !== 'ne')) throw invalidFilter();
    return `${column.sql} ${node.op === 'eq' ? '=' : 'IS DISTINCT FROM'} ${param(ctx, value)}`;
  }
  if (typeof value !== 'string') throw invalidFilter();
  if (column.kind === 'dateTime') {
    if (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw invalidFilter();
    const operator = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }[node.op as string];
    if (!operator) throw invalidFilter();
    return `${column.sql} ${operator} ${param(ctx, new Date(value).toISOString())}::timestamptz`;
  }
  // Strings: caseExact=false compares lower case on both sides, which the lower() indexes serve.
  const left = column.caseExact ? column.sql : `lower(${column.sql})`;
  const right = (sql: string) => (column.caseExact ? sql : `lower(${sql})`);
  switch (node.op) {
    case 'eq':
      return `${left} = ${right(param(ctx, value))}`;
    case 'ne':
      return `${left} IS DISTINCT FROM ${right(param(ctx, value))}`;
    case 'co':
      return `${left} LIKE ${right(param(ctx, `%${like(value) ?? ''}%`))}`;
    case 'sw':
      return `${left} LIKE ${right(param(ctx, `${like(value) ?? ''}%`))}`;
    case 'ew':
      return `${left} LIKE ${right(param(ctx, `%${like(value) ?? ''}`))}`;
    case 'gt':
      return `${left} > ${right(param(ctx, value))}`;
    case 'ge':
      return `${left} >= ${right(param(ctx, value))}`;
    case 'lt':
      return `${left} < ${right(param(ctx, value))}`;
    case 'le':
      return `${left} <= ${right(param(ctx, value))}`;
    default:
      throw invalidFilter();
  }
}

function translate(ctx: Context, node: Filter, prefix?: string, inScope?: string): string {
  if ((ctx.nodes += 1) > MAX_FILTER_NODES) throw invalidFilter('The filter has too many conditions.');
  switch (node.op) {
    case 'and':
    case 'or':
      return `(${node.filters.map((f) => translate(ctx, f, prefix, inScope)).join(` ${node.op.toUpperCase()} `)})`;
    case 'not':
      return `NOT (${translate(ctx, node.filter, prefix, inScope)})`;
    case '[]': {
      if (prefix) throw invalidFilter('A filter inside brackets cannot have brackets of its own.');
      const attribute = node.attrPath.replace(URN_PREFIX, '').toLowerCase();
      const scope = ctx.schema.scopes?.[attribute];
      const inner = translate(ctx, node.valFilter, attribute, scope ? attribute : undefined);
      return scope ? `EXISTS (${scope} AND ${inner})` : `(${inner})`;
    }
    default:
      return comparison(ctx, node, prefix, inScope);
  }
}

/**
 * The SQL condition of a parsed filter, its parameters numbered from `firstParam` (the caller's
 * own parameters come first). Throws `invalidFilter` for attributes or operators the schema has not.
 */
export function filterToSql(
  filter: Filter,
  schema: FilterSchema,
  firstParam = 1,
): { sql: string; params: unknown[] } {
  const params: unknown[] = new Array<unknown>(firstParam - 1);
  const ctx: Context = { schema, params, nodes: 0 };
  const sql = translate(ctx, filter);
  return { sql, params: params.slice(firstParam - 1) };
}
