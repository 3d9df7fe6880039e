import { describe, expect, it } from 'vitest';
import { SUPPORT_CASE_MAX_ITEMS } from '@service-hub/contracts';
import { readAboutParam } from './about-items';

describe('readAboutParam', () => {
  it('reads kind:id pairs in their order', () => {
    expect(readAboutParam('trackingDocument:123,ediMessage:7')).toEqual({
      items: [
        { kind: 'trackingDocument', id: 123 },
        { kind: 'ediMessage', id: 7 },
      ],
      dropped: 0,
    });
  });

  it.each([
    ['an unknown kind', 'report:1'],
    ['an id that is not a number', 'trackingFile:abc'],
    ['a zero id', 'trackingFile:0'],
    ['an id of 16 digits', 'trackingFile:1234567890123456'],
    ['a pair without id', 'trackingFile'],
    ['a NUL character', 'trackingFile:1\u0000'],
  ])('drops %s and counts it', (_name, value) => {
    expect(readAboutParam(`trackingDocument:1,${value}`)).toEqual({
      items: [{ kind: 'trackingDocument', id: 1 }],
      dropped: 1,
    });
  });

  it('keeps an item once, nothing without the parameter, and at most the items of one case', () => {
    expect(readAboutParam('trackingFile:2,trackingFile:2').items).toHaveLength(1);
    expect(readAboutParam(null)).toEqual({ items: [], dropped: 0 });
    const many = Array.from({ length: SUPPORT_CASE_MAX_ITEMS + 2 }, (_, i) => `trackingFile:${i + 1}`).join(
      ',',
    );
    expect(readAboutParam(many)).toMatchObject({ dropped: 2 });
    expect(readAboutParam(many).items).toHaveLength(SUPPORT_CASE_MAX_ITEMS);
  });
});
