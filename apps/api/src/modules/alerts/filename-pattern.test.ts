import { describe, expect, it } from 'vitest';
import { toLikePattern } from './filename-pattern.ts';

describe('toLikePattern', () => {
  it.each([
    ['INV_*.xml', 'INV\\_%.xml'],
    ['report-??.csv', 'report-__.csv'],
    ['100%_done*', '100\\%\\_done%'],
    ['back\\slash?', 'back\\\\slash_'],
    ['*', '%'],
    ['exact.txt', 'exact.txt'],
  ])('%s → %s', (glob, like) => {
    expect(toLikePattern(glob)).toBe(like);
  });
});
