import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Language, ReportFormat } from '@service-hub/contracts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { copyTextRows } from './copy-text-rows.ts';
import { csvCell, CsvRecords } from './csv-records.ts';
import { headerOf, type ReportQuery } from './report-columns.ts';

const BOM = '\uFEFF';

export type WrittenFile = { rows: number; sizeBytes: number };

export type WriteOptions = {
  client: PoolClient;
  query: ReportQuery;
  format: ReportFormat;
  language: Language;
  storage: FileStorage;
  key: string;
  /** Called as rows go by (often: throttle in the callee). */
  onRows: (rows: number) => void;
  signal: AbortSignal;
};

/**
 * Streams the report's rows from PostgreSQL into storage. CSV: PostgreSQL writes the CSV itself
 * (`COPY … TO STDOUT WITH (FORMAT csv)`), behind a UTF-8 byte-order mark and a header row in the
 * reader's language, so Excel shows Nordic letters right. XLSX: rows in COPY's text format go into
 * exceljs's streaming writer. Either way memory stays flat whatever the number of rows. The
 * client is left in an unknown state on failure: the caller discards it.
 */
export async function writeReportFile(options: WriteOptions): Promise<WrittenFile> {
  return options.format === 'XLSX' ? writeXlsx(options) : writeCsv(options);
}

async function writeCsv({ client, query, language, storage, key, onRows, signal }: WriteOptions) {
  const header = `${BOM}${headerOf(query.columns, language).map(csvCell).join(',')}\r\n`;
  const copy = client.query(copyTo(`COPY (${query.select}) TO STDOUT WITH (FORMAT csv, HEADER false)`));
  const records = new CsvRecords(Buffer.from(header, 'utf8'), onRows);
  const [, stored] = await Promise.all([pipeline(copy, records, { signal }), storage.put(key, records)]);
  return { rows: records.records, sizeBytes: stored.size };
}

async function writeXlsx({ client, query, language, storage, key, onRows, signal }: WriteOptions) {
  const copy = client.query(copyTo(`COPY (${query.select}) TO STDOUT`));
  const out = new PassThrough();
  const stored = storage.put(key, out);
  // A failed store must stop the loop below, which would otherwise wait for drain forever.
  const storeFailed = stored.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error),
  );
  storeFailed.catch(() => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(headerOf(query.columns, language)).commit();
  const numeric = query.columns.map((c) => c.type === 'number');
  let rows = 0;
  try {
    for await (const cells of copyTextRows(copy)) {
      signal.throwIfAborted();
      sheet.addRow(cells.map((cell, i) => (cell !== null && numeric[i] ? Number(cell) : cell))).commit();
      rows += 1;
      if (rows % 1000 === 0) onRows(rows);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain', { signal }), storeFailed]);
    }
    sheet.commit();
    await Promise.race([workbook.commit(), storeFailed]);
  } catch (error) {
    copy.destroy();
    out.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const { size } = await stored;
  onRows(rows);
  return { rows, sizeBytes: size };
}
