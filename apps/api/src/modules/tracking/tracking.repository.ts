import {
  DEFAULT_TIME_ZONE,
  type DocumentSort,
  type DocumentTextFilter,
  type FileSort,
  type FileTextFilter,
  type SortDirection,
  type TextFilterOperator,
  type TListTrackingDocumentsRequest,
  type TListTrackingFilesRequest,
  type TTrackingDocument,
  type TTrackingDocumentSummary,
  type TTrackingFile,
  type TTrackingFileSummary,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import {
  allRows,
  dateCondition,
  pagedQuery,
  SqlParams,
  textCondition,
  type ListQuery,
  type Page,
  type SortKey,
} from '../../lib/list-sql.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/* ------------------------------------------------------------------ files */

const FILE_TEXT_COLUMNS: Record<FileTextFilter, string> = {
  filename: 'f.filename',
  subCustomerId: 'f.sub_customer_id',
  customerAgreement: 'f.customer_agreement',
  application: 'f.application',
  itemReference: 'f.item_reference',
  senderName: 'f.sender_name',
  receiverName: 'f.receiver_name',
};

const flip = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/** Each sort follows an index of (customer_id, …); the id makes the order total. */
function fileSortKeys(sortBy: FileSort, direction: SortDirection | undefined): SortKey[] {
  switch (sortBy) {
    case 'arrivedAt': {
      const d = direction ?? 'desc';
      return [
        { expression: 'f.arrived_at', direction: d, type: 'timestamptz' },
        { expression: 'f.id', direction: d, type: 'int8' },
      ];
    }
    case 'status': {
      // Within a status the newest first, as in tracking_files_customer_status_arrived_idx.
      const d = direction ?? 'asc';
      return [
        { expression: 'f.status', direction: d, type: 'text' },
        { expression: 'f.arrived_at', direction: flip(d), type: 'timestamptz' },
        { expression: 'f.id', direction: flip(d), type: 'int8' },
      ];
    }
    case 'filename': {
      const d = direction ?? 'asc';
      return [
        { expression: 'lower(f.filename)', direction: d, type: 'text' },
        { expression: 'f.id', direction: d, type: 'int8' },
      ];
    }
    case 'documentCount': {
      const d = direction ?? 'asc';
      return [
        { expression: 'f.document_count', direction: d, type: 'int4' },
        { expression: 'f.id', direction: d, type: 'int8' },
      ];
    }
  }
}

type TextFilters<K extends string> = Partial<Record<K, string | undefined>> &
  Partial<Record<`${K}Operator`, TextFilterOperator | undefined>>;

function textConditions<K extends string>(
  params: SqlParams,
  columns: Record<K, string>,
  query: TextFilters<K>,
): string[] {
  const conditions: string[] = [];
  for (const name of Object.keys(columns) as K[]) {
    const value = query[name]?.trim();
    if (!value) continue;
    const operator = query[`${name}Operator` as `${K}Operator`] ?? 'contains';
    conditions.push(textCondition(params, columns[name], operator as TextFilterOperator, value));
  }
  return conditions;
}

const FILE_SUMMARY_COLUMNS = `f.id, f.filename, f.status, f.channels, f.arrived_at, f.document_count,
  f.sub_customer_id, f.customer_agreement, f.application, f.item_reference, f.sender_name,
  f.receiver_name, f.delivery_mode, f.last_step, f.last_step_at`;

type FileSummaryRow = {
  id: number;
  filename: string;
  status: TTrackingFileSummary['status'];
  channels: TTrackingFileSummary['channels'];
  arrived_at: Date;
  document_count: number;
  sub_customer_id: string | null;
  customer_agreement: string | null;
  application: string | null;
  item_reference: string | null;
  sender_name: string | null;
  receiver_name: string | null;
  delivery_mode: string | null;
  last_step: TTrackingFileSummary['lastStep'];
  last_step_at: Date | null;
};

const toFileSummary = (row: FileSummaryRow): TTrackingFileSummary => ({
  id: row.id,
  filename: row.filename,
  status: row.status,
  channels: row.channels,
  arrivedAt: row.arrived_at.toISOString(),
  documentCount: row.document_count,
  subCustomerId: row.sub_customer_id,
  customerAgreement: row.customer_agreement,
  application: row.application,
  itemReference: row.item_reference,
  senderName: row.sender_name,
  receiverName: row.receiver_name,
  deliveryMode: row.delivery_mode,
  lastStep: row.last_step,
  lastStepAt: iso(row.last_step_at),
});

/** The SQL of the account's files (those it sent) that match the filters, in the chosen order. */
export function filesQuery(customerId: number, query: TrackingFilesFilter): ListQuery {
  const params = new SqlParams();
  const conditions = [`f.customer_id = ${params.add(customerId)}`];
  if (query.status?.length) conditions.push(`f.status = ANY(${params.add(query.status)}::text[])`);
  if (query.channel?.length) conditions.push(`f.channels && ${params.add(query.channel)}::text[]`);
  const dates = dateCondition(params, 'f.arrived_at', query, query.timeZone ?? DEFAULT_TIME_ZONE);
  if (dates) conditions.push(dates);
  conditions.push(...textConditions(params, FILE_TEXT_COLUMNS, query));
  return {
    table: 'tracking_files',
    alias: 'f',
    partitionKey: 'arrived_at',
    conditions,
    params,
    keys: fileSortKeys(query.sortBy, query.sortDirection),
    columns: FILE_SUMMARY_COLUMNS,
  };
}

type TrackingFilesFilter = Omit<TListTrackingFilesRequest, 'page' | 'pageSize' | 'cursor'>;

/** A list request, or the server's own use of the list with a page of any size (the overview's few rows). */
type InternalListQuery<T extends { pageSize: number }> = Omit<T, 'pageSize'> & { pageSize: number };

export async function listFiles(
  db: Database,
  customerId: number,
  query: InternalListQuery<TListTrackingFilesRequest>,
): Promise<Page<TTrackingFileSummary>> {
  const page = await pagedQuery<FileSummaryRow>(db.$client, {
    ...filesQuery(customerId, query),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return { ...page, rows: page.rows.map(toFileSummary) };
}

/** Every matching file, in batches, for an export. */
export async function* allFiles(db: Database, query: ListQuery): AsyncGenerator<TTrackingFileSummary[]> {
  for await (const rows of allRows<FileSummaryRow>(db.$client, query)) yield rows.map(toFileSummary);
}

/* -------------------------------------------------------------- documents */

const DOCUMENT_TEXT_COLUMNS: Record<Exclude<DocumentTextFilter, 'filename'>, string> = {
  externalDocumentId: 'd.external_document_id',
  invoiceNumber: 'd.invoice_number',
  messageId: 'd.message_id',
  recipientName: 'd.recipient_name',
  eAddress: 'd.e_address',
};

function documentSortKeys(sortBy: DocumentSort, direction: SortDirection | undefined): SortKey[] {
  switch (sortBy) {
    case 'createdAt': {
      const d = direction ?? 'desc';
      return [
        { expression: 'd.created_at', direction: d, type: 'timestamptz' },
        { expression: 'd.id', direction: d, type: 'int8' },
      ];
    }
    case 'status': {
      const d = direction ?? 'asc';
      return [
        { expression: 'd.status', direction: d, type: 'text' },
        { expression: 'd.created_at', direction: flip(d), type: 'timestamptz' },
        { expression: 'd.id', direction: flip(d), type: 'int8' },
      ];
    }
    case 'externalDocumentId': {
      const d = direction ?? 'asc';
      return [
        { expression: 'd.external_document_id', direction: d, type: 'text' },
        { expression: 'd.id', direction: d, type: 'int8' },
      ];
    }
  }
}

const DOCUMENT_SUMMARY_COLUMNS = `d.id, d.file_id, file.filename, d.external_document_id, d.invoice_number,
  d.message_id, d.message_type, d.e_address, d.recipient_name, d.status, d.channels, d.created_at`;

type DocumentSummaryRow = {
  id: number;
  file_id: number;
  filename: string;
  external_document_id: string;
  invoice_number: string | null;
  message_id: string | null;
  message_type: string | null;
  e_address: string | null;
  recipient_name: string | null;
  status: TTrackingDocumentSummary['status'];
  channels: TTrackingDocumentSummary['channels'];
  created_at: Date;
};

const toDocumentSummary = (row: DocumentSummaryRow): TTrackingDocumentSummary => ({
  id: row.id,
  fileId: row.file_id,
  filename: row.filename,
  externalDocumentId: row.external_document_id,
  invoiceNumber: row.invoice_number,
  messageId: row.message_id,
  messageType: row.message_type,
  eAddress: row.e_address,
  recipientName: row.recipient_name,
  status: row.status,
  channels: row.channels,
  createdAt: row.created_at.toISOString(),
});

type TrackingDocumentsFilter = Omit<TListTrackingDocumentsRequest, 'page' | 'pageSize' | 'cursor'>;

/** The SQL of the account's documents that match the filters, in the chosen order. */
export function documentsQuery(customerId: number, query: TrackingDocumentsFilter): ListQuery {
  const params = new SqlParams();
  const customer = params.add(customerId);
  const conditions = [`d.customer_id = ${customer}`];
  if (query.fileId !== undefined) conditions.push(`d.file_id = ${params.add(query.fileId)}`);
  if (query.status?.length) conditions.push(`d.status = ANY(${params.add(query.status)}::text[])`);
  if (query.channel?.length) conditions.push(`d.channels && ${params.add(query.channel)}::text[]`);
  const dates = dateCondition(params, 'd.created_at', query, query.timeZone ?? DEFAULT_TIME_ZONE);
  if (dates) conditions.push(dates);
  conditions.push(...textConditions(params, DOCUMENT_TEXT_COLUMNS, query));
  const filename = query.filename?.trim();
  let countFrom: string | undefined;
  if (filename) {
    // The file name lives on the file: the account's matching files first (trigram index).
    const match = textCondition(params, 'mf.filename', query.filenameOperator ?? 'contains', filename);
    // Alone, it is counted from the files, each one's documents from its (file_id, file_arrived_at)
    // index, stopping at the count's limit: at 20 M documents a common word matched thousands of
    // files, and joining them to all the account's documents took 100–340 ms, this 30–50 ms. With
    // other filters on the documents too, many files may have none that match, and PostgreSQL's
    // own plan is the better one. (OFFSET 0 keeps the per-file lookup from being flattened into
    // that join.)
    if (conditions.length === 1) {
      countFrom = `tracking_files mf
        CROSS JOIN LATERAL (SELECT 1 FROM tracking_documents d
                             WHERE d.file_id = mf.id AND d.file_arrived_at = mf.arrived_at
                               AND d.customer_id = ${customer} OFFSET 0) d
        WHERE mf.customer_id = ${customer} AND ${match}`;
    }
    conditions.push(
      `d.file_id IN (SELECT mf.id FROM tracking_files mf WHERE mf.customer_id = ${customer} AND ${match})`,
    );
  }
  return {
    table: 'tracking_documents',
    alias: 'd',
    partitionKey: 'created_at',
    conditions,
    params,
    keys: documentSortKeys(query.sortBy, query.sortDirection),
    columns: DOCUMENT_SUMMARY_COLUMNS,
    joins: 'JOIN tracking_files file ON file.id = d.file_id AND file.arrived_at = d.file_arrived_at',
    countFrom,
  };
}

export async function listDocuments(
  db: Database,
  customerId: number,
  query: InternalListQuery<TListTrackingDocumentsRequest>,
): Promise<Page<TTrackingDocumentSummary>> {
  const page = await pagedQuery<DocumentSummaryRow>(db.$client, {
    ...documentsQuery(customerId, query),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  });
  return { ...page, rows: page.rows.map(toDocumentSummary) };
}

/** Every matching document, in batches, for an export. */
export async function* allDocuments(
  db: Database,
  query: ListQuery,
): AsyncGenerator<TTrackingDocumentSummary[]> {
  for await (const rows of allRows<DocumentSummaryRow>(db.$client, query)) yield rows.map(toDocumentSummary);
}

/* ---------------------------------------------------------------- details */

type FileRow = FileSummaryRow & {
  external_id: string | null;
  delivery_file_ids: string[];
  customer_name: string;
  customer_number: string;
  receiver_customer_name: string | null;
  receiver_customer_number: string | null;
  category: string | null;
  code: string | null;
  country_code: string | null;
  direction: string;
  envelopes: number;
  sheets: number;
  inserts: number;
  quantity: number;
  sender_street_address: string | null;
  sender_postal_code: string | null;
  sender_post_office: string | null;
  sender_country_code: string | null;
  receiver_street_address: string | null;
  receiver_postal_code: string | null;
  receiver_post_office: string | null;
  receiver_country_code: string | null;
  materials: TTrackingFile['materials'];
  delivery_channels: TTrackingFile['deliveryChannels'];
  status_log: {
    step: TTrackingFile['statusLog'][number]['step'];
    occurredAt: string;
    detail: string | null;
  }[];
};

/**
 * A file with its delivery per channel and status log, in one round trip, when the account sent
 * or receives it; undefined otherwise (whether or not the file exists).
 */
export async function findFileOfParty(
  db: Database,
  fileId: number,
  customerId: number,
): Promise<TTrackingFile | undefined> {
  const { rows } = await db.$client.query<FileRow>(
    `SELECT ${FILE_SUMMARY_COLUMNS}, f.external_id, f.delivery_file_ids, c.name AS customer_name,
            c.customer_number, rc.name AS receiver_customer_name, rc.customer_number AS receiver_customer_number,
            f.category, f.code, f.country_code, f.direction, f.envelopes, f.sheets, f.inserts, f.quantity,
            f.sender_street_address, f.sender_postal_code, f.sender_post_office, f.sender_country_code,
            f.receiver_street_address, f.receiver_postal_code, f.receiver_post_office, f.receiver_country_code,
            f.materials,
            coalesce((SELECT json_agg(json_build_object(
                        'channel', ch.channel, 'documents', ch.documents, 'pages', ch.pages,
                        'delivered', ch.delivered, 'rejected', ch.rejected,
                        'notDelivered', ch.not_delivered, 'pending', ch.pending) ORDER BY ch.channel)
                        FROM (SELECT dd.channel, count(*)::int AS documents, sum(dd.pages)::int AS pages,
                                     count(*) FILTER (WHERE dd.status = 'delivered')::int AS delivered,
                                     count(*) FILTER (WHERE dd.status = 'rejected')::int AS rejected,
                                     count(*) FILTER (WHERE dd.status = 'notDelivered')::int AS not_delivered,
                                     count(*) FILTER (WHERE dd.status = 'pending')::int AS pending
                                FROM tracking_documents d
                                JOIN delivery_documents dd
                                  ON dd.document_id = d.id AND dd.document_created_at = d.created_at
                               WHERE d.file_id = f.id AND d.file_arrived_at = f.arrived_at
                               GROUP BY dd.channel) ch), '[]') AS delivery_channels,
            coalesce((SELECT json_agg(json_build_object('step', e.step, 'occurredAt', e.occurred_at,
                                                        'detail', e.detail) ORDER BY e.occurred_at, e.id)
                        FROM tracking_file_events e
                       WHERE e.file_id = f.id AND e.file_arrived_at = f.arrived_at), '[]') AS status_log
       FROM tracking_files f
       JOIN customers c ON c.id = f.customer_id
       LEFT JOIN customers rc ON rc.id = f.receiver_customer_id
      WHERE f.id = $1 AND (f.customer_id = $2 OR f.receiver_customer_id = $2)`,
    [fileId, customerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...toFileSummary(row),
    externalId: row.external_id,
    deliveryFileIds: row.delivery_file_ids,
    customer: { name: row.customer_name, customerNumber: row.customer_number },
    receiverCustomer:
      row.receiver_customer_name && row.receiver_customer_number
        ? { name: row.receiver_customer_name, customerNumber: row.receiver_customer_number }
        : null,
    category: row.category,
    code: row.code,
    countryCode: row.country_code,
    direction: row.direction,
    envelopes: row.envelopes,
    sheets: row.sheets,
    inserts: row.inserts,
    quantity: row.quantity,
    sender: {
      name: row.sender_name,
      streetAddress: row.sender_street_address,
      postalCode: row.sender_postal_code,
      postOffice: row.sender_post_office,
      countryCode: row.sender_country_code,
    },
    receiver: {
      name: row.receiver_name,
      streetAddress: row.receiver_street_address,
      postalCode: row.receiver_postal_code,
      postOffice: row.receiver_post_office,
      countryCode: row.receiver_country_code,
    },
    materials: row.materials,
    deliveryChannels: row.delivery_channels,
    statusLog: row.status_log.map((e) => ({
      step: e.step,
      occurredAt: new Date(e.occurredAt).toISOString(),
      detail: e.detail,
    })),
  };
}

type DocumentRow = DocumentSummaryRow & {
  customer_name: string;
  customer_number: string;
  file_arrived_at: Date;
  deliveries: {
    channel: TTrackingDocument['deliveries'][number]['channel'];
    deliveryDocumentId: string;
    pages: number;
    status: TTrackingDocument['deliveries'][number]['status'];
    statusAt: string;
    rejectionReason: string | null;
    events: {
      status: TTrackingDocument['deliveries'][number]['status'];
      at: string;
      reason: string | null;
    }[];
  }[];
  steps: { step: TTrackingFile['statusLog'][number]['step']; at: string; detail: string | null }[];
};

/**
 * A document with its deliveries and one timeline across its file's steps and every channel's
 * reports, when the account sent or receives it; undefined otherwise.
 */
export async function findDocumentOfParty(
  db: Database,
  documentId: number,
  customerId: number,
): Promise<TTrackingDocument | undefined> {
  const { rows } = await db.$client.query<DocumentRow>(
    `SELECT ${DOCUMENT_SUMMARY_COLUMNS}, c.name AS customer_name, c.customer_number,
            file.arrived_at AS file_arrived_at,
            coalesce((SELECT json_agg(json_build_object(
                        'channel', dd.channel, 'deliveryDocumentId', dd.delivery_document_id,
                        'pages', dd.pages, 'status', dd.status, 'statusAt', dd.status_at,
                        'rejectionReason', dd.rejection_reason,
                        'events', coalesce((SELECT json_agg(json_build_object('status', ev.status,
                                              'at', ev.occurred_at, 'reason', ev.rejection_reason)
                                              ORDER BY ev.occurred_at, ev.id)
                                              FROM delivery_document_events ev
                                             WHERE ev.delivery_id = dd.id
                                               AND ev.document_created_at = dd.document_created_at), '[]'))
                        ORDER BY dd.status_at, dd.id)
                        FROM delivery_documents dd
                       WHERE dd.document_id = d.id AND dd.document_created_at = d.created_at), '[]') AS deliveries,
            coalesce((SELECT json_agg(json_build_object('step', e.step, 'at', e.occurred_at, 'detail', e.detail)
                                      ORDER BY e.occurred_at, e.id)
                        FROM tracking_file_events e
                       WHERE e.file_id = d.file_id AND e.file_arrived_at = d.file_arrived_at), '[]') AS steps
       FROM tracking_documents d
       JOIN tracking_files file ON file.id = d.file_id AND file.arrived_at = d.file_arrived_at
       JOIN customers c ON c.id = d.customer_id
      WHERE d.id = $1 AND (d.customer_id = $2 OR file.receiver_customer_id = $2)`,
    [documentId, customerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const at = (value: string) => new Date(value).toISOString();
  const timeline: TTrackingDocument['timeline'] = [
    ...row.steps.map((s) => ({ at: at(s.at), step: s.step, channel: null, status: null, detail: s.detail })),
    ...row.deliveries.flatMap((delivery) =>
      // Generated deliveries report once, ingested ones keep every report.
      (delivery.events.length > 0
        ? delivery.events
        : [{ status: delivery.status, at: delivery.statusAt, reason: delivery.rejectionReason }]
      ).map((event) => ({
        at: at(event.at),
        step: null,
        channel: delivery.channel,
        status: event.status,
        detail: event.reason,
      })),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    ...toDocumentSummary(row),
    customer: { name: row.customer_name, customerNumber: row.customer_number },
    fileArrivedAt: row.file_arrived_at.toISOString(),
    deliveries: row.deliveries.map(({ events: _events, ...delivery }) => ({
      ...delivery,
      statusAt: at(delivery.statusAt),
    })),
    timeline,
  };
}
