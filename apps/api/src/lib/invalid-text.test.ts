import { describe, expect, it } from 'vitest';
import { findInvalidText } from './invalid-text.ts';

describe('findInvalidText', () => {
  it('names every string, key or value, that holds U+0000 or an unpaired surrogate', () => {
    const body = { user: { firstName: 'An\u0000na', tags: ['ok', '\uD800'] }, ['k\u0000']: 1, emoji: '😀' };
    expect(findInvalidText('body', body).sort()).toEqual(['body', 'body.user.firstName', 'body.user.tags.1']);
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [field] = findInvalidText('body', deep);
    expect(field).toMatch(/^body(\.0)+…$/);
    expect(field!.length).toBeLessThanOrEqual(201);
  });
});
