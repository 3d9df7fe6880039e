/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection): =, +,
 * -, @, tab and carriage return. Every CSV the Hub writes follows this one rule: the lists and
 * exports through `defuseFormula`, the reports through `defuseFormulaSql` in PostgreSQL.
 */
export const FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/**
 * Text that a spreadsheet would run as a formula gets a leading apostrophe, so it stays text when
 * the file is opened. Only text: numbers are written as numbers (-5 stays -5).
 */
export function defuseFormula(text: string): string {
  return FORMULA_STARTS.includes(text.charAt(0)) ? `'${text}` : text;
}

/**
 * `defuseFormula` as an SQL expression over a text expression, for files PostgreSQL writes
 * itself (reports' COPY). `ascii()` answers the code of the first character (0 for '', NULL for
 * NULL, which stays NULL): an integer test, as cheap as reading the column.
 */
export function defuseFormulaSql(expression: string): string {
  const codes = FORMULA_STARTS.map((c) => c.charCodeAt(0)).join(', ');
  return `CASE WHEN ascii(${expression}) IN (${codes}) THEN '''' || ${expression} ELSE ${expression} END`;
}

/**
 * One CSV line (RFC 4180, comma-separated). Text cells that a spreadsheet would run as a formula
 * get a leading apostrophe (`defuseFormula`), so exported names cannot execute anything when the
 * file is opened (CSV injection).
 */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return JSON.stringify(value);
  const text = defuseFormula(
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value),
  );
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
