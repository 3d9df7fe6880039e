import { describe, expect, it } from 'vitest';
import type { StoredRole } from '@service-hub/contracts';
import {
  canAddAccountDirectly,
  canChangeAccountPermissions,
  canChangeEmailOf,
  canChangeRoles,
  canDeleteUser,
  canManageCustomer,
  canManageUser,
  canRevokeAccess,
  canUnlockUser,
  canViewUser,
  grantableRoles,
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

describe('canViewUser', () => {
  it.each([
    ['provider administrator, anyone', providerAdmin, user('x', ['CustomerUser'], [9]), true],
    [
      'customer administrator, user sharing an account',
      customerAdmin,
      user('x', ['CustomerUser'], [2, 5]),
      true,
    ],
    [
      'customer administrator, user of foreign accounts',
      customerAdmin,
      user('x', ['CustomerUser'], [5]),
      false,
    ],
    ['customer user, colleague', customerUser, user('x', ['CustomerUser'], [1]), false],
  ] as const)('%s', (_, actor, target, allowed) => {
    expect(canViewUser(actor, target)).toBe(allowed);
  });
});

describe('grantableRoles', () => {
  it("never includes a role above the actor's own", () => {
    expect(grantableRoles(providerAdmin)).toEqual([
      'CustomerUser',
      'CustomerAdministrator',
      'ProviderAdministrator',
      'SF_ADMIN',
    ]);
    expect(grantableRoles(customerAdmin)).toEqual(['CustomerUser', 'CustomerAdministrator']);
    expect(grantableRoles(customerUser)).toEqual(['CustomerUser']);
  });
});

describe('canChangeRoles', () => {
  const colleague = user('x', ['CustomerUser'], [1]);
  it.each([
    [
      'customer administrator adds CustomerAdministrator',
      customerAdmin,
      colleague,
      ['CustomerUser', 'CustomerAdministrator'],
      true,
    ],
    ['customer administrator keeps the roles as they are', customerAdmin, colleague, ['CustomerUser'], true],
    [
      'customer administrator removes a role (only adds)',
      customerAdmin,
      user('x', ['CustomerUser', 'CustomerAdministrator'], [1]),
      ['CustomerUser'],
      false,
    ],
    [
      'customer administrator adds a role above their own',
      customerAdmin,
      colleague,
      ['CustomerUser', 'SF_ADMIN'],
      false,
    ],
    [
      'customer administrator adds ProviderAdministrator',
      customerAdmin,
      colleague,
      ['CustomerUser', 'ProviderAdministrator'],
      false,
    ],
    [
      'customer administrator, user who also holds a foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      ['CustomerUser', 'CustomerAdministrator'],
      false,
    ],
    ['provider administrator adds SF_ADMIN', providerAdmin, colleague, ['CustomerUser', 'SF_ADMIN'], true],
    [
      'provider administrator removes a role (only adds)',
      providerAdmin,
      user('x', ['CustomerUser', 'SF_ADMIN'], [1]),
      ['CustomerUser'],
      false,
    ],
    ['customer user', customerUser, colleague, ['CustomerUser'], false],
  ] as const)('%s', (_, actor, target, roles, allowed) => {
    expect(canChangeRoles(actor, target, roles)).toBe(allowed);
  });
});

describe('canChangeAccountPermissions', () => {
  it.each([
    [
      'customer administrator, user of their account',
      customerAdmin,
      user('x', ['CustomerUser'], [1]),
      1,
      true,
    ],
    [
      'customer administrator, user who also holds a foreign account, on their account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      1,
      true,
    ],
    [
      'customer administrator, that user on the foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      3,
      false,
    ],
    [
      'customer administrator, themselves',
      customerAdmin,
      user('ca', ['CustomerAdministrator'], [1, 2]),
      1,
      false,
    ],
    ['customer administrator, provider administrator', customerAdmin, user('x', ['SF_ADMIN'], [1]), 1, false],
    ['customer user, colleague', customerUser, user('x', ['CustomerUser'], [1]), 1, false],
  ] as const)('%s', (_, actor, target, customerId, allowed) => {
    expect(canChangeAccountPermissions(actor, target, customerId)).toBe(allowed);
  });
});

describe('canDeleteUser', () => {
  it.each([
    ['provider administrator, anyone else', providerAdmin, user('x', ['CustomerAdministrator'], [4]), true],
    ['provider administrator, themselves', providerAdmin, user('sf', ['SF_ADMIN'], []), false],
    [
      'customer administrator, user of their accounts only',
      customerAdmin,
      user('x', ['CustomerUser'], [1]),
      true,
    ],
    [
      'customer administrator, user who also holds a foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
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
    expect(canDeleteUser(actor, target)).toBe(allowed);
  });
});

describe('canUnlockUser', () => {
  it.each([
    ['provider administrator, anyone', providerAdmin, user('x', ['SF_ADMIN'], []), true],
    [
      'customer administrator, user who also holds a foreign account',
      customerAdmin,
      user('x', ['CustomerUser'], [1, 3]),
      true,
    ],
    [
      'customer administrator, user of foreign accounts only',
      customerAdmin,
      user('x', ['CustomerUser'], [3]),
      false,
    ],
    [
      'customer administrator, provider administrator on their account',
      customerAdmin,
      user('x', ['SF_ADMIN'], [1]),
      false,
    ],
    ['customer user, colleague', customerUser, user('x', ['CustomerUser'], [1]), false],
  ] as const)('%s', (_, actor, target, allowed) => {
    expect(canUnlockUser(actor, target)).toBe(allowed);
  });
});

describe('canAddAccountDirectly', () => {
  it.each([
    ['provider administrator', providerAdmin, true],
    ['customer administrator (invites instead)', customerAdmin, false],
    ['customer user', customerUser, false],
  ] as const)('%s', (_, actor, allowed) => {
    expect(canAddAccountDirectly(actor)).toBe(allowed);
  });
});
