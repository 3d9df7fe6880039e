import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvCell, CsvRecords } from './csv-records.ts';

async function through(chunks: string[]) {
  const records = new CsvRecords(Buffer.from('H\r\n'));
  const out = await buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(records));
  return { text: out.toString('utf8'), records: records.records };
}

describe('[REPORTS] CSV records: RFC 4180 line ends and counting', () => {
  it('puts the prefix first, ends records with CRLF and counts them', async () => {
    expect(await through(['a,b\n', 'c,d\n'])).toEqual({ text: 'H\r\na,b\r\nc,d\r\n', records: 2 });
  });

  it('keeps line feeds inside quoted cells and counts only record ends, across chunk borders', async () => {
    const result = await through(['1,"Storgatan 1\n', '123 45 ""Övre""",x\n2,', '"a\nb",y\n']);
    expect(result.records).toBe(2);
    expect(result.text).toBe('H\r\n1,"Storgatan 1\n123 45 ""Övre""",x\r\n2,"a\nb",y\r\n');
  });

  it('writes the prefix even without rows', async () => {
    expect(await through([])).toEqual({ text: 'H\r\n', records: 0 });
  });

  it('quotes header cells only when needed', () => {
    expect(['Status', 'Toimitettu, osa hylätty', 'say "hi"'].map(csvCell)).toEqual([
      'Status',
      '"Toimitettu, osa hylätty"',
      '"say ""hi"""',
    ]);
  });
});
