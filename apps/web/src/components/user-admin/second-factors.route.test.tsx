import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TManagedUser } from '@service-hub/contracts';
import { providerAdmin } from '../../lib/access/route-access.fixtures';
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
  allowed: { edit: true, delete: false, unlock: false },
  grantableRoles: ['CustomerUser'],
};

describe('user page: resetting second factors', () => {
  it('resets a user’s passkeys and authenticator app after confirmation and says how many went', async () => {
    const resets: string[] = [];
    await renderRoute(`/users/${anna.id}`, providerAdmin, {
      [`GET /api/v3/user/${anna.id}`]: anna,
      [`POST /api/v3/user/${anna.id}/second-factors/reset`]: () => {
        resets.push(anna.id);
        return { passkeysRemoved: 2, authenticatorAppRemoved: true };
      },
    });
    const section = await screen.findByRole('region', { name: 'Second factors' });
    fireEvent.click(within(section).getByRole('button', { name: 'Reset second factors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset second factors?' });
    expect(within(dialog).getByText(/Anna Berg will be signed out on every device/)).toBeTruthy();
    expect(resets).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    expect(await screen.findByText('Second factors reset. Passkeys removed: 2.')).toBeTruthy();
    expect(resets).toEqual([anna.id]);
  });

  it('is not offered to whoever may not manage the whole user, nor on one’s own page', async () => {
    await renderRoute(`/users/${anna.id}`, providerAdmin, {
      [`GET /api/v3/user/${anna.id}`]: { ...anna, allowed: { ...anna.allowed, edit: false } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Anna Berg' });
    expect(screen.queryByRole('region', { name: 'Second factors' })).toBeNull();

    const self = { ...anna, id: providerAdmin.id, displayName: 'Test Admin' };
    await renderRoute(`/users/${self.id}`, providerAdmin, { [`GET /api/v3/user/${self.id}`]: self });
    await screen.findByRole('heading', { level: 1, name: 'Test Admin' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Second factors' })).toBeNull());
  });
});
