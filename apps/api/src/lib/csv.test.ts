import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'])).toBe(
      `"'=HYPERLINK(""x"")","'+1","'-2","'@SUM(A1)"\r\n`,
    );
  });

  it('writes objects as JSON and dates as ISO 8601', () => {
    expect(csvLine([{ a: 1 }, new Date('2026-01-02T03:04:05Z')])).toBe(
      '"{""a"":1}",2026-01-02T03:04:05.000Z\r\n',
    );
  });
});
