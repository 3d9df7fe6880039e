import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ZAcknowledgeAlertRequest,
  ZCreateExpectedDeliveryRequest,
  type TAlert,
  type TExpectedDelivery,
  type TListExpectedDeliveriesResponse,
} from '@service-hub/contracts';
import { customerAdmin, customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const missing: TAlert = {
  id: '00000000-0000-4000-8000-00000000a1e1',
  kind: 'missingFile',
  status: 'open',
  raisedAt: '2026-11-26T05:01:00Z',
  resolvedAt: null,
  resolution: null,
  acknowledgement: null,
  details: {
    ruleId: '00000000-0000-4000-8000-0000000000e1',
    ruleName: 'Invoices to Kivra',
    filenamePattern: 'INV_*.xml',
    application: null,
    deadline: '06:00',
    deadlineAt: '2026-11-26T05:00:00.000Z',
    windowStartAt: '2026-11-25T05:00:00.000Z',
    timeZone: 'Europe/Oslo',
    minDocuments: null,
  },
};

const late: TAlert = {
  ...missing,
  id: '00000000-0000-4000-8000-00000000a1e2',
  status: 'resolved',
  raisedAt: '2026-11-25T05:01:00Z',
  resolvedAt: '2026-11-25T05:43:00Z',
  resolution: { reason: 'arrivedLate', lateMinutes: 42, fileId: 991 },
  details: { ...missing.details, deadlineAt: '2026-11-25T05:00:00.000Z' },
};

const refuse = (status: number, field?: string) =>
  Response.json(
    {
      status,
      title: status === 400 ? 'Bad Request' : 'Not Found',
      detail: 'Refused',
      errorCode: status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND',
      requestId: 'test',
      ...(field ? { errors: [{ field, code: 'required', message: 'This field cannot be empty.' }] } : {}),
    },
    { status },
  );

/** The alert API as the server answers: the acknowledgement checked by the contract, once only. */
function alertApi() {
  let acknowledged: TAlert['acknowledgement'] = null;
  const list = () => ({
    totalCount: 2,
    result: [{ ...missing, acknowledgement: acknowledged }, late],
  });
  return {
    'GET /api/alerts': list,
    [`POST /api/alerts/${missing.id}/acknowledge`]: async (request: Request) => {
      const body = ZAcknowledgeAlertRequest.safeParse(await request.json());
      if (!body.success) return refuse(400, 'body.comment');
      if (acknowledged) return refuse(409);
      acknowledged = { at: '2026-11-26T06:10:00Z', byName: 'Test User', comment: body.data.comment };
      return { ...missing, acknowledgement: acknowledged };
    },
  };
}

const rule: TExpectedDelivery = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Invoices to Kivra',
  filenamePattern: 'INV_*.xml',
  application: null,
  deadline: '06:00',
  timeZone: 'Europe/Oslo',
  days: 'businessDays',
  minDocuments: null,
  enabled: true,
  nextDeadlineAt: '2026-11-27T05:00:00.000Z',
  lastDeadlines: [
    {
      deadlineAt: '2026-11-26T05:00:00.000Z',
      outcome: 'missing',
      lateMinutes: null,
      fileId: null,
      arrivedAt: null,
    },
    {
      deadlineAt: '2026-11-25T05:00:00.000Z',
      outcome: 'late',
      lateMinutes: 42,
      fileId: 991,
      arrivedAt: '2026-11-25T05:42:00.000Z',
    },
    {
      deadlineAt: '2026-11-24T05:00:00.000Z',
      outcome: 'onTime',
      lateMinutes: null,
      fileId: 990,
      arrivedAt: '2026-11-24T04:40:00.000Z',
    },
  ],
  created: '2026-11-20T10:00:00Z',
  modified: '2026-11-20T10:00:00Z',
};

/** The expected deliveries API: creation checked by the same contract as the server. */
function expectedApi() {
  const rules: TExpectedDelivery[] = [rule];
  const created: unknown[] = [];
  const list = (): TListExpectedDeliveriesResponse => ({
    rules,
    applications: ['Invoice', 'Reminder'],
    defaultTimeZone: 'Europe/Stockholm',
  });
  return {
    created,
    stubs: {
      'GET /api/expected-deliveries': list,
      'POST /api/expected-deliveries': async (request: Request) => {
        const body = ZCreateExpectedDeliveryRequest.safeParse(await request.json());
        if (!body.success) return refuse(400, 'body.filenamePattern');
        created.push(body.data);
        const next: TExpectedDelivery = {
          ...rule,
          ...body.data,
          id: '00000000-0000-4000-8000-0000000000e2',
          timeZone: body.data.timeZone ?? 'Europe/Stockholm',
          lastDeadlines: [],
        };
        rules.push(next);
        return next;
      },
    },
  };
}

describe('alerts route', () => {
  it('lists the account’s alerts with what they are about and a link to the matching files, and acknowledges one with a comment', async () => {
    await renderRoute('/alerts?activeAccountId=1&status=all', customerUser, alertApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeTruthy();
    const open = await screen.findByRole('article', {
      name: 'Invoices to Kivra: no file by 2026-11-26, 06:00 (Europe/Oslo)',
    });
    expect(within(open).getByText('No file matching INV_*.xml had arrived.')).toBeTruthy();
    const files = within(open).getByRole('link', { name: 'Show matching files' });
    expect(files.getAttribute('href')).toContain('/tracking/files?filename=INV_&filenameOperator=startsWith');
    const resolved = screen.getByRole('article', { name: /no file by 2026-11-25, 06:00/ });
    expect(within(resolved).getByText(/the file arrived 42 min late/)).toBeTruthy();
    expect(within(resolved).getByRole('link', { name: 'Open the file' }).getAttribute('href')).toBe(
      '/tracking/files/991/file-details?activeAccountId=1',
    );

    fireEvent.click(within(open).getByRole('button', { name: /^Acknowledge: Invoices to Kivra/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge alert' });
    // Nothing written: the same rule as the server's.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText('This field cannot be empty.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Called the sender; the file comes at 09:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Called the sender; the file comes at 09:00/)).toBeTruthy();
    expect(screen.getByText(/Acknowledged by Test User/)).toBeTruthy();
  });

  it('keeps expected deliveries from customer users', async () => {
    const { router } = await renderRoute(
      '/alerts/expected-deliveries?activeAccountId=1',
      customerUser,
      expectedApi().stubs,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows an administrator each rule with its last deadlines, and creates a new one checked by the contract', async () => {
    const api = expectedApi();
    await renderRoute('/alerts/expected-deliveries?activeAccountId=2', customerAdmin, api.stubs);
    const card = await screen.findByRole('article', { name: 'Invoices to Kivra' });
    expect(
      within(card).getByText(/A file matching INV_\*\.xml by 06:00 \(Europe\/Oslo\) on business days/),
    ).toBeTruthy();
    const chips = within(card).getByRole('list', { name: 'Last deadlines, newest first' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('missing'),
      expect.stringContaining('late by 42 min'),
      expect.stringContaining('on time'),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'New expected delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'New expected delivery' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Reminders' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The pattern is required by the contract: no request is sent.
    expect(await within(dialog).findByText('This field cannot be empty.')).toBeTruthy();
    expect(api.created).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^File name pattern/ }), {
      target: { value: 'REM_??.csv' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.created).toEqual([
      expect.objectContaining({
        name: 'Reminders',
        filenamePattern: 'REM_??.csv',
        deadline: '06:00',
        timeZone: 'Europe/Stockholm',
        days: 'businessDays',
        minDocuments: null,
        application: null,
      }),
    ]);
    expect(await screen.findByRole('article', { name: 'Reminders' })).toBeTruthy();
  });
});
