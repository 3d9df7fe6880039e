import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_CHANNEL_KEYS,
  TRACKING_STATUSES,
  type TListEdiMessagesResponse,
  type TListReportsResponse,
  type TListSupportCasesResponse,
  type TGetTrackingOverviewResponse,
} from '@service-hub/contracts';
import {
  customerAdmin,
  customerUser,
  GOTA,
  MALARDALEN,
  providerAdmin,
  userWithoutAccounts,
} from '../../lib/access/route-access.fixtures';
import { offContractAnswer } from '../../test/contract-stub';
import { renderRoute, type ApiStubs } from '../../test/render-route';
import { zeroCounts } from '../../test/zero-counts';

const overview: TGetTrackingOverviewResponse = {
  fromDate: '2026-10-24',
  toDate: '2026-11-22',
  timeZone: 'Europe/Stockholm',
  files: { total: 3, byStatus: { ...zeroCounts(TRACKING_STATUSES), Delivered: 2, Rejected: 1 } },
  documents: {
    total: 120,
    byStatus: { ...zeroCounts(TRACKING_STATUSES), Delivered: 110, Rejected: 7, NotDelivered: 3 },
    byChannel: { ...zeroCounts(DELIVERY_CHANNEL_KEYS), email: 120 },
  },
  channelsByDay: [],
  attention: {
    files: [],
    documents: [
      {
        id: 41,
        fileId: 4,
        filename: 'invoices-november.xml',
        externalDocumentId: 'INV-2026-0041',
        invoiceNumber: null,
        messageId: null,
        messageType: null,
        eAddress: null,
        recipientName: 'Kari Nordmann',
        status: 'Rejected',
        channels: ['email'],
        createdAt: '2026-11-20T08:00:00Z',
      },
    ],
  },
};

const cases = (
  status: 'waitingForDetails' | 'readyForClosure',
  count: number,
): TListSupportCasesResponse => ({
  cases: Array.from({ length: count }, (_, i) => ({
    caseId: (status === 'waitingForDetails' ? 100 : 200) + i,
    caseNumber: `CS-${(status === 'waitingForDetails' ? 100 : 200) + i}`,
    customerId: GOTA.id,
    customerName: GOTA.name,
    title: `${status} case ${i + 1}`,
    category: 'delivery',
    subCategory: null,
    status,
    type: 'question',
    owner: null,
    date: '2026-11-01T08:00:00Z',
    updated: `2026-11-1${i}T08:00:00Z`,
  })),
  totalCount: count,
  page: 1,
  pageSize: 5,
});

const reports: TListReportsResponse = {
  reports: [
    {
      id: '00000000-0000-4000-8000-00000000000a',
      level: 'document',
      format: 'CSV',
      from: '2026-10-01',
      to: '2026-10-31',
      status: 'ready',
      rowsWritten: 12,
      rowCount: 12,
      sizeBytes: 1024,
      failure: null,
      requestedBy: 'Test User',
      scheduled: false,
      created: '2026-11-02T09:00:00Z',
      completedAt: '2026-11-02T09:01:00Z',
      expiresAt: '2027-01-31T09:01:00Z',
      canDelete: true,
    },
  ],
  total: 1,
  retentionDays: 90,
  maxRecords: 1_000_000,
};

const ediProblems: TListEdiMessagesResponse = {
  totalCount: 3,
  totalCountExact: true,
  nextCursor: null,
  result: [
    {
      ref: 77,
      messageId: 'MSG-77',
      consignmentId: 'CONS-9',
      customerId: GOTA.id,
      direction: 'OUTBOUND',
      category: 'invoice',
      messageType: 'INVOIC',
      status: 'ERROR',
      sizeBytes: 2048,
      senderName: GOTA.name,
      receiverName: 'Bygg AB',
      filename: 'invoic-77.edi',
      createdAt: '2026-11-21T10:00:00Z',
      errorMessage: 'Unknown receiver GLN',
    },
  ],
};

/** Every widget's call answered, the support list by the status asked for. */
const answered: ApiStubs = {
  'GET /api/tracking/stt/overview': overview,
  'GET /api/support/cases': (request: Request) =>
    new URL(request.url).searchParams.get('status') === 'waitingForDetails'
      ? cases('waitingForDetails', 2)
      : cases('readyForClosure', 1),
  'GET /api/reports': reports,
  'GET /api/tracking/ets/messages': ediProblems,
};

const widget = (name: string) => screen.findByRole('region', { name });
const WIDGETS = [
  'Track and trace, last 30 days',
  'Documents needing attention',
  'EDI messages with errors',
  'Support cases waiting for you',
  'Recent reports',
  'Administration',
  "What's new",
];
const shownWidgets = () => WIDGETS.filter((name) => screen.queryByRole('region', { name }) !== null);

describe('dashboard route', () => {
  it('greets the user by name on / and lands on /dashboard (no activeAccountId in the own-auth flow, spec 2)', async () => {
    const { router } = await renderRoute('/', customerUser, answered);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Test' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).not.toContain('activeAccountId');
  });

  it('shows a customer user with tracking and support every widget of those services, each linking to its filtered list', async () => {
    await renderRoute('/dashboard', customerUser, answered);

    const tracking = await widget('Track and trace, last 30 days');
    const rejected = await within(tracking).findByRole('link', { name: /Rejected\s*7/ });
    const rejectedLink = new URL(rejected.getAttribute('href')!, location.origin);
    expect(rejectedLink.pathname).toBe('/tracking/documents');
    expect(Object.fromEntries(rejectedLink.searchParams)).toEqual({
      status: 'Rejected',
      dateOperator: 'between',
      fromDate: '2026-10-24',
      toDate: '2026-11-22',
      activeAccountId: String(GOTA.id),
    });
    expect(within(tracking).getByRole('link', { name: 'Documents: 120' })).toBeTruthy();
    // The ring beside the list: each status its share of the circle (110, 3 and 7 of 120).
    const ring = tracking.querySelector<HTMLElement>('[aria-hidden="true"][style]')!;
    expect(ring.getAttribute('style')).toContain(
      'conic-gradient(var(--mantine-color-green-7) 0% 91.66666666666666%, var(--mantine-color-gray-6) 91.66666666666666% 94.16666666666667%, var(--mantine-color-red-7) 94.16666666666667% 100%)',
    );

    const attention = await widget('Documents needing attention');
    const showAll = within(attention).getByRole('link', { name: 'Show all (10)' });
    expect(new URL(showAll.getAttribute('href')!, location.origin).searchParams.get('status')).toBe(
      'Rejected,NotDelivered,PartiallyDelivered,PartiallyDeliveredWithRejections',
    );
    expect(within(attention).getByRole('link', { name: 'INV-2026-0041' }).getAttribute('href')).toBe(
      `/tracking/documents/41/delivery?activeAccountId=${GOTA.id}`,
    );

    const edi = await widget('EDI messages with errors');
    const message = await within(edi).findByRole('link', { name: 'Invoice MSG-77' });
    expect(message.getAttribute('href')).toBe(
      `/edi-tracking/messages/MSG-77/CONS-9?activeAccountId=${GOTA.id}`,
    );
    expect(within(edi).getByText('Unknown receiver GLN')).toBeTruthy();
    const allProblems = new URL(
      within(edi).getByRole('link', { name: 'Show all (3)' }).getAttribute('href')!,
      location.origin,
    );
    expect(allProblems.pathname).toBe('/edi-tracking/messages');
    expect(allProblems.searchParams.get('status')).toBe('ERROR,NOT_EXISTS');
    expect(allProblems.searchParams.get('fromDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const support = await widget('Support cases waiting for you');
    const waiting = await within(support).findByRole('link', { name: 'Waiting for details: 2' });
    expect(waiting.getAttribute('href')).toBe(
      `/support/cases?status=waitingForDetails&activeAccountId=${GOTA.id}`,
    );
    expect(within(support).getByRole('link', { name: 'Ready for closure: 1' })).toBeTruthy();
    expect(within(support).getByRole('link', { name: 'readyForClosure case 1' }).getAttribute('href')).toBe(
      `/support/cases/200/activity?activeAccountId=${GOTA.id}`,
    );

    const recent = await widget('Recent reports');
    expect(await within(recent).findByText('Document level (CSV), 2026-10-01 – 2026-10-31')).toBeTruthy();
    expect(within(recent).getByText('Ready')).toBeTruthy();
    expect(within(recent).getByRole('link', { name: 'All reports' }).getAttribute('href')).toBe(
      `/reports?sortBy=created&sortDirection=desc&activeAccountId=${GOTA.id}`,
    );

    expect(await widget("What's new")).toBeTruthy();
    expect(shownWidgets()).not.toContain('Administration');
  });

  it('shows only the widgets of the services the active account grants', async () => {
    sessionStorage.setItem('activeAccountId', String(MALARDALEN.id));
    await renderRoute('/dashboard', customerUser, answered);
    await widget('Track and trace, last 30 days');
    await widget("What's new");
    expect(shownWidgets()).toEqual([
      'Track and trace, last 30 days',
      'Documents needing attention',
      'Recent reports',
      "What's new",
    ]);
  });

  it('asks the server only for what the user may see: no tracking calls without the service', async () => {
    const asked: string[] = [];
    const { ...stubs } = answered;
    const spy = (path: string) => (request: Request) => {
      asked.push(path);
      const stub = answered[path];
      return typeof stub === 'function' ? (stub as (r: Request) => unknown)(request) : stub;
    };
    const withoutTracking = {
      ...customerAdmin,
      customerUserPermissions: customerAdmin.customerUserPermissions.filter(
        (p) => p.permission.prefix !== 'STT',
      ),
    };
    await renderRoute('/dashboard', withoutTracking, {
      ...stubs,
      'GET /api/tracking/stt/overview': spy('GET /api/tracking/stt/overview'),
      'GET /api/reports': spy('GET /api/reports'),
    });
    await widget('Support cases waiting for you');
    expect(shownWidgets()).toEqual(['Support cases waiting for you', "What's new"]);
    expect(asked).toEqual([]);
  });

  it('keeps the page when one widget fails, and says so in that widget', async () => {
    await renderRoute('/dashboard', customerUser, {
      ...answered,
      'GET /api/reports': () =>
        Response.json(
          { status: 403, title: 'Forbidden', detail: 'No access', errorCode: 'FORBIDDEN', requestId: 't' },
          { status: 403 },
        ),
    });
    const recent = await widget('Recent reports');
    expect(await within(recent).findByText('This could not be loaded')).toBeTruthy();
    expect(within(recent).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(recent).queryByRole('link', { name: 'All reports' })).toBeNull();
    const tracking = await widget('Track and trace, last 30 days');
    expect(await within(tracking).findByRole('link', { name: 'Documents: 120' })).toBeTruthy();
  });

  it('shows each widget loading on its own while its answer is on the way', async () => {
    await renderRoute('/dashboard', customerUser, {
      ...answered,
      'GET /api/reports': () => new Promise<never>(() => undefined),
    });
    const recent = await widget('Recent reports');
    expect(within(recent).getByRole('status').textContent).toBe('Loading…');
    const tracking = await widget('Track and trace, last 30 days');
    expect(await within(tracking).findByRole('link', { name: 'Documents: 120' })).toBeTruthy();
  });

  it('keeps the page when a widget cannot read its answer: that widget shows its error', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await renderRoute('/dashboard', customerUser, {
        ...answered,
        // An answer without the counts makes the widgets throw while rendering. The real API never
        // sends it; an API of another version could.
        'GET /api/tracking/stt/overview': () =>
          offContractAnswer({ fromDate: '2026-10-24', toDate: '2026-11-22' }),
      });
      // The failed widget is replaced, so each look finds the region afresh.
      for (const name of ['Track and trace, last 30 days', 'Documents needing attention'])
        await waitFor(() =>
          expect(
            within(screen.getByRole('region', { name })).getByText('This could not be loaded'),
          ).toBeTruthy(),
        );
      const recent = await widget('Recent reports');
      expect(await within(recent).findByText('Document level (CSV), 2026-10-01 – 2026-10-31')).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });

  it('says when there is nothing to show', async () => {
    await renderRoute('/dashboard', customerUser, {
      'GET /api/tracking/stt/overview': {
        ...overview,
        files: { total: 0, byStatus: zeroCounts(TRACKING_STATUSES) },
        documents: {
          total: 0,
          byStatus: zeroCounts(TRACKING_STATUSES),
          byChannel: zeroCounts(DELIVERY_CHANNEL_KEYS),
        },
        attention: { files: [], documents: [] },
      },
      'GET /api/support/cases': { cases: [], totalCount: 0, page: 1, pageSize: 5 },
      'GET /api/reports': { ...reports, reports: [], total: 0 },
    });
    expect(await screen.findByText('Nothing has been sent in the last 30 days.')).toBeTruthy();
    expect(await screen.findByText('No documents from the last 30 days need attention.')).toBeTruthy();
    expect(await screen.findByText('No support cases are waiting for you.')).toBeTruthy();
    expect(await screen.findByText('No reports have been ordered in this account yet.')).toBeTruthy();
  });

  it('gives a provider administrator the administration shortcuts next to the account widgets', async () => {
    await renderRoute('/dashboard', providerAdmin, answered);
    const administration = await widget('Administration');
    for (const [name, href] of [
      ['Services', '/administration/services'],
      ['Customers', '/customers'],
      ['Users', '/users'],
    ])
      expect(within(administration).getByRole('link', { name }).getAttribute('href')).toBe(href);
    await widget('Track and trace, last 30 days');
    // Provider staff's case list covers every customer: the link keeps it to the account counted.
    const edi = await widget('EDI messages with errors');
    const message = await within(edi).findByRole('link', { name: 'Invoice MSG-77' });
    expect(message.getAttribute('href')).toBe(
      `/edi-tracking/messages/MSG-77/CONS-9?activeAccountId=${GOTA.id}`,
    );
    expect(within(edi).getByText('Unknown receiver GLN')).toBeTruthy();
    const allProblems = new URL(
      within(edi).getByRole('link', { name: 'Show all (3)' }).getAttribute('href')!,
      location.origin,
    );
    expect(allProblems.pathname).toBe('/edi-tracking/messages');
    expect(allProblems.searchParams.get('status')).toBe('ERROR,NOT_EXISTS');
    expect(allProblems.searchParams.get('fromDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const support = await widget('Support cases waiting for you');
    expect(
      (await within(support).findByRole('link', { name: 'Waiting for details: 2' })).getAttribute('href'),
    ).toBe(`/support/cases?status=waitingForDetails&customers=active&activeAccountId=${GOTA.id}`);
  });

  it('asks a user without any customer account which one they need, instead of the dashboard', async () => {
    await renderRoute('/dashboard', userWithoutAccounts);
    // Someone without an account asks for one instead of the app (features/access-requests).
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for access' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: /^Welcome/ })).toBeNull();
  });
});
