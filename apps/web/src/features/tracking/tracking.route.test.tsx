import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCurrentUser, TTrackingFile, TTrackingFileSummary } from '@service-hub/contracts';
import { customerUser, GOTA } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const party = { name: null, streetAddress: null, postalCode: null, postOffice: null, countryCode: null };

/** The file as the list sends it. */
const summary: TTrackingFileSummary = {
  id: 41,
  filename: 'invoices-2026-03.xml',
  status: 'Delivered',
  channels: ['email'],
  arrivedAt: '2026-03-01T08:00:00Z',
  documentCount: 12,
  subCustomerId: null,
  customerAgreement: null,
  application: null,
  itemReference: null,
  senderName: null,
  receiverName: null,
  deliveryMode: null,
  lastStep: null,
  lastStepAt: null,
};

const file: TTrackingFile = {
  ...summary,
  externalId: null,
  deliveryFileIds: [],
  customer: { name: GOTA.name, customerNumber: GOTA.customerNumber },
  receiverCustomer: null,
  category: null,
  code: null,
  countryCode: null,
  direction: 'OUT',
  envelopes: 0,
  sheets: 0,
  inserts: 0,
  quantity: 0,
  sender: party,
  receiver: party,
  materials: [],
  deliveryChannels: [],
  statusLog: [],
};

const api = {
  'GET /api/tracking/stt/files': {
    totalCount: 1,
    totalCountExact: true,
    result: [summary],
    nextCursor: null,
  },
  [`GET /api/tracking/stt/files/${file.id}`]: file,
  'GET /api/saved-views': [],
  'GET /api/list-columns/files': { columns: null },
};

/** The customer user with track and trace taken away from every account. */
const withoutTracking: TCurrentUser = {
  ...customerUser,
  permissions: customerUser.permissions.filter((p) => p.prefix !== 'STT'),
  customerUserPermissions: customerUser.customerUserPermissions.filter((p) => p.permission.prefix !== 'STT'),
};

describe('tracking routes', () => {
  it('list the active account’s files, each linked to its delivery channels in that account', async () => {
    await renderRoute('/tracking/files', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: /Files/ })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'invoices-2026-03.xml' });
    expect(link.getAttribute('href')).toBe(`/tracking/files/41/delivery-channels?activeAccountId=${GOTA.id}`);
    expect(within(link.closest('tr')!).getByText('Delivered')).toBeTruthy();
  });

  it("say a channel's meaning when a pointer reaches its icon", async () => {
    await renderRoute('/tracking/files', customerUser, api);
    const icon = await screen.findByRole('img', { name: 'E-mail' });
    // Tabler's mail icon, its strokes in one path, without the icon's invisible bounding box.
    const strokes = [...icon.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(strokes).toEqual([expect.stringMatching(/^M3 7a2 2 0 0 1 2 -2h14.* M3 7l9 6l9 -6$/)]);
    expect(screen.queryByText(/electronic address/)).toBeNull();
    await userEvent.hover(icon);
    const label = "Sent to the recipient's electronic address (e-mail, Vipps or invoice network)";
    expect(await screen.findByText(label)).toBeTruthy();
    await userEvent.unhover(icon);
    await waitFor(() => expect(screen.queryByText(label)).toBeNull());
  });

  it('build the further filters when asked for, keep what was typed in them, and compare with a native list', async () => {
    const user = userEvent.setup();
    await renderRoute('/tracking/files', customerUser, api);
    await screen.findByRole('link', { name: 'invoices-2026-03.xml' });
    expect(screen.queryByRole('textbox', { name: 'File name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.type(await screen.findByRole('textbox', { name: 'File name' }), 'INV_');
    const operator = screen.getByRole('combobox', { name: 'File name: comparison' });
    expect(operator.tagName).toBe('SELECT');
    await user.selectOptions(operator, 'Starts with');
    await user.click(screen.getByRole('button', { name: 'Fewer filters' }));
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    // The panel opens just after its button (in the background): wait for it.
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'File name' })).value).toBe('INV_');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'File name: comparison' }).value).toBe(
      'startsWith',
    );
  });

  it('open a file on its first tab, the tabs leading to each other', async () => {
    const { router } = await renderRoute('/tracking/files/41', customerUser, api);
    expect(await screen.findByRole('heading', { level: 2, name: 'invoices-2026-03.xml' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tracking/files/41/delivery-channels');
    expect(screen.getByRole('tab', { name: 'Delivery channels', selected: true })).toBeTruthy();
    screen.getByRole('tab', { name: 'Status log' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking/files/41/status-log'));
  });

  it('send a user without track and trace to the dashboard', async () => {
    const { router } = await renderRoute('/tracking/files', withoutTracking, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: 'invoices-2026-03.xml' })).toBeNull();
  });
});
