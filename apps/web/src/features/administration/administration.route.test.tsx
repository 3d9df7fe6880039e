import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TService, TGetServiceResponse } from '@service-hub/contracts';
import { customerAdmin, providerAdmin } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const tracking: TService = {
  id: 7,
  name: 'Track and trace',
  shortName: 'STT',
  nameHint: null,
  crmMappingGuid: null,
  wodGroupName: null,
  created: '2026-01-01T00:00:00Z',
  applicationCount: 1,
  permissionCount: 1,
};

const trackingDetail: TGetServiceResponse = {
  ...tracking,
  applications: [{ id: 1, serviceId: 7, applicationName: 'stt-appapi-client' }],
  permissions: [
    {
      id: 11,
      serviceId: 7,
      prefix: 'STT',
      name: 'CustomerUser',
      roles: ['READ_ALL'],
      customerId: null,
      customerName: null,
    },
  ],
};

const api = { 'GET /api/services': [tracking], 'GET /api/services/7': trackingDetail };

describe('administration routes', () => {
  it('list the services for a provider administrator, each linked to its permissions', async () => {
    const { router } = await renderRoute('/administration', providerAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/administration/services');
    const link = await within(screen.getByRole('table')).findByRole('link', { name: 'Track and trace' });
    expect(link.getAttribute('href')).toBe('/administration/services/7/permissions');
    expect(within(link.closest('tr')!).getByText('STT')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add service' }).getAttribute('href')).toBe(
      '/administration/services/addservice',
    );
  });

  it('show a service’s applications and permissions, and offer the track-and-trace permission form', async () => {
    await renderRoute('/administration/services/7', providerAdmin, api);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Track and trace · Permissions' }),
    ).toBeTruthy();
    expect(screen.getByText('stt-appapi-client')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'READ_ALL' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add permission' }).getAttribute('href')).toBe(
      '/administration/services/7/permissions/sttaddpermission',
    );
  });

  it('give a provider administrator the new-service form', async () => {
    await renderRoute('/administration/services/addservice', providerAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add service' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Internal abbreviation/ })).toBeTruthy();
  });

  it('keep a customer administrator out and send them to the dashboard', async () => {
    const { router } = await renderRoute('/administration/services', customerAdmin, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Services' })).toBeNull();
  });
});
