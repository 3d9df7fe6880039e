import { describe, expect, it } from 'vitest';
import { BERGEN, GOTA, MALARDALEN } from '../../../lib/access/route-access.fixtures';
import { groupAccounts } from './account-switcher';

describe('groupAccounts', () => {
  it('groups accounts by name, sorted by name', () => {
    const second = { ...GOTA, id: 9, customerNumber: 'NO900' };
    expect(
      groupAccounts([MALARDALEN, second, BERGEN, GOTA]).map((g) => [g.name, g.accounts.map((a) => a.id)]),
    ).toEqual([
      ['Bergen Boligbyggelag AS', [BERGEN.id]],
      ['Göta Bostäder AB', [9, GOTA.id]],
      ['Mälardalens Vatten AB', [MALARDALEN.id]],
    ]);
  });
});
