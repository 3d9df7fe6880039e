import { describe, expect, it } from 'vitest';
import { customerAdmin, customerUser, providerAdmin } from '../../lib/access/route-access.fixtures';
import { roleLabelKey } from './user-role';

describe('roleLabelKey', () => {
  it('shows a customer administrator as Administrator (spec 1)', () => {
    expect(roleLabelKey(customerAdmin)).toBe('shell.userMenu.roles.administrator');
    expect(roleLabelKey({ ...customerAdmin, roles: [{ name: 'CustomerAdministrator' }] })).toBe(
      'shell.userMenu.roles.administrator',
    );
  });

  it('names provider staff and customer users by their own roles', () => {
    expect(roleLabelKey(providerAdmin)).toBe('shell.userMenu.roles.providerAdministrator');
    expect(roleLabelKey(customerUser)).toBe('shell.userMenu.roles.user');
  });
});
