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

  it('asks someone without any customer account which one they need, instead of the page', async () => {
    await renderRoute('/account', userWithoutAccounts);
    // Someone without an account asks for one instead of the app (features/access-requests).
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for access' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
  });
});
