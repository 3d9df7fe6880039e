import { describe, expect, it } from 'vitest';
import { daysAgo, errorsFirstFilters } from './edi-tracking-lists';

describe('errors first', () => {
  it('asks for ERROR and NOT_EXISTS since the day a week ago, in the user’s calendar', () => {
    expect(errorsFirstFilters(new Date(2026, 10, 22, 0, 30))).toEqual({
      status: 'ERROR,NOT_EXISTS',
      fromDate: '2026-11-15',
    });
  });

  it('counts back over month and year ends', () => {
    expect(daysAgo(7, new Date(2026, 2, 3))).toBe('2026-02-24');
    expect(daysAgo(7, new Date(2027, 0, 2, 23, 59))).toBe('2026-12-26');
  });
});
