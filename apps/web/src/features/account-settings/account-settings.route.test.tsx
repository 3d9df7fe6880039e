import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCustomerUser } from '@service-hub/contracts';
import { customerAdmin, customerUser, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const anna: TCustomerUser = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Berg',
  displayName: 'Anna Berg',
  enabled: true,
  roles: ['CustomerUser'],
  permissionIds: [],
  locked: false,
  hasOtherAccounts: false,
  manageable: true,
  canChangePermissions: true,
};

const accountApi = {
  [`GET /api/customers/${MALARDALEN.id}/users`]: [anna],
  [`GET /api/customers/${MALARDALEN.id}/permissions`]: [],
  [`GET /api/customers/${MALARDALEN.id}/invitations`]: [],
};

describe('account settings routes', () => {
  it('show a customer administrator the users of the active account, linked to each user', async () => {
    const { router } = await renderRoute('/accountsettings', customerAdmin, accountApi);
    expect(await screen.findByRole('heading', { level: 1, name: `${MALARDALEN.name} · Users` })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accountsettings/users');
    const link = await screen.findByRole('link', { name: 'Anna Berg' });
    expect(link.getAttribute('href')).toBe(`/accountsettings/users/${anna.id}`);
    expect(within(link.closest('tr')!).getByText('anna@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite user' }).getAttribute('href')).toBe(
      '/accountsettings/users/invite',
    );
  });

  it('show the invitations below the users only once their rows are there, so nothing moves', async () => {
    let answerPermissions = () => {};
    const permissions = new Promise<never[]>((resolve) => {
      answerPermissions = () => resolve([]);
    });
    await renderRoute('/accountsettings/users', customerAdmin, {
      ...accountApi,
      [`GET /api/customers/${MALARDALEN.id}/permissions`]: () => permissions,
    });
    // The users have come, their permissions not yet: neither the rows nor the invitations show.
    await screen.findByRole('heading', { level: 1, name: `${MALARDALEN.name} · Users` });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('link', { name: 'Anna Berg' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Invitations' })).toBeNull();
    answerPermissions();
    expect(await screen.findByRole('link', { name: 'Anna Berg' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Invitations' })).toBeTruthy();
  });

  it('give a customer administrator the invitation form', async () => {
    await renderRoute('/accountsettings/users/invite', customerAdmin, accountApi);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${MALARDALEN.name} · Invite user` }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeTruthy();
  });

  it('keep a customer user out and send them to the dashboard', async () => {
    const { router } = await renderRoute('/accountsettings/users', customerUser, accountApi);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: /Users/ })).toBeNull();
  });
});
