import { StringDecoder } from 'node:string_decoder';

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

function unescapeField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}

/**
 * The rows of `COPY … TO STDOUT` in PostgreSQL's text format: one line per row, cells separated
 * by tabs, backslash escapes for tab, line feed and backslash, `\N` for NULL. Line feeds inside
 * cells are always escaped, so every raw line feed ends a row.
 */
export async function* copyTextRows(source: AsyncIterable<Buffer>): AsyncGenerator<(string | null)[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    const text = rest + decoder.write(chunk);
    let start = 0;
    let end = text.indexOf('\n', start);
    while (end !== -1) {
      yield text.slice(start, end).split('\t').map(unescapeField);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    rest = text.slice(start);
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest.split('\t').map(unescapeField);
}
