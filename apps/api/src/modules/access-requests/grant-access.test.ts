import { describe, expect, it } from 'vitest';
import type { StoredRole } from '@service-hub/contracts';
import { roleStaysWithin } from './grant-access.ts';

describe('roleStaysWithin', () => {
  const person = (roles: StoredRole[], customerIds: number[]) => ({ roles, customerIds });

  it.each([
    [
      'a user role to someone who is a user elsewhere',
      'CustomerUser',
      person(['CustomerUser'], [9]),
      [1],
      true,
    ],
    [
      'a user role to someone who administers another account: roles are global, they would administer this one too',
      'CustomerUser',
      person(['CustomerAdministrator'], [9]),
      [1],
      false,
    ],
    [
      'a user role to someone who administers another account, decided by a provider administrator',
      'CustomerUser',
      person(['CustomerAdministrator'], [9]),
      undefined,
      false,
    ],
    [
      'the administrator role to someone with no other account',
      'CustomerAdministrator',
      person([], []),
      [1],
      true,
    ],
    [
      'the administrator role when every other account is administered by the decider',
      'CustomerAdministrator',
      person(['CustomerUser'], [1, 2]),
      [1, 2, 3],
      true,
    ],
    [
      'the administrator role when the person holds an account the decider does not administer',
      'CustomerAdministrator',
      person(['CustomerUser'], [1, 9]),
      [1, 2],
      false,
    ],
    [
      'the administrator role the person already has',
      'CustomerAdministrator',
      person(['CustomerAdministrator'], [9]),
      [1],
      true,
    ],
    [
      'the administrator role, decided by a provider administrator',
      'CustomerAdministrator',
      person(['CustomerUser'], [9]),
      undefined,
      true,
    ],
  ] as const)('%s', (_case, role, requester, administered, expected) => {
    expect(roleStaysWithin(role, requester, administered)).toBe(expected);
  });
});
