import {
  DEFAULT_TIME_ZONE,
  type EdiConsignmentSort,
  type EdiDocumentSort,
  type EdiMessageSort,
  type EdiTextFilter,
  type SortDirection,
  type TEdiConsignmentSummary,
  type TEdiDocumentSummary,
  type TEdiListFilter,
  type TEdiMessageSummary,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import {
  dateCondition,
  nextDay,
  pagedQuery,
  SqlParams,
  textCondition,
  type ListQuery,
  type Page,
  type SortKey,
} from '../../lib/list-sql.ts';

/*
 * The SQL of the EDI lists. Each list reads one table on an index of (customer_id, time, id):
 * documents and messages carry their consignment's account (and documents its direction), so the
 * default view never joins. Filters on the consignment's fields narrow by the account's matching
 * consignments first.
 */

type Paging = { page: number; pageSize: number; cursor?: string | undefined };
type Sorted<S> = { sortBy: S; sortDirection?: SortDirection | undefined };

const flip = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/** Newest first by a time; other keys ascending, newest first within them; the id makes it total. */
function sortKeys(alias: string, time: string, column: string | undefined, d?: SortDirection): SortKey[] {
  if (!column) {
    const direction = d ?? 'desc';
    return [
      { expression: `${alias}.${time}`, direction, type: 'timestamptz' },
      { expression: `${alias}.id`, direction, type: 'int8' },
    ];
  }
  const direction = d ?? 'asc';
  return [
    { expression: column, direction, type: 'text' },
    { expression: `${alias}.${time}`, direction: flip(direction), type: 'timestamptz' },
    { expression: `${alias}.id`, direction: flip(direction), type: 'int8' },
  ];
}

const scope = (params: SqlParams, column: string, customerIds: readonly number[]) =>
  customerIds.length === 1
    ? `${column} = ${params.add(customerIds[0])}`
    : `${column} = ANY(${params.add(customerIds)}::int[])`;

function textFilter(params: SqlParams, column: string, query: TEdiListFilter, name: EdiTextFilter) {
  const value = query[name]?.trim();
  if (!value) return undefined;
  return textCondition(params, column, query[`${name}Operator`] ?? 'contains', value);
}

/** fromDate and toDate are whole days of the user's time zone, both inclusive. */
function dates(params: SqlParams, column: string, query: TEdiListFilter) {
  const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
  if (query.fromDate) {
    return dateCondition(
      params,
      column,
      query.toDate
        ? { dateOperator: 'between', fromDate: query.fromDate, toDate: query.toDate }
        : { dateOperator: 'from', fromDate: query.fromDate },
      timeZone,
    );
  }
  if (query.toDate)
    return dateCondition(
      params,
      column,
      { dateOperator: 'before', fromDate: nextDay(query.toDate) },
      timeZone,
    );
  return undefined;
}

const CONSIGNMENT_TEXT: Partial<Record<EdiTextFilter, string>> = {
  senderName: 'c.sender_name',
  senderAddress: 'c.sender_address',
  receiverName: 'c.receiver_name',
  receiverAddress: 'c.receiver_address',
  filename: 'c.filename',
  consignmentId: 'c.consignment_id',
};

/** Conditions on the consignment's own fields, against alias `c`. */
function consignmentTextConditions(params: SqlParams, query: TEdiListFilter): string[] {
  return Object.entries(CONSIGNMENT_TEXT).flatMap(
    ([name, column]) => textFilter(params, column, query, name as EdiTextFilter) ?? [],
  );
}

/** `ref IN (the account's consignments whose document or message id matches)`. */
function childIdCondition(
  params: SqlParams,
  query: TEdiListFilter,
  customerIds: readonly number[],
  ref: string,
  name: 'documentId' | 'messageId',
): string | undefined {
  const table = name === 'documentId' ? 'edi_documents' : 'edi_messages';
  const column = name === 'documentId' ? 'x.document_id' : 'x.message_id';
  const match = textFilter(params, column, query, name);
  if (!match) return undefined;
  return `${ref} IN (SELECT x.consignment_ref FROM ${table} x WHERE ${scope(params, 'x.customer_id', customerIds)} AND ${match})`;
}

const listOf = (values: readonly string[] | undefined) => (values && values.length > 0 ? values : undefined);

/* ----------------------------------------------------------- consignments */

const CONSIGNMENT_COLUMNS = `c.id AS ref, c.consignment_id, c.customer_id, c.direction, c.status, c.filename, c.sender_name,
  c.receiver_name, c.received_at, c.delivered_at, c.error_message`;

type ConsignmentRow = {
  ref: number;
  consignment_id: string;
  customer_id: number;
  direction: TEdiConsignmentSummary['direction'];
  status: TEdiConsignmentSummary['status'];
  filename: string;
  sender_name: string;
  receiver_name: string;
  received_at: Date;
  delivered_at: Date | null;
  error_message: string | null;
};

export const toConsignmentSummary = (row: ConsignmentRow): TEdiConsignmentSummary => ({
  ref: Number(row.ref),
  consignmentId: row.consignment_id,
  customerId: row.customer_id,
  direction: row.direction,
  status: row.status,
  filename: row.filename,
  senderName: row.sender_name,
  receiverName: row.receiver_name,
  receivedAt: row.received_at.toISOString(),
  deliveredAt: row.delivered_at ? row.delivered_at.toISOString() : null,
  errorMessage: row.error_message,
});

const CONSIGNMENT_SORT_COLUMNS: Record<EdiConsignmentSort, string | undefined> = {
  receivedAt: undefined,
  status: 'c.status',
  filename: 'lower(c.filename)',
  consignmentId: 'c.consignment_id',
};

export function consignmentsQuery(
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiConsignmentSort>,
): ListQuery {
  const params = new SqlParams();
  const conditions = [scope(params, 'c.customer_id', customerIds)];
  const directions = listOf(query.directionType);
  if (directions) conditions.push(`c.direction = ANY(${params.add(directions)}::text[])`);
  const statuses = listOf(query.status);
  if (statuses) conditions.push(`c.status = ANY(${params.add(statuses)}::text[])`);
  const range = dates(params, 'c.received_at', query);
  if (range) conditions.push(range);
  conditions.push(...consignmentTextConditions(params, query));
  for (const name of ['documentId', 'messageId'] as const) {
    const condition = childIdCondition(params, query, customerIds, 'c.id', name);
    if (condition) conditions.push(condition);
  }
  const categories = listOf(query.category);
  if (categories) {
    // A consignment is of the categories its messages have.
    conditions.push(
      `EXISTS (SELECT 1 FROM edi_messages cm WHERE cm.consignment_ref = c.id AND cm.category = ANY(${params.add(categories)}::text[]))`,
    );
  }
  return {
    table: 'edi_consignments',
    alias: 'c',
    conditions,
    params,
    keys: sortKeys('c', 'received_at', CONSIGNMENT_SORT_COLUMNS[query.sortBy], query.sortDirection),
    columns: CONSIGNMENT_COLUMNS,
  };
}

export async function listConsignments(
  db: Database,
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiConsignmentSort> & Paging,
): Promise<Page<TEdiConsignmentSummary>> {
  const page = await pagedQuery<ConsignmentRow>(db.$client, {
    ...consignmentsQuery(customerIds, query),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return { ...page, rows: page.rows.map(toConsignmentSummary) };
}

/* ------------------------------------------------- documents and messages */

/** The account's consignments that match the consignment-level text filters, as a condition on `ref`. */
function parentCondition(
  params: SqlParams,
  query: TEdiListFilter,
  customerIds: readonly number[],
  ref: string,
): string | undefined {
  const matches = consignmentTextConditions(params, query);
  if (matches.length === 0) return undefined;
  return `${ref} IN (SELECT c.id FROM edi_consignments c WHERE ${scope(params, 'c.customer_id', customerIds)} AND ${matches.join(' AND ')})`;
}

function childListConditions(
  alias: 'd' | 'm',
  customerIds: readonly number[],
  query: TEdiListFilter,
): { params: SqlParams; conditions: string[] } {
  const params = new SqlParams();
  const conditions = [scope(params, `${alias}.customer_id`, customerIds)];
  const directions = listOf(query.directionType);
  if (directions) conditions.push(`${alias}.direction = ANY(${params.add(directions)}::text[])`);
  const statuses = listOf(query.status);
  if (statuses) conditions.push(`${alias}.status = ANY(${params.add(statuses)}::text[])`);
  const categories = listOf(query.category);
  if (categories) conditions.push(`${alias}.category = ANY(${params.add(categories)}::text[])`);
  const range = dates(params, `${alias}.created_at`, query);
  if (range) conditions.push(range);
  const parent = parentCondition(params, query, customerIds, `${alias}.consignment_ref`);
  if (parent) conditions.push(parent);
  const own = alias === 'd' ? 'documentId' : 'messageId';
  const ownMatch = textFilter(params, `${alias}.${alias === 'd' ? 'document_id' : 'message_id'}`, query, own);
  if (ownMatch) conditions.push(ownMatch);
  const other = alias === 'd' ? 'messageId' : 'documentId';
  const sibling = childIdCondition(params, query, customerIds, `${alias}.consignment_ref`, other);
  if (sibling) conditions.push(sibling);
  return { params, conditions };
}

const DOCUMENT_COLUMNS = `d.id AS document_ref, d.document_id, c.consignment_id, d.customer_id, d.direction, d.category, d.status, d.document_number,
  c.sender_name, c.receiver_name, c.filename, d.created_at, d.error_message`;

type DocumentRow = {
  /** The document's own id (`ref` is its consignment's where both are read). */
  document_ref: number;
  document_id: string;
  consignment_id: string;
  customer_id: number;
  direction: TEdiDocumentSummary['direction'];
  category: TEdiDocumentSummary['category'];
  status: TEdiDocumentSummary['status'];
  document_number: string | null;
  sender_name: string;
  receiver_name: string;
  filename: string;
  created_at: Date;
  error_message: string | null;
};

export const toDocumentSummary = (row: DocumentRow): TEdiDocumentSummary => ({
  ref: Number(row.document_ref),
  documentId: row.document_id,
  consignmentId: row.consignment_id,
  customerId: row.customer_id,
  direction: row.direction,
  category: row.category,
  status: row.status,
  documentNumber: row.document_number,
  senderName: row.sender_name,
  receiverName: row.receiver_name,
  filename: row.filename,
  createdAt: new Date(row.created_at).toISOString(),
  errorMessage: row.error_message,
});

const DOCUMENT_SORT_COLUMNS: Record<EdiDocumentSort, string | undefined> = {
  createdAt: undefined,
  status: 'd.status',
  documentId: 'd.document_id',
  category: 'd.category',
};

export function documentsQuery(
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiDocumentSort>,
): ListQuery {
  const { params, conditions } = childListConditions('d', customerIds, query);
  return {
    table: 'edi_documents',
    alias: 'd',
    conditions,
    params,
    keys: sortKeys('d', 'created_at', DOCUMENT_SORT_COLUMNS[query.sortBy], query.sortDirection),
    columns: DOCUMENT_COLUMNS,
    joins: 'JOIN edi_consignments c ON c.id = d.consignment_ref',
  };
}

export async function listDocuments(
  db: Database,
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiDocumentSort> & Paging,
): Promise<Page<TEdiDocumentSummary>> {
  const page = await pagedQuery<DocumentRow>(db.$client, {
    ...documentsQuery(customerIds, query),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return { ...page, rows: page.rows.map(toDocumentSummary) };
}

const MESSAGE_COLUMNS = `m.id AS message_ref, m.message_id, c.consignment_id, m.customer_id, m.direction, m.category, m.message_type, m.status,
  m.size_bytes, c.sender_name, c.receiver_name, c.filename, m.created_at, m.error_message`;

type MessageRow = {
  /** The message's own id (`ref` is its consignment's where both are read). */
  message_ref: number;
  message_id: string;
  consignment_id: string;
  customer_id: number;
  direction: TEdiMessageSummary['direction'];
  category: TEdiMessageSummary['category'];
  message_type: string;
  status: TEdiMessageSummary['status'];
  size_bytes: number;
  sender_name: string;
  receiver_name: string;
  filename: string;
  created_at: Date;
  error_message: string | null;
};

export const toMessageSummary = (row: MessageRow): TEdiMessageSummary => ({
  ref: Number(row.message_ref),
  messageId: row.message_id,
  consignmentId: row.consignment_id,
  customerId: row.customer_id,
  direction: row.direction,
  category: row.category,
  messageType: row.message_type,
  status: row.status,
  sizeBytes: row.size_bytes,
  senderName: row.sender_name,
  receiverName: row.receiver_name,
  filename: row.filename,
  createdAt: new Date(row.created_at).toISOString(),
  errorMessage: row.error_message,
});

const MESSAGE_SORT_COLUMNS: Record<EdiMessageSort, string | undefined> = {
  createdAt: undefined,
  status: 'm.status',
  messageId: 'm.message_id',
  category: 'm.category',
};

export function messagesQuery(
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiMessageSort>,
): ListQuery {
  const { params, conditions } = childListConditions('m', customerIds, query);
  return {
    table: 'edi_messages',
    alias: 'm',
    conditions,
    params,
    keys: sortKeys('m', 'created_at', MESSAGE_SORT_COLUMNS[query.sortBy], query.sortDirection),
    columns: MESSAGE_COLUMNS,
    joins: 'JOIN edi_consignments c ON c.id = m.consignment_ref',
  };
}

export async function listMessages(
  db: Database,
  customerIds: readonly number[],
  query: TEdiListFilter & Sorted<EdiMessageSort> & Paging,
): Promise<Page<TEdiMessageSummary>> {
  const page = await pagedQuery<MessageRow>(db.$client, {
    ...messagesQuery(customerIds, query),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return { ...page, rows: page.rows.map(toMessageSummary) };
}
