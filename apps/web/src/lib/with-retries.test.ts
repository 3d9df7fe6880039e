import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAYS_MS, withRetries } from './with-retries';

describe('withRetries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers at once what loads at once', async () => {
    const load = vi.fn(async () => 'chunk');
    expect(await withRetries(load)).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a pause when loading failed, and answers what then loaded', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('chunk');
    const loaded = withRetries(load);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await loaded).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up with the last failure once every pause has passed', async () => {
    let attempt = 0;
    const load = vi.fn(async () => {
      throw new Error(`attempt ${++attempt}`);
    });
    const loaded = withRetries(load, [10, 20]);
    const outcome = expect(loaded).rejects.toThrow('attempt 3');
    await vi.advanceTimersByTimeAsync(30);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
  });
});
