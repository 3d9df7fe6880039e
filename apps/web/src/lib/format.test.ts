import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

describe('formatDay', () => {
  it('writes a calendar day as each language writes it, short for an axis and long for reading', () => {
    const written = ['en-SE', 'sv', 'no', 'da', 'fi'].map((language) => [
      formatDay('2026-03-14', language, 'short'),
      formatDay('2026-03-14', language, 'long'),
    ]);
    expect(written).toEqual([
      ['14 Mar', '14 March 2026'],
      ['14 mars', '14 mars 2026'],
      ['14. mars', '14. mars 2026'],
      ['14. mar.', '14. marts 2026'],
      ['14.3.', '14. maaliskuuta 2026'],
    ]);
  });

  it('keeps the day whatever the time zone (the first and last day of a year)', () => {
    expect(formatDay('2026-01-01', 'en-SE', 'long')).toBe('1 January 2026');
    expect(formatDay('2026-12-31', 'en-SE', 'long')).toBe('31 December 2026');
  });
});
