import { describe, expect, it } from 'vitest';
import { reportQuery } from './report-columns.ts';

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

  it.each([
    [{ customerId: 1.5 }, 'customer id must be an integer'],
    [{ from: "2026-10-01'; DROP TABLE reports; --" }, 'report days must be YYYY-MM-DD'],
    [{ to: '2026-10-31 00:00' }, 'report days must be YYYY-MM-DD'],
  ])('refuses %j', (change, message) => {
    expect(() => reportQuery({ ...base, ...change })).toThrow(message);
  });
});
