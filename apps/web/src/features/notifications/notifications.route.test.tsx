import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TListNotificationsResponse } from '@service-hub/contracts';
import { customerUser, userWithoutAccounts } from '../../lib/access/route-access.fixtures';
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

  it('are not shown to someone the frame refuses', async () => {
    await renderRoute('/account', userWithoutAccounts, { 'GET /api/notifications': list });
    expect(await screen.findByText(/User not owned by any Customer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
