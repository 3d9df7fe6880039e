import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/** Marks a value for a jsonb column (plain arrays are written as text[]). */
export class JsonValue {
  constructor(readonly value: unknown) {}
}
export const json = (value: unknown) => new JsonValue(value);

export type CopyValue = string | number | boolean | Date | null | undefined | readonly string[] | JsonValue;

/** One value in PostgreSQL's COPY text format. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof JsonValue) return escape(JSON.stringify(value.value));
  if (Array.isArray(value))
    return escape(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return escape(String(value));
}

function escape(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** Streams rows into a table with COPY, the fastest way PostgreSQL loads data. */
export async function copyRows(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly CopyValue[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const lines = rows.map((row) => row.map(copyField).join('\t') + '\n');
  const CHUNK = 2000;
  const chunks = function* () {
    for (let i = 0; i < lines.length; i += CHUNK) yield lines.slice(i, i + CHUNK).join('');
  };
  const target = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks()), target);
}

/** After rows were written with explicit ids, move the tables' identity sequences past them. */
export async function syncIdentitySequences(client: PoolClient, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
    );
  }
}
