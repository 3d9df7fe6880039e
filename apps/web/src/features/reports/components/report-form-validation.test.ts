import { describe, expect, it } from 'vitest';
import { serverFieldMessages, validateReportForm } from './report-form-validation';

const TODAY = '2026-11-22';
const valid = { level: 'file', from: '2026-10-01', to: '2026-11-01', format: 'CSV' as const };

describe('the report form’s check (the contract’s rules, spec 5)', () => {
  it('accepts a selection with a valid time frame', () => {
    expect(validateReportForm(valid, TODAY)).toEqual({});
  });

  it.each([
    [{ level: '' }, 'level', 'reports.errors.selectReport'],
    [{ from: '' }, 'from', 'reports.errors.dateRequired'],
    [{ from: '1.10.2026' }, 'from', 'reports.errors.invalidDate'],
    [{ from: '2026-11-02' }, 'to', 'reports.errors.endBeforeStart'],
    [{ from: '2025-01-01' }, 'to', 'reports.errors.dateRangeTooLong'],
    [{ to: '2026-11-23' }, 'to', 'reports.errors.dateTooLate'],
  ])('%j → %s: %s', (change, field, key) => {
    expect(validateReportForm({ ...valid, ...change }, TODAY)[field]?.key).toBe(key);
  });

  it('names the numbers of the message', () => {
    expect(validateReportForm({ ...valid, from: '2025-01-01' }, TODAY).to?.values).toEqual({ days: 366 });
    expect(validateReportForm({ ...valid, to: '2026-12-01' }, TODAY).to?.values).toEqual({ maximum: TODAY });
  });

  it('words the server’s field errors the same way', () => {
    expect(
      serverFieldMessages([
        { field: 'body.level', code: 'invalidValue', message: 'Invalid option' },
        { field: 'body.to', code: 'tooBig', message: 'late', params: { maximum: TODAY } },
      ]),
    ).toEqual({
      level: { key: 'reports.errors.selectReport' },
      to: { key: 'reports.errors.dateTooLate', values: { maximum: TODAY } },
    });
  });
});
