import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCountOpenAlertsResponse } from '@service-hub/contracts';
import { receiveNotification } from '../features/notifications/api/list-notifications';
import { customerUser, GOTA, MALARDALEN, userWithoutAccounts } from '../lib/access/route-access.fixtures';
import { changeLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { storeActiveAccountId } from '../lib/session/active-account';
import { renderRoute } from '../test/render-route';

const TITLES: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden' };
const apiError = (status: number, detail: string, errorCode: string) =>
  Response.json({ status, title: TITLES[status], detail, errorCode, requestId: 'test' }, { status });

/**
 * GET /api/alerts/open-count as the server answers customerUser: the open alerts of an account the
 * user holds (Göta, Mälardalen), 403 for any other, 400 without a readable account id. `open` is
 * read at each request, so a test can change it between two of them.
 */
function openCountServer(open: Record<number, number>) {
  const asked: number[] = [];
  return {
    asked,
    open,
    stub: (request: Request) => {
      const raw = new URL(request.url).searchParams.get('activeAccountId') ?? '';
      if (!/^\d+$/.test(raw)) return apiError(400, 'Invalid request: querystring.', 'VALIDATION_FAILED');
      const id = Number(raw);
      asked.push(id);
      if (!customerUser.customers.some((c) => c.id === id))
        return apiError(403, 'You do not have access to this account.', 'FORBIDDEN');
      return { open: open[id] ?? 0 } satisfies TCountOpenAlertsResponse;
    },
  };
}

/**
 * The entry's name: its label, then the count in words. Browsers put a space between the two parts
 * (they sit in separate boxes); the test DOM has no layout and joins them as they are.
 */
const entry = (label: string, words?: string) => (words ? new RegExp(`^${label} ?${words}$`) : label);

const sidebar = async () => within(await screen.findByRole('navigation', { name: 'Main menu' }));

describe('the open alerts beside the sidebar’s Alerts entry', () => {
  it('shows the active account’s number, in words for screen readers, with plural forms in every language', async () => {
    const server = openCountServer({ [GOTA.id]: 3, [MALARDALEN.id]: 1 });
    storeActiveAccountId(GOTA.id);
    await renderRoute('/dashboard', customerUser, {
      'GET /api/alerts/open-count': server.stub,
    });
    // The menu's own name changes with the language: held once, in English.
    const menu = await sidebar();
    const link = await menu.findByRole('link', { name: entry('Alerts', '3 open alerts') });
    // Drawn as a badge beside the label, hidden from screen readers, who hear the words instead.
    expect(within(link).getByText('3').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(server.asked).toEqual([GOTA.id]);
    // Collapsed to icons, the name carries the label and the count (the badge's digits included).
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(await menu.findByRole('link', { name: 'Alerts, 3 open alerts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));

    await act(() => changeLanguage('fi'));
    expect(await menu.findByRole('link', { name: entry('Hälytykset', '3 avointa hälytystä') })).toBeTruthy();
    await act(() => changeLanguage('sv'));
    expect(await menu.findByRole('link', { name: entry('Larm', '3 öppna larm') })).toBeTruthy();
    await act(() => changeLanguage('en-SE'));
  });

  it('says one alert in the singular', async () => {
    const server = openCountServer({ [MALARDALEN.id]: 1, [GOTA.id]: 0 });
    storeActiveAccountId(MALARDALEN.id);
    await renderRoute('/dashboard', customerUser, {
      'GET /api/alerts/open-count': server.stub,
    });
    expect(
      await (await sidebar()).findByRole('link', { name: entry('Alerts', '1 open alert') }),
    ).toBeTruthy();
  });

  it('shows nothing at all when none is open', async () => {
    const none = openCountServer({ [GOTA.id]: 0 });
    storeActiveAccountId(GOTA.id);
    await renderRoute('/dashboard', customerUser, {
      'GET /api/alerts/open-count': none.stub,
    });
    await waitFor(() => expect(none.asked).toEqual([GOTA.id]));
    const link = (await sidebar()).getByRole('link', { name: 'Alerts' });
    expect(link.textContent).toBe('Alerts');
  });

  it('reads the number again when the bell’s live stream brings an alert of the account', async () => {
    const server = openCountServer({ [GOTA.id]: 2 });
    storeActiveAccountId(GOTA.id);
    await renderRoute('/dashboard', customerUser, {
      'GET /api/alerts/open-count': server.stub,
    });
    await (await sidebar()).findByRole('link', { name: entry('Alerts', '2 open alerts') });
    server.open[GOTA.id] = 3;
    // What the stream does with a pushed notification (notification-stream.ts → the bell).
    act(() =>
      receiveNotification(queryClient, {
        id: 41,
        type: 'alertRaised',
        payload: { customerId: GOTA.id, customerName: GOTA.name },
        isNew: true,
        created: '2026-11-26T06:01:00.000Z',
      }),
    );
    expect(
      await (await sidebar()).findByRole('link', { name: entry('Alerts', '3 open alerts') }),
    ).toBeTruthy();
    expect(server.asked).toEqual([GOTA.id, GOTA.id]);
  });

  it('asks nothing for someone without the Alerts entry', async () => {
    const server = openCountServer({});
    await renderRoute('/dashboard', userWithoutAccounts, { 'GET /api/alerts/open-count': server.stub });
    // No account, so no Alerts entry: the page asks for access to one instead.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for access' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Alerts/ })).toBeNull();
    expect(server.asked).toEqual([]);
  });
});
