import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

describe('safeReturnPath', () => {
  it('keeps local paths with their query', () => {
    expect(safeReturnPath('/tracking/files?activeAccountId=3')).toBe('/tracking/files?activeAccountId=3');
  });

  it('refuses other sites and protocol-relative addresses', () => {
    expect(safeReturnPath('https://evil.example.com/')).toBe('/dashboard');
    expect(safeReturnPath('//evil.example.com/')).toBe('/dashboard');
    expect(safeReturnPath(null)).toBe('/dashboard');
  });
});
