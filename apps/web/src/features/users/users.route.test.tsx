import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TManagedUser, TUserSearchItem } from '@service-hub/contracts';
import { customerAdmin, providerAdmin } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const anna: TManagedUser = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'anna@example.com',
  username: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Berg',
  displayName: 'Anna Berg',
  enabled: true,
  emailVerified: true,
  created: '2026-01-01T00:00:00Z',
  roles: ['CustomerUser'],
  accounts: [],
  otherAccounts: 0,
  lockout: { password: false, mfa: false },
  allowed: { edit: true, delete: true, unlock: false },
  grantableRoles: ['CustomerUser'],
};

/** Anna as the search lists her. */
const annaListed: TUserSearchItem = {
  id: anna.id,
  email: anna.email,
  username: anna.username,
  firstName: anna.firstName,
  lastName: anna.lastName,
  displayName: anna.displayName,
  enabled: anna.enabled,
  roles: anna.roles,
  accountCount: 2,
};

describe('users routes', () => {
  it('list every user for a provider administrator, each linked to their page', async () => {
    await renderRoute('/users', providerAdmin, {
      'GET /api/v3/users/search': () => Response.json([annaListed], { headers: { 'x-total-count': '1' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Anna Berg' });
    expect(link.getAttribute('href')).toBe(`/users/${anna.id}`);
    expect(within(link.closest('tr')!).getByText('anna@example.com')).toBeTruthy();
  });

  it('open a user’s page with their name for a provider administrator', async () => {
    await renderRoute(`/users/${anna.id}`, providerAdmin, { [`GET /api/v3/user/${anna.id}`]: anna });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveProperty('value', 'Anna');
  });

  it('keep a customer administrator out and send them to the dashboard', async () => {
    const { router } = await renderRoute(`/users/${anna.id}`, customerAdmin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Anna Berg' })).toBeNull();
  });
});
