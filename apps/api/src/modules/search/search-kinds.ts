import type { SearchMatchField, SearchResultKind } from '@service-hub/contracts';
import type { SearchScope } from './search-scope.ts';

/*
 * What the header search looks in: per kind, its table, the columns of a result, the accounts it
 * may read, and one branch per field it matches on (search.repository.ts runs them). docs/search.md
 * says why each field uses the index it uses.
 */

/** The search text in the forms the branches use. */
export type Text = {
  lower: string;
  prefix: string;
  contains: string;
  names: boolean;
  timeFrame: Date[] | null;
};

export type Row = {
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

export type Branch = {
  field: SearchMatchField;
  column: string;
  condition: string;
  /** Read only when the branch before it found nothing (the start, after the whole value). */
  unlessFoundBefore?: true;
};

export type KindQuery = {
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
 * user pasted even when many others start the same way. The whole value is read from a B-tree of
 * `(customer_id, lower(field))`: the ids' and the recipient's name's (`text_pattern_ops`,
 * migrations 0012, 0014, 0020, which answer the start too) and the file name's (0011; its start
 * comes from the list filter's trigram index, see fileNameStartsWith).
 */
const startsWith = (field: SearchMatchField, column: string): Branch[] => [
  { field, column, condition: `lower(${column}) = :lower` },
  { field, column, condition: `lower(${column}) LIKE :prefix` },
];

/**
 * The same for a file name, whose start is read only when the whole of it matched nothing: a
 * pasted file name is what the user is after, and its start costs a trigram search of the
 * account's files (50 ms for a long name at 5 M documents: its trigrams, "202", "let", are in
 * every file).
 */
const fileNameStartsWith = (column: string): Branch[] => {
  const [whole, start] = startsWith('filename', column);
  return [whole!, { ...start!, unlessFoundBefore: true }];
};

/**
 * A partner's name by its start only: a common word ("Nordic") is in thousands of names, and
 * proving that none equals it would recheck every one of them.
 */
const prefixOnly = (field: SearchMatchField, column: string): Branch[] => [
  { field, column, condition: `lower(${column}) LIKE :prefix` },
];

export const KINDS: KindQuery[] = [
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
    branches: () => fileNameStartsWith('f.filename'),
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
