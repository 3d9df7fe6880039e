import { describe, expect, it } from 'vitest';
import { csvField } from './tracking-export.ts';

describe('csvField', () => {
  it.each([
    [null, ''],
    ['plain', 'plain'],
    ['Göta Bostäder AB', 'Göta Bostäder AB'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+46 70', "'+46 70"],
    ['-1', "'-1"],
    ['@sum', "'@sum"],
    [['email', 'print'], 'email|print'],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    [42, '42'],
    [-42, '-42'],
  ])('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
