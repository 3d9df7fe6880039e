import { describe, expect, it } from 'vitest';
import { CachedValue } from './cached-value.ts';

describe('CachedValue', () => {
  const setUp = () => {
    let clock = 0;
    let computed = 0;
    const releases: (() => void)[] = [];
    const value = new CachedValue(
      () =>
        new Promise<number>((resolve) => {
          computed += 1;
          const result = computed;
          releases.push(() => resolve(result));
        }),
      15_000,
      () => clock,
    );
    return {
      value,
      computed: () => computed,
      finish: () => releases.shift()!(),
      advance: (ms: number) => (clock += ms),
    };
  };

  it('shares one computation among callers while it runs, and its result within the interval', async () => {
    const { value, computed, finish, advance } = setUp();
    const waiting = [value.get(), value.get(), value.get()];
    expect(computed()).toBe(1);
    finish();
    expect(await Promise.all(waiting)).toEqual([1, 1, 1]);
    advance(14_999);
    expect(await value.get()).toBe(1);
    expect(computed()).toBe(1);
  });

  it('computes again once the interval has passed', async () => {
    const { value, computed, finish, advance } = setUp();
    const first = value.get();
    finish();
    await first;
    advance(15_000);
    const second = value.get();
    finish();
    expect(await second).toBe(2);
    expect(computed()).toBe(2);
  });

  it('computes afresh after invalidate(), and does not keep a computation that began before it', async () => {
    const { value, computed, finish } = setUp();
    const before = value.get();
    value.invalidate();
    const after = value.get();
    expect(computed()).toBe(2);
    finish();
    finish();
    expect([await before, await after]).toEqual([1, 2]);
    expect(await value.get()).toBe(2);
    expect(computed()).toBe(2);
  });
});
