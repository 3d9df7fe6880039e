import { describe, expect, it } from 'vitest';
import { defuseFormulaSql } from '../../lib/csv.ts';
import { headerOf, reportQuery } from './report-columns.ts';

const base = {
  level: 'document',
  customerId: 7,
  from: '2026-10-01',
  to: '2026-10-31',
  market: 'FI',
  language: 'fi',
} as const;

describe('[REPORTS] the report query (COPY takes no parameters, so every value is a checked literal)', () => {
  it('scopes the rows to the account and the frame in its time zone, with the status in the reader’s words', () => {
    const query = reportQuery(base);
    expect(query.select).toContain('d.customer_id = 7 AND');
    expect(query.select).toContain(`('2026-10-01'::date::timestamp AT TIME ZONE 'Europe/Helsinki')`);
    expect(query.select).toContain(`WHEN 'Rejected' THEN 'Hylätty'`);
    expect(query.count).toContain('d.customer_id = 7 AND');
    expect(query.columns[0]!.header.fi).toBe('Dokumentin tunnus');
  });

  it.each(['file', 'document'] as const)(
    'writes every stored text of a %s report through the formula rule, numbers as they are',
    (level) => {
      const { columns } = reportQuery({ ...base, level });
      for (const column of columns) {
        const sql = column.sql;
        if (column.type === 'number') expect(sql).toMatch(/^[fd]\.[a-z_]+$/);
        else if (column.key === 'status')
          expect(sql).toContain(`ELSE ${defuseFormulaSql(`${level === 'file' ? 'f' : 'd'}.status`)} END`);
        else if (column.key === 'arrived' || column.key === 'created') expect(sql).toMatch(/^to_char\(/);
        else expect(sql).toBe(defuseFormulaSql(sql.slice('CASE WHEN ascii('.length, sql.indexOf(')'))));
      }
      const bare = reportQuery({ ...base, level }, { defuseFormulas: false });
      expect(bare.select).not.toContain('ascii(');
      expect(bare.columns.map((c) => c.key)).toEqual(columns.map((c) => c.key));
    },
  );

  it('has status words and headers that a spreadsheet reads as text in every language', () => {
    for (const language of ['en-SE', 'sv', 'no', 'da', 'fi'] as const) {
      for (const level of ['file', 'document'] as const) {
        const query = reportQuery({ ...base, level, language });
        const words = [...query.select.matchAll(/WHEN '[A-Za-z]+' THEN '([^']*)'/g)].map((m) => m[1]!);
        expect(words).toHaveLength(6);
        for (const word of [...words, ...headerOf(query.columns, language)])
          expect(word).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it.each([
    [{ customerId: 1.5 }, 'customer id must be an integer'],
    [{ from: "2026-10-01'; DROP TABLE reports; --" }, 'report days must be YYYY-MM-DD'],
    [{ to: '2026-10-31 00:00' }, 'report days must be YYYY-MM-DD'],
  ])('refuses %j', (change, message) => {
    expect(() => reportQuery({ ...base, ...change })).toThrow(message);
  });
});
