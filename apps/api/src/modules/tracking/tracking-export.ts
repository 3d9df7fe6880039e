import { Readable } from 'node:stream';
import { REPORT_MAX_RECORDS } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { defuseFormula } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { countUpTo, type ListQuery } from '../../lib/list-sql.ts';

/** Spec 8, the reports' limit, word for word. */
export const TOO_LARGE = 'This report is too large to generate. We have a limit of 1 000 000 records.';

/**
 * One CSV field. Text that a spreadsheet would run as a formula (=, +, -, @, tab, return) gets a
 * leading apostrophe (`defuseFormula`, the rule of every CSV the Hub writes): file names and
 * recipients come from outside and must stay text. Numbers stay numbers.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = defuseFormula(Array.isArray(value) ? value.join('|') : String(value));
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole filtered list as CSV (UTF-8 with a byte order mark, so spreadsheets read Nordic
 * letters), in the list's order, streamed batch by batch. More rows than the reports' limit are
 * refused before anything is sent: larger extracts are the reports feature's work.
 */
export async function exportCsv<Row extends Record<string, unknown>>(
  db: Database,
  query: ListQuery,
  columns: readonly (keyof Row & string)[],
  rows: (db: Database, query: ListQuery) => AsyncGenerator<Row[]>,
): Promise<Readable> {
  if ((await countUpTo(db.$client, query, REPORT_MAX_RECORDS)) > REPORT_MAX_RECORDS)
    throw badRequest(TOO_LARGE);
  async function* lines() {
    yield `\uFEFF${columns.join(',')}\r\n`;
    for await (const batch of rows(db, query)) {
      yield batch.map((row) => `${columns.map((c) => csvField(row[c])).join(',')}\r\n`).join('');
    }
  }
  return Readable.from(lines());
}
