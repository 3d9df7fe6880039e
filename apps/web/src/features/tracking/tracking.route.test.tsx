import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_CHANNEL_KEYS,
  TRACKING_STATUSES,
  type TCurrentUser,
  type TGetTrackingOverviewResponse,
  type TTrackingFile,
  type TTrackingFileSummary,
} from '@service-hub/contracts';
import { customerUser, GOTA } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';
import { zeroCounts } from '../../test/zero-counts';

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

/** Three days of documents: e-mail and print on the first two, nothing on the third. */
const overview: TGetTrackingOverviewResponse = {
  fromDate: '2026-03-14',
  toDate: '2026-03-16',
  timeZone: 'Europe/Stockholm',
  files: { total: 2, byStatus: { ...zeroCounts(TRACKING_STATUSES), Delivered: 2 } },
  documents: {
    total: 1100,
    byStatus: { ...zeroCounts(TRACKING_STATUSES), Delivered: 1100 },
    byChannel: { ...zeroCounts(DELIVERY_CHANNEL_KEYS), email: 700, print: 400 },
  },
  channelsByDay: [
    { date: '2026-03-14', channels: { ...zeroCounts(DELIVERY_CHANNEL_KEYS), email: 600, print: 400 } },
    { date: '2026-03-15', channels: { ...zeroCounts(DELIVERY_CHANNEL_KEYS), email: 100 } },
    { date: '2026-03-16', channels: zeroCounts(DELIVERY_CHANNEL_KEYS) },
  ],
  attention: { files: [], documents: [] },
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

  it('chart the documents per channel and day, the same numbers in a table and under the pointer', async () => {
    await renderRoute('/tracking/overview', customerUser, { 'GET /api/tracking/stt/overview': overview });
    const chart = await screen.findByRole('region', { name: 'Documents per channel and day' });
    // For everyone: a table with a row per day and a column per channel that has documents.
    const table = within(chart).getByRole('table', { name: 'Documents per channel and day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DateE-mailPrint', '14 March 2026600400', '15 March 20261000', '16 March 202600']);
    // For the eye: each day a bar of its channels, heights on a scale of 0 to 1,000.
    const bars = chart.querySelectorAll('[aria-hidden="true"] [style*="height"]');
    expect([...bars].map((bar) => (bar as HTMLElement).style.height)).toEqual(['60%', '40%', '10%']);
    const ticks = within(chart.querySelector('[aria-hidden="true"]') as HTMLElement).getAllByText(
      /^[\d\s,]+$/,
    );
    expect(ticks.map((tick) => tick.textContent?.replace(/\s/g, ' '))).toEqual([
      '0',
      '250',
      '500',
      '750',
      '1 000',
    ]);
    await userEvent.hover(bars[0]!.parentElement!);
    expect(await screen.findByText('E-mail: 600')).toBeTruthy();
    expect(screen.getByText('Print: 400')).toBeTruthy();
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
