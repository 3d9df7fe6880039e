import { describe, expect, it } from 'vitest';
import { topPageOf } from './top-page';

describe('topPageOf', () => {
  it('returns the deepest top-level page of the section', () => {
    expect(
      topPageOf([
        { pathname: '/tracking', handle: { activeAccount: true } },
        { pathname: '/tracking/files', handle: { topLevel: true } },
      ]),
    ).toBe('/tracking/files');
  });

  it('goes from a detail page to its list', () => {
    expect(
      topPageOf([
        { pathname: '/tracking', handle: {} },
        { pathname: '/tracking/files/12', handle: { fallback: '/tracking/files' } },
        { pathname: '/tracking/files/12/status-log', handle: {} },
      ]),
    ).toBe('/tracking/files');
  });

  it('stays on a page that is neither', () => {
    expect(topPageOf([{ pathname: '/account', handle: {} }])).toBe('/account');
  });
});
