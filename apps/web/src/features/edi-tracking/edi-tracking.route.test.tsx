import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGetEdiConsignmentResponse, TListEdiConsignmentsResponse } from '@service-hub/contracts';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const consignment = {
  ref: 42,
  consignmentId: 'C202600000042',
  customerId: 1,
  direction: 'OUTBOUND',
  status: 'NOT_EXISTS',
  filename: 'ORDERS_SE100001_C202600000042.edi',
  senderName: 'Göta Bostäder AB',
  receiverName: 'Zeta Partner GmbH',
  receivedAt: '2026-11-20T08:00:00.000Z',
  deliveredAt: null,
  errorMessage: 'No trading-partner agreement found',
} satisfies TListEdiConsignmentsResponse['result'][number];

const list: TListEdiConsignmentsResponse = {
  totalCount: 1,
  totalCountExact: true,
  result: [consignment],
  nextCursor: null,
};

const withoutEts = {
  ...customerUser,
  permissions: customerUser.permissions.filter((p) => p.prefix !== 'ETS'),
  customerUserPermissions: customerUser.customerUserPermissions.filter((p) => p.permission.prefix !== 'ETS'),
};

describe('EDI tracking routes', () => {
  it('opens the consignments on errors first: ERROR and NOT_EXISTS of the last 7 days, said on the page', async () => {
    const queries: URLSearchParams[] = [];
    await renderRoute('/edi-tracking', customerUser, {
      'GET /api/tracking/ets/consignments': (request: Request) => {
        queries.push(new URL(request.url).searchParams);
        return list;
      },
      'GET /api/saved-views': [],
      'GET /api/list-columns/ediTracking.consignments': { columns: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Consignments' })).toBeTruthy();
    expect(screen.getByText('Showing errors and missing information from the last 7 days.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show everything' })).toBeTruthy();
    // The rows themselves are checked in the browser (mantine-datatable draws them after measuring).
    expect(await screen.findByRole('table', { name: 'Consignments' })).toBeTruthy();
    await screen.findByText('1–1 of 1');
    expect(queries.at(-1)?.get('status')).toBe('ERROR,NOT_EXISTS');
    expect(queries.at(-1)?.get('fromDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows a consignment with its status history, messages and documents', async () => {
    const detail: TGetEdiConsignmentResponse = {
      ...consignment,
      customer: { name: 'Göta Bostäder AB', customerNumber: 'SE100001' },
      sender: { customerNumber: 'SE100001', name: 'Göta Bostäder AB', address: 'Kungsgatan 1, Göteborg' },
      receiver: { customerNumber: null, name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, Hamburg' },
      statusHistory: [
        { status: 'RECEIVED', at: '2026-11-20T08:00:00.000Z', reason: null },
        {
          status: 'NOT_EXISTS',
          at: '2026-11-20T08:01:00.000Z',
          reason: 'No trading-partner agreement found',
        },
      ],
      documents: [],
      messages: [
        {
          ref: 77,
          messageId: 'M000000077',
          consignmentId: 'C202600000042',
          customerId: 1,
          direction: 'OUTBOUND',
          category: 'order',
          messageType: 'ORDERS',
          status: 'NOT_EXISTS',
          sizeBytes: 2048,
          senderName: 'Göta Bostäder AB',
          receiverName: 'Zeta Partner GmbH',
          filename: consignment.filename,
          createdAt: '2026-11-20T08:00:00.000Z',
          errorMessage: null,
        },
      ],
    };
    await renderRoute('/edi-tracking/files/C202600000042', customerUser, {
      'GET /api/tracking/ets/consignments/C202600000042': detail,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Consignment' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Status history' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'M000000077' })[0]!.getAttribute('href')).toContain(
      '/edi-tracking/messages/M000000077/C202600000042',
    );
    expect(screen.getByText('This consignment has no documents.')).toBeTruthy();
    expect(screen.getByText('Trading partner outside Service Hub')).toBeTruthy();
  });

  it('explains the refusal when the active account is neither sender nor receiver', async () => {
    await renderRoute('/edi-tracking/messages/M1/C1', customerUser, {
      'GET /api/tracking/ets/messages/M1/C1': () =>
        Response.json(
          {
            status: 403,
            title: 'Forbidden',
            detail: 'Unauthorized, if ActiveAccounts CustomerNumber not the Sender or Receiver of Entity',
            errorCode: 'FORBIDDEN',
            requestId: 'r1',
          },
          { status: 403 },
        ),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This is not available in the active account')).toBeTruthy();
  });

  it('keeps a user without EDI tracking out of the section', async () => {
    const { router } = await renderRoute('/edi-tracking/files', withoutEts);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).not.toMatch(/^\/edi-tracking/);
    expect(screen.queryByRole('heading', { level: 1, name: 'Consignments' })).toBeNull();
  });
});
