import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

describe('dashboard route', () => {
  it('greets the user by name on / and lands on /dashboard (no activeAccountId in the own-auth flow, spec 2)', async () => {
    const { router } = await renderRoute('/', customerUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Test' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).not.toContain('activeAccountId');
  });
});
