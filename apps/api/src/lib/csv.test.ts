import { describe, expect, it } from 'vitest';
import { csvLine, defuseFormula, defuseFormulaSql, FORMULA_STARTS } from './csv.ts';

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

  it('defuses text starting with a tab or a carriage return too, and leaves numbers numbers', () => {
    expect(csvLine(['\tx', '\rx', -2, 1.5, '-2'])).toBe(`"'\tx","'\rx",-2,1.5,"'-2"\r\n`);
  });

  it('writes objects as JSON and dates as ISO 8601', () => {
    expect(csvLine([{ a: 1 }, new Date('2026-01-02T03:04:05Z')])).toBe(
      '"{""a"":1}",2026-01-02T03:04:05.000Z\r\n',
    );
  });
});

describe('the formula rule (OWASP: =, +, -, @, tab, carriage return)', () => {
  it('prefixes text starting with one of them with an apostrophe, and nothing else', () => {
    expect(FORMULA_STARTS).toEqual(['=', '+', '-', '@', '\t', '\r']);
    expect(['=1+2', '+46 70', '-1', '@SUM(A1)', '\tx', '\rx'].map(defuseFormula)).toEqual([
      "'=1+2",
      "'+46 70",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['', 'a=1', ' =1', "'=1", '\n=1', '＝1', 'Åsa'].map(defuseFormula)).toEqual([
      '',
      'a=1',
      ' =1',
      "'=1",
      '\n=1',
      '＝1',
      'Åsa',
    ]);
  });

  it('is the same rule in SQL: the first character’s code against the same characters', () => {
    expect(defuseFormulaSql('d.recipient_name')).toBe(
      "CASE WHEN ascii(d.recipient_name) IN (61, 43, 45, 64, 9, 13) THEN '''' || d.recipient_name ELSE d.recipient_name END",
    );
  });
});
