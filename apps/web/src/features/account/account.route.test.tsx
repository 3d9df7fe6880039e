import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser, userWithoutAccounts } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

describe('account route', () => {
  it('shows the signed-in user their account page with profile, e-mail and password', async () => {
    await renderRoute('/account', customerUser, {
      'GET /api/v3/user/mfa': { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Test');
    expect(screen.getByText('user@example.com')).toBeTruthy();
  });

  it('refuses someone without any customer account with the spec’s message', async () => {
    await renderRoute('/account', userWithoutAccounts);
    expect(await screen.findByText(/User not owned by any Customer/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
  });
});
