import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.ts';

describe('normalizeEmail', () => {
  it('lower-cases and trims', () => {
    expect(normalizeEmail('  Admin@Example.COM ')).toBe('admin@example.com');
  });

  it('folds compatibility characters (NFKC): full-width letters become ASCII', () => {
    expect(normalizeEmail('ａｄｍｉｎ@example.com')).toBe('admin@example.com');
  });

  it('keeps a dotted capital I distinct from a plain i, so it cannot stand in for another address', () => {
    expect(normalizeEmail('admİn@example.com')).not.toBe('admin@example.com');
    expect(normalizeEmail('admİn@example.com')).toBe(normalizeEmail('ADMİN@EXAMPLE.COM'));
  });
});
