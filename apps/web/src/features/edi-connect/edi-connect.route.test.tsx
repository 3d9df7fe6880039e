import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDeploymentRequest } from '@service-hub/contracts';
import { customerAdmin, customerUser, GOTA } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const order: TDeploymentRequest = {
  id: 3,
  customerId: GOTA.id,
  customerName: GOTA.name,
  status: 'submitted',
  rejectionReason: null,
  partnerName: 'Acme Logistics',
  partnerIdentifierType: 'GLN',
  partnerIdentifier: '7300009000001',
  protocol: 'AS2',
  connection: { as2Id: 'ACME', url: 'https://as2.acme.example/receive' },
  messageStandard: 'EDIFACT',
  messageTypes: ['ORDERS'],
  direction: 'INBOUND',
  environment: 'TEST',
  contactName: 'Eva Ek',
  contactEmail: 'eva@acme.example',
  contactPhone: null,
  requestedGoLive: null,
  notes: null,
  requestedBy: 'Test User',
  created: '2026-03-01T08:00:00Z',
  statusChanged: '2026-03-01T08:00:00Z',
  nextStatuses: [],
};

const api = {
  'GET /api/edi-connect/deployment-requests': { requests: [order], totalCount: 1, page: 1, pageSize: 20 },
};

describe('EDI connect routes', () => {
  it('list the active account’s communication orders with the way to a new one', async () => {
    const { router } = await renderRoute('/edi-connect', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Communication orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edi-connect/deployment-requests');
    const partner = await screen.findByRole('button', { name: 'Acme Logistics' });
    expect(within(partner.closest('tr')!).getByText('Submitted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe(
      '/edi-connect/deployment-requests/new',
    );
  });

  it('give the order form with its fields', async () => {
    await renderRoute('/edi-connect/deployment-requests/new', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'New communication order' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Trading partner/ })).toBeTruthy();
  });

  it('send a user whose active account lacks EDI connect to the dashboard', async () => {
    const { router } = await renderRoute('/edi-connect/deployment-requests', customerAdmin, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Communication orders' })).toBeNull();
  });
});
