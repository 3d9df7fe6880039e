import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** A CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Passes PostgreSQL's CSV through with RFC 4180 line ends (CRLF; COPY writes LF) after a prefix
 * (the byte-order mark and the header row), and counts the records as they go by: a line feed
 * outside quotes ends one. A doubled quote inside a quoted cell toggles twice, so it needs no
 * special case.
 */
export class CsvRecords extends Transform {
  records = 0;
  private inQuotes = false;
  private prefix: Buffer | undefined;

  constructor(
    prefix: Buffer,
    private readonly onRecords: (records: number) => void = () => undefined,
  ) {
    super();
    this.prefix = prefix;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pushPrefix();
    const ends: number[] = [];
    let inQuotes = this.inQuotes;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === LF && !inQuotes && (i === 0 || chunk[i - 1] !== CR)) ends.push(i);
    }
    this.inQuotes = inQuotes;
    if (ends.length === 0) {
      done(null, chunk);
      return;
    }
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      at += chunk.copy(out, at, from, end);
      out[at++] = CR;
      from = end;
    }
    chunk.copy(out, at, from);
    this.records += ends.length;
    this.onRecords(this.records);
    done(null, out);
  }

  override _flush(done: TransformCallback): void {
    this.pushPrefix();
    done();
  }

  private pushPrefix() {
    if (!this.prefix) return;
    this.push(this.prefix);
    this.prefix = undefined;
  }
}
