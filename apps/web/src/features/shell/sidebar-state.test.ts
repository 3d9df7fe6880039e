import { describe, expect, it } from 'vitest';
import { readSidebarCollapsed, sidebarRangeOf, storeSidebarCollapsed } from './sidebar-state';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('sidebar state', () => {
  it('names the window ranges: phone up to 480 px, mid-size up to 700 px, wide above', () => {
    expect([320, 480, 481, 700, 701, 1280].map(sidebarRangeOf)).toEqual([
      'mobile',
      'mobile',
      'mid',
      'mid',
      'wide',
      'wide',
    ]);
  });

  it('collapses to icons by default on mid-size windows only', () => {
    const storage = memoryStorage();
    expect(readSidebarCollapsed(storage, 'mid')).toBe(true);
    expect(readSidebarCollapsed(storage, 'wide')).toBe(false);
  });

  it("remembers the user's choice per range", () => {
    const storage = memoryStorage();
    storeSidebarCollapsed(storage, 'wide', true);
    storeSidebarCollapsed(storage, 'mid', false);
    expect(readSidebarCollapsed(storage, 'wide')).toBe(true);
    expect(readSidebarCollapsed(storage, 'mid')).toBe(false);
  });
});
