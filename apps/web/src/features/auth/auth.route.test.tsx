import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const mfaStatus = {
  'GET /api/v3/user/mfa': { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } },
};

describe('sign-in routes', () => {
  it('give someone signed out the sign-in form', async () => {
    await renderRoute('/auth/login', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('send a signed-out visitor of the signed-out page on to the sign-in form, which says so', async () => {
    const { router } = await renderRoute('/auth/signed-out', null);
    expect(await screen.findByText('You have been signed out.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?signedOut=1');
  });

  it('send a signed-in user on from the callback to the page they asked for', async () => {
    const { router } = await renderRoute(
      '/auth/callback?token=signed-in&returnTo=%2Faccount',
      customerUser,
      mfaStatus,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull());
  });
});
