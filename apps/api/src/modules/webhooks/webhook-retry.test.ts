import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, retryDelayMs } from './webhook-retry.ts';

describe('retryDelayMs', () => {
  it('triples the wait after every failure until the cap, without jitter in the middle', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, DEFAULT_RETRY_SCHEDULE, () => 0.5));
    expect(waits).toEqual([10_000, 30_000, 90_000, 270_000, 810_000, 2_430_000, 7_290_000, 10_800_000]);
  });

  it('spreads each wait by at most 20 % either way', () => {
    expect(retryDelayMs(2, DEFAULT_RETRY_SCHEDULE, () => 0)).toBe(24_000);
    expect(retryDelayMs(2, DEFAULT_RETRY_SCHEDULE, () => 1)).toBe(36_000);
  });

  it('keeps trying for the whole day: about fifteen attempts before the 24-hour window closes', () => {
    let elapsed = 0;
    let failures = 0;
    while (elapsed <= DEFAULT_RETRY_SCHEDULE.windowMs)
      elapsed += retryDelayMs(++failures, DEFAULT_RETRY_SCHEDULE, () => 0.5);
    expect(failures).toBeGreaterThanOrEqual(12);
    expect(failures).toBeLessThanOrEqual(16);
  });
});
