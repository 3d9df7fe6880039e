import { describe, expect, it } from 'vitest';
import type { StoredRole } from '@service-hub/contracts';
import {
  canChangeEmailOf,
  canManageCustomer,
  canManageUser,
  canRevokeAccess,
  type Actor,
} from './policies.ts';

const user = (userId: string, roles: StoredRole[], customerIds: number[]) => ({ userId, roles, customerIds });

const providerAdmin: Actor = user('sf', ['SF_ADMIN', 'ProviderAdministrator'], []);
const customerAdmin: Actor = user('ca', ['CustomerAdministrator'], [1, 2]);
const customerUser: Actor = user('cu', ['CustomerUser'], [1]);

describe('canManageCustomer', () => {
  it.each([
    ['provider administrator, any account', providerAdmin, 99, true],
    ['customer administrator, own account', customerAdmin, 1, true],
    ['customer administrator, foreign account', customerAdmin, 3, false],
    ['customer user, own account', customerUser, 1, false],
  ] as const)('%s', (_, actor, customerId, allowed) => {
    expect(canManageCustomer(actor, customerId)).toBe(allowed);
  });
});

describe('canManageUser', () => {
  it.each([
    ['provider administrator, anyone', providerAdmin, user('x', ['SF_ADMIN'], [7]), true],
    [
      'customer administrator, user of their accounts',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 2]),
      true,
    ],
    [
      'customer administrator, admin of their accounts',
      customerAdmin,
      user('x', ['CustomerAdministrator'], [2]),
      true,
    ],
    [
      'customer administrator, user who also holds a foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      false,
    ],
    [
      'customer administrator, user of foreign accounts only',
      customerAdmin,
      user('x', ['CustomerUser'], [3]),
      false,
    ],
    ['customer administrator, user without accounts', customerAdmin, user('x', ['CustomerUser'], []), false],
    [
      'customer administrator, provider administrator sharing an account',
      customerAdmin,
      user('x', ['SF_ADMIN', 'ProviderAdministrator'], [1]),
      false,
    ],
    [
      'customer administrator, ProviderAdministrator role sharing an account',
      customerAdmin,
      user('x', ['ProviderAdministrator'], [1]),
      false,
    ],
    [
      'customer administrator, themselves',
      customerAdmin,
      user('ca', ['CustomerAdministrator'], [1, 2]),
      false,
    ],
    ['customer user, colleague', customerUser, user('x', ['CustomerUser'], [1]), false],
  ] as const)('%s', (_, actor, target, allowed) => {
    expect(canManageUser(actor, target)).toBe(allowed);
  });
});

describe('canRevokeAccess', () => {
  it.each([
    ['provider administrator, anyone anywhere', providerAdmin, user('x', ['SF_ADMIN'], [7]), 7, true],
    [
      'customer administrator, user of their account',
      customerAdmin,
      user('x', ['CustomerUser'], [1]),
      1,
      true,
    ],
    [
      'customer administrator, user who also holds a foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      1,
      true,
    ],
    [
      'customer administrator, the foreign account of that user',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      3,
      false,
    ],
    [
      'customer administrator, provider administrator on their account',
      customerAdmin,
      user('x', ['SF_ADMIN', 'ProviderAdministrator'], [1]),
      1,
      false,
    ],
    [
      'customer administrator, themselves',
      customerAdmin,
      user('ca', ['CustomerAdministrator'], [1, 2]),
      1,
      false,
    ],
    ['customer user, colleague', customerUser, user('x', ['CustomerUser'], [1]), 1, false],
  ] as const)('%s', (_, actor, target, customerId, allowed) => {
    expect(canRevokeAccess(actor, target, customerId)).toBe(allowed);
  });
});

describe('canChangeEmailOf', () => {
  it.each([
    ['the user themselves', customerUser, 'cu', true],
    ['a provider administrator', providerAdmin, 'cu', true],
    ['a customer administrator of the user', customerAdmin, 'cu', false],
    ['a colleague', customerUser, 'other', false],
  ] as const)('%s', (_, actor, target, allowed) => {
    expect(canChangeEmailOf(actor, target)).toBe(allowed);
  });
});
