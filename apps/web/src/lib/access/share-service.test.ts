import { describe, expect, it } from 'vitest';
import type { PermissionPrefix, TCurrentUser } from '@service-hub/contracts';
import {
  BERGEN,
  customerAdmin,
  customerUser,
  GOTA,
  MALARDALEN,
  providerAdmin,
} from './route-access.fixtures';
import { mayShareService } from './share-service';

/** customerAdmin on Göta without the legacy read-all role of EDI tracking: ETS by prefix only. */
const etsWithoutReadAll: TCurrentUser = {
  ...customerAdmin,
  customerUserPermissions: customerAdmin.customerUserPermissions.filter(
    (grant) => !(grant.customerId === GOTA.id && grant.permission.name === 'edi-tracking-service'),
  ),
};

describe('mayShareService', () => {
  it.each<[string, TCurrentUser | undefined, number, PermissionPrefix, boolean]>([
    ['an administrator, a service they read on the account', customerAdmin, MALARDALEN.id, 'STT', true],
    ['an administrator, a service they do not read there', customerAdmin, MALARDALEN.id, 'ETS', false],
    ['the same administrator on an account where they read it', customerAdmin, GOTA.id, 'ETS', true],
    ['EDI tracking without its legacy read-all role', etsWithoutReadAll, GOTA.id, 'ETS', false],
    ['an account the user does not hold', customerUser, BERGEN.id, 'STT', false],
    ['a provider administrator, any account and service', providerAdmin, BERGEN.id, 'ETS', true],
    ['nobody signed in', undefined, GOTA.id, 'STT', false],
  ])('%s', (_case, user, accountId, service, expected) => {
    expect(mayShareService(user, accountId, service)).toBe(expected);
  });
});
