import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekToasts, removeAllToasts, removeToast, showSuccess, showToast } from './toasts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    removeAllToasts();
    vi.useRealTimers();
  });

  it('hides a success toast after 3000 ms', () => {
    showSuccess('common.changesSaved');
    expect(peekToasts()).toHaveLength(1);
    vi.advanceTimersByTime(2999);
    expect(peekToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(peekToasts()).toHaveLength(0);
  });

  it('keeps a warning until it is closed, with its reference code', () => {
    const id = showToast({
      appearance: 'warning',
      message: 'common.systemFeedback.errorApi',
      referenceCode: 'REF-1',
    });
    vi.advanceTimersByTime(60_000);
    expect(peekToasts()).toEqual([expect.objectContaining({ id, temporary: false, referenceCode: 'REF-1' })]);
    removeToast(id);
    expect(peekToasts()).toHaveLength(0);
  });

  it('gives each toast its own time-based id and removes all at once', () => {
    const a = showToast({ appearance: 'warning', message: 'a' });
    const b = showToast({ appearance: 'warning', message: 'b' });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\d+-\d+$/);
    removeAllToasts();
    expect(peekToasts()).toHaveLength(0);
  });
});
