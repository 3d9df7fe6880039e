import type { Language, Market, ReportLevel, TrackingStatus } from '@service-hub/contracts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import { defuseFormula, defuseFormulaSql } from '../../lib/csv.ts';

/** A report column: its header in each language, the SQL that yields it, and its cell type. */
export type ReportColumn = {
  key: string;
  header: Record<Language, string>;
  /** SQL over `f` (tracking_files) and, at document level, `d` (tracking_documents). */
  sql: string;
  type: 'number' | 'text';
};

const STATUS_LABELS: Record<TrackingStatus, Record<Language, string>> = {
  Delivered: { 'en-SE': 'Delivered', sv: 'Levererad', no: 'Levert', da: 'Leveret', fi: 'Toimitettu' },
  DeliveredWithRejections: {
    'en-SE': 'Delivered with rejections',
    sv: 'Levererad med avvisningar',
    no: 'Levert med avvisninger',
    da: 'Leveret med afvisninger',
    fi: 'Toimitettu, osa hylätty',
  },
  NotDelivered: {
    'en-SE': 'Not delivered',
    sv: 'Ej levererad',
    no: 'Ikke levert',
    da: 'Ikke leveret',
    fi: 'Ei toimitettu',
  },
  PartiallyDelivered: {
    'en-SE': 'Partially delivered',
    sv: 'Delvis levererad',
    no: 'Delvis levert',
    da: 'Delvist leveret',
    fi: 'Osittain toimitettu',
  },
  PartiallyDeliveredWithRejections: {
    'en-SE': 'Partially delivered with rejections',
    sv: 'Delvis levererad med avvisningar',
    no: 'Delvis levert med avvisninger',
    da: 'Delvist leveret med afvisninger',
    fi: 'Osittain toimitettu, osa hylätty',
  },
  Rejected: { 'en-SE': 'Rejected', sv: 'Avvisad', no: 'Avvist', da: 'Afvist', fi: 'Hylätty' },
};

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Applied to every stored text a report writes: `defuseFormulaSql`, or nothing (the benchmark's baseline). */
type Guard = (sql: string) => string;

/**
 * The status in the reader's words, computed by PostgreSQL while it writes the rows. The words
 * pass the formula rule here, once; only an unknown status (the column's check forbids one) is
 * tested row by row.
 */
function statusSql(column: string, language: Language, guard: Guard): string {
  const cases = Object.entries(STATUS_LABELS)
    .map(([status, labels]) => `WHEN ${literal(status)} THEN ${literal(defuseFormula(labels[language]))}`)
    .join(' ');
  return `CASE ${column} ${cases} ELSE ${guard(column)} END`;
}

const h = (en: string, sv: string, no: string, da: string, fi: string): Record<Language, string> => ({
  'en-SE': en,
  sv,
  no,
  da,
  fi,
});

type ColumnTemplate = Omit<ReportColumn, 'sql'> & {
  sql: (language: Language, zone: string, guard: Guard) => string;
};

/**
 * Text cells, each safe from formulas (docs/reports.md): stored text through the guard, times as
 * `to_char` writes them (they start with the year's digits: no sign, even before Christ), the
 * status in words that pass the rule (`statusSql`). Numbers are numbers and stay as they are.
 */
const text = (column: string) => (_: Language, __: string, guard: Guard) => guard(column);
const time = (column: string) => (_: Language, zone: string) =>
  `to_char(${column} AT TIME ZONE ${literal(zone)}, 'YYYY-MM-DD HH24:MI:SS')`;
const status = (column: string) => (language: Language, _: string, guard: Guard) =>
  statusSql(column, language, guard);
const number = (column: string) => () => column;

const FILE_COLUMNS: ColumnTemplate[] = [
  {
    key: 'fileId',
    type: 'number',
    sql: number('f.id'),
    header: h('File ID', 'Fil-ID', 'Fil-ID', 'Fil-ID', 'Tiedoston tunnus'),
  },
  {
    key: 'filename',
    type: 'text',
    sql: text('f.filename'),
    header: h('File name', 'Filnamn', 'Filnavn', 'Filnavn', 'Tiedoston nimi'),
  },
  {
    key: 'status',
    type: 'text',
    sql: status('f.status'),
    header: h('Status', 'Status', 'Status', 'Status', 'Tila'),
  },
  {
    key: 'arrived',
    type: 'text',
    sql: time('f.arrived_at'),
    header: h('Arrived', 'Ankom', 'Ankom', 'Modtaget', 'Saapunut'),
  },
  {
    key: 'application',
    type: 'text',
    sql: text('f.application'),
    header: h('Application', 'Applikation', 'Applikasjon', 'Applikation', 'Sovellus'),
  },
  {
    key: 'category',
    type: 'text',
    sql: text('f.category'),
    header: h('Category', 'Kategori', 'Kategori', 'Kategori', 'Luokka'),
  },
  {
    key: 'documents',
    type: 'number',
    sql: number('f.document_count'),
    header: h('Documents', 'Dokument', 'Dokumenter', 'Dokumenter', 'Dokumentit'),
  },
  {
    key: 'envelopes',
    type: 'number',
    sql: number('f.envelopes'),
    header: h('Envelopes', 'Kuvert', 'Konvolutter', 'Kuverter', 'Kirjekuoret'),
  },
  {
    key: 'sheets',
    type: 'number',
    sql: number('f.sheets'),
    header: h('Sheets', 'Ark', 'Ark', 'Ark', 'Arkit'),
  },
  {
    key: 'inserts',
    type: 'number',
    sql: number('f.inserts'),
    header: h('Inserts', 'Bilagor', 'Vedlegg', 'Indstik', 'Liitteet'),
  },
  {
    key: 'deliveryMode',
    type: 'text',
    sql: text('f.delivery_mode'),
    header: h('Delivery mode', 'Leveranssätt', 'Leveringsmåte', 'Leveringsmåde', 'Toimitustapa'),
  },
  {
    key: 'quantity',
    type: 'number',
    sql: number('f.quantity'),
    header: h('Quantity', 'Antal', 'Antall', 'Antal', 'Määrä'),
  },
  {
    key: 'itemReference',
    type: 'text',
    sql: text('f.item_reference'),
    header: h('Item reference', 'Artikelreferens', 'Artikkelreferanse', 'Varereference', 'Nimikeviite'),
  },
  {
    key: 'sender',
    type: 'text',
    sql: text('f.sender_name'),
    header: h('Sender', 'Avsändare', 'Avsender', 'Afsender', 'Lähettäjä'),
  },
  {
    key: 'receiver',
    type: 'text',
    sql: text('f.receiver_name'),
    header: h('Receiver', 'Mottagare', 'Mottaker', 'Modtager', 'Vastaanottaja'),
  },
  {
    key: 'countryCode',
    type: 'text',
    sql: text('f.country_code'),
    header: h('Country', 'Land', 'Land', 'Land', 'Maa'),
  },
];

const DOCUMENT_COLUMNS: ColumnTemplate[] = [
  {
    key: 'documentId',
    type: 'number',
    sql: number('d.id'),
    header: h('Document ID', 'Dokument-ID', 'Dokument-ID', 'Dokument-ID', 'Dokumentin tunnus'),
  },
  {
    key: 'externalDocumentId',
    type: 'text',
    sql: text('d.external_document_id'),
    header: h(
      'External document ID',
      'Externt dokument-ID',
      'Eksternt dokument-ID',
      'Eksternt dokument-ID',
      'Ulkoinen dokumenttitunnus',
    ),
  },
  {
    key: 'invoiceNumber',
    type: 'text',
    sql: text('d.invoice_number'),
    header: h('Invoice number', 'Fakturanummer', 'Fakturanummer', 'Fakturanummer', 'Laskun numero'),
  },
  {
    key: 'messageId',
    type: 'text',
    sql: text('d.message_id'),
    header: h('Message ID', 'Meddelande-ID', 'Meldings-ID', 'Meddelelses-ID', 'Viestin tunnus'),
  },
  {
    key: 'messageType',
    type: 'text',
    sql: text('d.message_type'),
    header: h('Message type', 'Meddelandetyp', 'Meldingstype', 'Meddelelsestype', 'Viestityyppi'),
  },
  {
    key: 'eAddress',
    type: 'text',
    sql: text('d.e_address'),
    header: h('e-address', 'E-adress', 'E-adresse', 'E-adresse', 'Sähköinen osoite'),
  },
  {
    key: 'recipient',
    type: 'text',
    sql: text('d.recipient_name'),
    header: h('Recipient', 'Mottagare', 'Mottaker', 'Modtager', 'Vastaanottaja'),
  },
  {
    key: 'status',
    type: 'text',
    sql: status('d.status'),
    header: h('Status', 'Status', 'Status', 'Status', 'Tila'),
  },
  {
    key: 'created',
    type: 'text',
    sql: time('d.created_at'),
    header: h('Created', 'Skapad', 'Opprettet', 'Oprettet', 'Luotu'),
  },
  {
    key: 'fileId',
    type: 'number',
    sql: number('d.file_id'),
    header: h('File ID', 'Fil-ID', 'Fil-ID', 'Fil-ID', 'Tiedoston tunnus'),
  },
  {
    key: 'filename',
    type: 'text',
    sql: text('f.filename'),
    header: h('File name', 'Filnamn', 'Filnavn', 'Filnavn', 'Tiedoston nimi'),
  },
];

export type ReportQuery = {
  columns: ReportColumn[];
  /** SELECT of the rows in file order, for COPY (it takes no parameters: every value is a literal). */
  select: string;
  /** The same rows, counted. */
  count: string;
};

/**
 * The report's SQL. COPY accepts no bind parameters, so the values are inlined, each of a type
 * that cannot carry SQL: the customer id is an integer, the days are checked ISO dates, and the
 * time zone and words come from the tables above. Every stored text is written through
 * `defuseFormulaSql` (a cell starting with =, +, -, @, tab or CR gets a leading apostrophe), in
 * CSV and XLSX alike; `defuseFormulas: false` only serves the benchmark's bare baseline.
 */
export function reportQuery(
  report: {
    level: ReportLevel;
    customerId: number;
    from: string;
    to: string;
    market: Market;
    language: Language;
  },
  { defuseFormulas = true }: { defuseFormulas?: boolean } = {},
): ReportQuery {
  if (!Number.isInteger(report.customerId)) throw new Error('customer id must be an integer');
  for (const day of [report.from, report.to]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('report days must be YYYY-MM-DD');
  }
  const zone = MARKET_TIME_ZONES[report.market];
  const templates = report.level === 'file' ? FILE_COLUMNS : DOCUMENT_COLUMNS;
  const guard: Guard = defuseFormulas ? defuseFormulaSql : (sql) => sql;
  const columns = templates.map((c) => ({ ...c, sql: c.sql(report.language, zone, guard) }));
  // Start and end of the frame in the account's time zone, so the indexes on the time columns apply.
  const start = `(${literal(report.from)}::date::timestamp AT TIME ZONE ${literal(zone)})`;
  const end = `((${literal(report.to)}::date + 1)::timestamp AT TIME ZONE ${literal(zone)})`;
  const list = columns.map((c) => c.sql).join(', ');
  if (report.level === 'file') {
    const where = `f.customer_id = ${report.customerId} AND f.arrived_at >= ${start} AND f.arrived_at < ${end}`;
    return {
      columns,
      select: `SELECT ${list} FROM tracking_files f WHERE ${where} ORDER BY f.arrived_at, f.id`,
      count: `SELECT count(*)::int AS n FROM tracking_files f WHERE ${where}`,
    };
  }
  const where = `d.customer_id = ${report.customerId} AND d.created_at >= ${start} AND d.created_at < ${end}`;
  return {
    columns,
    select: `SELECT ${list} FROM tracking_documents d JOIN tracking_files f ON f.id = d.file_id AND f.arrived_at = d.file_arrived_at WHERE ${where} ORDER BY d.created_at, d.id`,
    count: `SELECT count(*)::int AS n FROM tracking_documents d WHERE ${where}`,
  };
}

/** The header row's words (through the formula rule like every other text cell). */
export function headerOf(columns: readonly ReportColumn[], language: Language): string[] {
  return columns.map((c) => defuseFormula(c.header[language]));
}
