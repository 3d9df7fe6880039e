import { describe, expect, it } from 'vitest';
import { nextRunAfter, periodOf } from './schedule-periods.ts';

describe('[REPORTS] schedule periods', () => {
  it.each([
    ['daily', '2026-11-20T12:00:00Z', '2026-11-21T03:00:00.000Z'],
    ['daily', '2026-11-20T02:59:00Z', '2026-11-20T03:00:00.000Z'],
    ['weekly', '2026-11-20T12:00:00Z', '2026-11-23T03:00:00.000Z'], // a Friday → Monday
    ['weekly', '2026-11-23T03:00:00Z', '2026-11-30T03:00:00.000Z'], // exactly at a run → the next one
    ['monthly', '2026-11-20T12:00:00Z', '2026-12-01T03:00:00.000Z'],
    ['monthly', '2026-12-31T23:00:00Z', '2027-01-01T03:00:00.000Z'],
  ] as const)('%s after %s runs at %s', (frequency, after, expected) => {
    expect(nextRunAfter(frequency, new Date(after)).toISOString()).toBe(expected);
  });

  it.each([
    ['daily', '2026-11-21T03:00:00Z', { from: '2026-11-20', to: '2026-11-20' }],
    ['weekly', '2026-11-23T03:00:00Z', { from: '2026-11-16', to: '2026-11-22' }],
    ['monthly', '2026-12-01T03:00:00Z', { from: '2026-11-01', to: '2026-11-30' }],
    ['monthly', '2027-01-01T03:00:00Z', { from: '2026-12-01', to: '2026-12-31' }],
    ['monthly', '2026-03-01T03:00:00Z', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('a %s run at %s reports on the period before', (frequency, runAt, period) => {
    expect(periodOf(frequency, new Date(runAt))).toEqual(period);
  });
});
