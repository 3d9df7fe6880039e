import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../app/route-table';
import type { AccessSubject } from '../../lib/access/route-access';
import {
  customerAdmin,
  customerUser,
  GOTA,
  MALARDALEN,
  providerAdmin,
} from '../../lib/access/route-access.fixtures';
import { isSidebarItemVisible, SIDEBAR_ITEMS } from './sidebar-items';

const visible = (subject: AccessSubject, useAuthService = 0) =>
  SIDEBAR_ITEMS.filter((item) => isSidebarItemVisible(item, signedInRoutes, subject, useAuthService)).map(
    (item) => item.id,
  );
const at = (user: AccessSubject['user'], activeAccountId: number): AccessSubject => ({
  user,
  activeAccountId,
  environment: 'Production',
  hostname: 'hub.example.com',
});

describe('sidebar visibility (spec 6)', () => {
  it('shows a customer user the services of the active account and nothing of administration', () => {
    expect(visible(at(customerUser, GOTA.id))).toEqual([
      'dashboard',
      'tracking',
      'ediTracking',
      'support',
      'reports',
      'alerts',
      'ediConnect',
    ]);
    expect(visible(at(customerUser, MALARDALEN.id))).toEqual([
      'dashboard',
      'tracking',
      'support',
      'reports',
      'alerts',
    ]);
  });

  it('shows account settings to administrators and the provider entries to SF_ADMIN only', () => {
    expect(visible(at(customerAdmin, MALARDALEN.id))).toEqual(
      expect.arrayContaining(['accountSettings', 'developer', 'wod', 'ea']),
    );
    expect(visible(at(customerAdmin, MALARDALEN.id))).not.toContain('customers');
    expect(visible(at(providerAdmin, GOTA.id))).toEqual(
      expect.arrayContaining(['administration', 'customers', 'users']),
    );
  });

  it('with single sign-on uses the named READ_ALL permissions for tracking, in the own-auth flow the route rules', () => {
    const withoutReadAll = {
      ...customerUser,
      customerUserPermissions: customerUser.customerUserPermissions.filter(
        (p) => !p.permission.roles.includes('READ_ALL'),
      ),
    };
    expect(visible(at(withoutReadAll, GOTA.id), 0)).not.toContain('tracking');
    expect(visible(at(withoutReadAll, GOTA.id), 0)).not.toContain('ediTracking');
    expect(visible(at(customerUser, GOTA.id), 1)).toEqual(visible(at(customerUser, GOTA.id), 0));
  });

  it('keeps service entries above the divider and management entries below', () => {
    const groups = SIDEBAR_ITEMS.map((item) => item.group);
    expect(groups.lastIndexOf('services')).toBeLessThan(groups.indexOf('manage'));
  });
});
