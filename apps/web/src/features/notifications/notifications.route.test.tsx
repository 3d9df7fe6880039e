import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TListNotificationsResponse } from '@service-hub/contracts';
import { customerAdmin, customerUser, userWithoutAccounts } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const list: TListNotificationsResponse = {
  newCount: 1,
  notifications: [
    {
      id: 2,
      type: 'caseReply',
      payload: { caseNumber: 'CS-000005' },
      created: '2026-03-02T08:00:00Z',
      isNew: true,
    },
    { id: 1, type: 'reportReady', payload: {}, created: '2026-03-01T08:00:00Z', isNew: false },
  ],
};

describe('notifications in the frame', () => {
  it('count the new ones on the bell, list them all, and mark them read', async () => {
    let cleared = false;
    await renderRoute('/account', customerUser, {
      'GET /api/notifications': list,
      'GET /api/v3/user/mfa': { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } },
      // The API answers 204 without content.
      'POST /api/notifications/clear-new': () => {
        cleared = true;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    // jsdom lays nothing out, so the popover's positioning deems the bell detached and hides the
    // open dropdown with display: none: its content is queried including hidden elements.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const reply = await within(dialog).findByText('New reply in support case CS-000005');
    expect(reply.nextElementSibling?.textContent).toMatch(/ · New$/);
    const report = within(dialog).getByText('Your report is ready to download');
    expect(report.nextElementSibling?.textContent).not.toMatch(/New/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 new' })).toBeTruthy();
    expect(cleared).toBe(true);
  });

  it("lead from an alert to its account's alert page", async () => {
    await renderRoute('/account', customerUser, {
      'GET /api/notifications': {
        newCount: 1,
        notifications: [
          {
            id: 4,
            type: 'alertRaised',
            payload: {
              alertId: '3f2504e0-4f89-41d3-9a0c-0305e82c4401',
              customerId: 2,
              kind: 'documentsRejected',
              customerName: 'Mälardalens Vatten AB',
            },
            created: '2026-03-02T08:00:00Z',
            isNew: true,
          },
          {
            id: 3,
            type: 'alertResolved',
            payload: {
              alertId: '3f2504e0-4f89-41d3-9a0c-0305e82c4402',
              customerId: 1,
              kind: 'ediMessageFailed',
              customerName: 'Göta Bostäder AB',
            },
            created: '2026-03-01T08:00:00Z',
            isNew: false,
          },
        ],
      } satisfies TListNotificationsResponse,
      'GET /api/v3/user/mfa': { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const raised = await within(dialog).findByRole('link', {
      name: 'New alert for Mälardalens Vatten AB',
      hidden: true,
    });
    expect(raised.getAttribute('href')).toBe('/alerts?activeAccountId=2');
    const resolved = within(dialog).getByRole('link', {
      name: 'An alert for Göta Bostäder AB is resolved',
      hidden: true,
    });
    expect(resolved.getAttribute('href')).toBe('/alerts?activeAccountId=1');
  });

  it("lead from access requests to the account's requests, the approved account and one's own requests", async () => {
    await renderRoute('/account', customerAdmin, {
      'GET /api/notifications': {
        newCount: 3,
        notifications: [
          {
            id: 7,
            type: 'accessRequestReceived',
            payload: { customerId: 2, customerName: 'Mälardalens Vatten AB', person: 'Nora Lind' },
            created: '2026-03-03T08:00:00Z',
            isNew: true,
          },
          {
            id: 6,
            type: 'accessRequestApproved',
            payload: { customerId: 3, customerName: 'Bergen Boligbyggelag AS' },
            created: '2026-03-02T08:00:00Z',
            isNew: true,
          },
          {
            id: 5,
            type: 'accessRequestDeclined',
            payload: { customerNumber: 'SE4711' },
            created: '2026-03-01T08:00:00Z',
            isNew: true,
          },
        ],
      } satisfies TListNotificationsResponse,
      'GET /api/v3/user/mfa': { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 new' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const link = (name: string) => within(dialog).findByRole('link', { name, hidden: true });
    expect((await link('Nora Lind asks for access to Mälardalens Vatten AB')).getAttribute('href')).toBe(
      '/accountsettings/access-requests?activeAccountId=2',
    );
    expect((await link('You now have access to Bergen Boligbyggelag AS')).getAttribute('href')).toBe(
      '/dashboard?activeAccountId=3',
    );
    expect((await link('Your access request for SE4711 was declined')).getAttribute('href')).toBe(
      '/access-requests',
    );
  });

  it('are not shown to someone the frame refuses', async () => {
    await renderRoute('/account', userWithoutAccounts, { 'GET /api/notifications': list });
    // Someone without an account asks for one instead of the app (features/access-requests).
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for access' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
