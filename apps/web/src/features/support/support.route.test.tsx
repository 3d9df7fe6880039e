import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSupportCase, TSupportCaseSummary, TSupportContact } from '@service-hub/contracts';
import { customerUser, GOTA, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { storeActiveAccountId } from '../../lib/session/active-account';
import { renderRoute } from '../../test/render-route';

/** The case as the list sends it. */
const summary: TSupportCaseSummary = {
  caseId: 5,
  caseNumber: 'CS-000005',
  customerId: GOTA.id,
  customerName: GOTA.name,
  title: 'Invoices missing in March',
  category: 'invoicing',
  subCategory: null,
  status: 'ongoing',
  type: 'Question',
  owner: null,
  date: '2026-03-02T08:00:00Z',
  updated: '2026-03-03T08:00:00Z',
};

const supportCase: TSupportCase = {
  ...summary,
  description: 'The March invoices never reached us.',
  from: 'user@example.com',
  to: 'support@example.com',
  createdBy: 'Test User',
  attachments: [],
  replies: [],
  allowedStatuses: [],
  canReply: true,
};

const contact: TSupportContact = {
  at: '2026-03-02T09:00:00Z',
  markets: [
    {
      market: 'SE',
      name: 'Support Sweden',
      email: 'support.se@example.com',
      phone: '+46 8 123 456',
      timeZone: 'Europe/Stockholm',
      hours: [],
      isOpen: true,
      nextOpening: null,
      closesAt: '2026-03-02T16:00:00Z',
      upcomingHolidays: [],
    },
  ],
};

const api = {
  'GET /api/support/cases': { cases: [summary], totalCount: 1, page: 1, pageSize: 20 },
  [`GET /api/support/cases/${supportCase.caseId}`]: supportCase,
  'GET /api/support/contact': contact,
};

describe('support routes', () => {
  it('list the active account’s cases, each linked to its case, with the way to contact support', async () => {
    const { router } = await renderRoute('/support', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Support cases' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/cases');
    const link = await screen.findByRole('link', { name: 'CS-000005' });
    expect(link.getAttribute('href')).toBe('/support/cases/5');
    expect(within(link.closest('tr')!).getByText('Invoices missing in March')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/support/contact');
  });

  it('open a case on its activity tab', async () => {
    const { router } = await renderRoute('/support/cases/5', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices missing in March' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/cases/5/activity');
  });

  it('send an account without support from the case list to the contact page, with each market’s address', async () => {
    storeActiveAccountId(MALARDALEN.id);
    const { router } = await renderRoute('/support/cases', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/contact');
    expect(await screen.findByRole('link', { name: 'support.se@example.com' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Support cases' })).toBeNull());
  });
});
