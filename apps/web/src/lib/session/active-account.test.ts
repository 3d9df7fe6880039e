import { describe, expect, it } from 'vitest';
import { customerUser, GOTA, MALARDALEN } from '../access/route-access.fixtures';
import { resolveRequestedAccount } from './active-account';

describe('resolveRequestedAccount (spec 5: a number among the user’s customers)', () => {
  it.each([
    ['nothing asked', undefined, { requested: null, id: null, owned: false }],
    ['one of the user’s accounts', String(GOTA.id), { requested: String(GOTA.id), id: GOTA.id, owned: true }],
    [
      'another of them',
      String(MALARDALEN.id),
      { requested: String(MALARDALEN.id), id: MALARDALEN.id, owned: true },
    ],
    ['someone else’s account', '999', { requested: '999', id: 999, owned: false }],
    ['not a number', 'SE12', { requested: 'SE12', id: null, owned: false }],
    ['a negative number', '-1', { requested: '-1', id: null, owned: false }],
  ] as const)('%s', (_, raw, expected) => {
    expect(resolveRequestedAccount(customerUser, raw)).toEqual(expected);
  });

  it('owns nothing before the user is loaded', () => {
    expect(resolveRequestedAccount(undefined, String(GOTA.id)).owned).toBe(false);
  });
});
