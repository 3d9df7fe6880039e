import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCustomer } from '@service-hub/contracts';
import { customerAdmin, GOTA, providerAdmin } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const gota: TCustomer = {
  ...GOTA,
  vatNumber: null,
  notes: null,
  crmMappingGuid: null,
  wodGroupName: null,
  mfaModifiedDate: null,
  created: '2026-01-01T00:00:00Z',
  createdBy: 'seed',
  modified: '2026-01-01T00:00:00Z',
  modifiedBy: 'seed',
};

describe('customers routes', () => {
  it('show a provider administrator the customer’s security tab with the MFA switch', async () => {
    await renderRoute(`/customers/${GOTA.id}/security`, providerAdmin, {
      [`GET /api/legacy/customers/${GOTA.id}`]: gota,
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Göta Bostäder AB/ })).toBeTruthy();
    expect(screen.getByRole('switch')).toBeTruthy();
  });

  it('keep a customer administrator out and send them to the dashboard', async () => {
    const { router } = await renderRoute(`/customers/${GOTA.id}/security`, customerAdmin);
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome, / })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
