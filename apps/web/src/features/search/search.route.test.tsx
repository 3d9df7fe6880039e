import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TGetSearchHistoryResponse, TSearchResponse, TSearchResult } from '@service-hub/contracts';
import { customerUser, GOTA, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const invoice: TSearchResult = {
  kind: 'trackingDocument',
  id: '4711',
  key: '4711',
  consignmentId: null,
  title: '4006468',
  detail: 'DOC-4006468 · Hedda Holm',
  matchedField: 'invoiceNumber',
  exact: true,
  status: 'Rejected',
  date: '2026-11-24T06:00:00Z',
  account: { id: MALARDALEN.id, name: MALARDALEN.name, customerNumber: MALARDALEN.customerNumber },
};

const ediMessage: TSearchResult = {
  kind: 'ediMessage',
  id: 'MSG-88812',
  key: '91',
  consignmentId: 'CONS-1',
  title: 'MSG-88812',
  detail: 'INVOIC · Nordic → Baltic',
  matchedField: 'messageId',
  exact: false,
  status: 'ERROR',
  date: '2026-11-24T07:00:00Z',
  account: { id: GOTA.id, name: GOTA.name, customerNumber: GOTA.customerNumber },
};

const emptyHistory: TGetSearchHistoryResponse = { searches: [], opened: [] };

describe('the header search', () => {
  it('asks the server after typing stops, groups what it answers and opens a result in its account', async () => {
    const asked: string[] = [];
    const remembered: unknown[] = [];
    const { router } = await renderRoute(`/dashboard?activeAccountId=${GOTA.id}`, customerUser, {
      'GET /api/search/history': emptyHistory,
      'GET /api/search': (request: Request): TSearchResponse => {
        const q = new URL(request.url).searchParams.get('q')!;
        asked.push(q);
        return {
          query: q,
          groups: [
            { kind: 'trackingDocument', results: [invoice], more: false },
            { kind: 'ediMessage', results: [ediMessage], more: true },
          ],
        };
      },
      'POST /api/search/history': async (request: Request) => {
        remembered.push(await request.json());
        return undefined;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Search in all your accounts' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '4006468');
    const documents = await within(dialog).findByRole('group', { name: 'Documents' });
    const result = within(documents).getByRole('button', { name: /^4006468/ });
    expect(result.textContent).toContain('Invoice number · DOC-4006468 · Hedda Holm');
    expect(result.textContent).toContain('Rejected');
    expect(result.textContent).toContain('Mälardalens Vatten AB');
    const messages = within(dialog).getByRole('group', { name: 'EDI messages' });
    expect(messages.textContent).toContain('More match: type more of it to narrow the results.');
    expect(within(messages).getByRole('button', { name: /^MSG-88812/ }).textContent).toContain('Error');
    // One request for the whole word, not one per keystroke.
    expect(asked).toEqual(['4006468']);

    await user.click(result);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/tracking/documents/4711/delivery?activeAccountId=${MALARDALEN.id}`,
      ),
    );
    await waitFor(() =>
      expect(remembered).toEqual([
        {
          query: '4006468',
          kind: 'trackingDocument',
          id: '4711',
          consignmentId: null,
          accountId: MALARDALEN.id,
        },
      ]),
    );
  });

  it('opens with Ctrl+K and shows recent searches, which fill the field', async () => {
    await renderRoute('/dashboard', customerUser, {
      'GET /api/search/history': {
        searches: [{ query: 'INV_2026', usedAt: '2026-11-24T06:00:00Z' }],
        opened: [ediMessage],
      } satisfies TGetSearchHistoryResponse,
      'GET /api/search': (request: Request): TSearchResponse => ({
        query: new URL(request.url).searchParams.get('q')!,
        groups: [],
      }),
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Search in all your accounts' });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    const opened = await within(dialog).findByRole('group', { name: 'Recently opened' });
    expect(within(opened).getByRole('button', { name: /^MSG-88812/ })).toBeTruthy();
    const recent = within(dialog).getByRole('group', { name: 'Recent searches' });
    await user.click(within(recent).getByRole('button', { name: 'INV_2026' }));
    expect(within(dialog).getByRole<HTMLInputElement>('textbox').value).toBe('INV_2026');
    expect(await within(dialog).findByText('Nothing found for “INV_2026” in your accounts.')).toBeTruthy();
  });
});

describe('asking support from a search result', () => {
  it('offers it only where the user has support, and opens the new case about the item', async () => {
    const gotaDocument: TSearchResult = {
      ...invoice,
      id: '815',
      key: '815',
      title: 'DOC-815',
      account: { id: GOTA.id, name: GOTA.name, customerNumber: GOTA.customerNumber },
    };
    const { router } = await renderRoute('/dashboard', customerUser, {
      'GET /api/search/history': emptyHistory,
      'GET /api/search': (request: Request): TSearchResponse => ({
        query: new URL(request.url).searchParams.get('q')!,
        groups: [{ kind: 'trackingDocument', results: [gotaDocument, invoice], more: false }],
      }),
      'POST /api/search/history': undefined,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Search in all your accounts' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'DOC');
    await within(dialog).findByRole('button', { name: /^DOC-815/ });
    // Mälardalen's invoice: the user has no support there, so nothing offers to ask about it.
    expect(within(dialog).queryByRole('button', { name: 'Ask support about 4006468' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ask support about DOC-815' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/support/cases/new?activeAccountId=${GOTA.id}&about=trackingDocument:815`,
      ),
    );
  });
});

describe('when the search fails', () => {
  it('says so in the dialog and keeps the field to try again', async () => {
    await renderRoute('/dashboard', customerUser, {
      'GET /api/search/history': emptyHistory,
      'GET /api/search': () =>
        Response.json(
          {
            status: 503,
            title: 'Service Unavailable',
            detail: 'The service is briefly unavailable. Please try again in a moment.',
            errorCode: 'SERVICE_UNAVAILABLE',
            requestId: 'test',
          },
          { status: 503 },
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Search in all your accounts' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Type an invoice number/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '4006468');
    expect(await within(dialog).findByText('The search failed. Try again in a moment.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox').value).toBe('4006468');
  });
});
