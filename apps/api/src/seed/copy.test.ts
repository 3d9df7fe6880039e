import { describe, expect, it } from 'vitest';
import { copyField, json } from './copy.ts';

describe('copyField', () => {
  it('writes NULL, dates and numbers in COPY text format', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(copyField(42)).toBe('42');
  });

  it('escapes the characters that would break a row', () => {
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
  });

  it('writes text arrays and JSON values', () => {
    expect(copyField(['PF1-1', 'with "quote"'])).toBe('{"PF1-1","with \\\\"quote\\\\""}');
    expect(copyField([])).toBe('{}');
    expect(copyField(json([{ code: 'A' }]))).toBe('[{"code":"A"}]');
  });
});
