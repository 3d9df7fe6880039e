import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCreateWebhookEndpointRequest, TListWebhookDeliveriesResponse } from '@service-hub/contracts';
import { customerAdmin, customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';
import { webhookEndpoint } from './webhook-endpoint.fixtures';

const endpoint = webhookEndpoint();

const log: TListWebhookDeliveriesResponse = {
  totalCount: 1,
  page: 1,
  pageSize: 25,
  result: [
    {
      id: `msg_${'a'.repeat(32)}`,
      endpointId: endpoint.id,
      endpointUrl: endpoint.url,
      eventType: 'document.rejected',
      sequence: 4711,
      state: 'failed',
      nextAttemptAt: null,
      created: '2026-11-21T09:00:00Z',
      attempts: [
        {
          at: '2026-11-21T09:00:01Z',
          trigger: 'event',
          httpStatus: 500,
          latencyMs: 85,
          responseExcerpt: 'database is down',
          error: null,
          succeeded: false,
        },
        {
          at: '2026-11-21T09:00:20Z',
          trigger: 'retry',
          httpStatus: null,
          latencyMs: 10_000,
          responseExcerpt: null,
          error: 'timeout',
          succeeded: false,
        },
      ],
    },
  ],
};

/** What the API answers a registration: private addresses refused as the server refuses them. */
const create = async (request: Request) => {
  const body = (await request.json()) as TCreateWebhookEndpointRequest;
  if (new URL(body.url).hostname.startsWith('10.'))
    return new Response(
      JSON.stringify({
        status: 400,
        title: 'Bad Request',
        detail: 'This address leads to a private or reserved network, which the Hub does not deliver to.',
        requestId: 'test',
        errorCode: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'body.url',
            code: 'invalidValue',
            message: 'This address leads to a private or reserved network.',
            params: { reason: 'blockedAddress' },
          },
        ],
      }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );
  return { endpoint: { ...endpoint, url: body.url }, secret: `whsec_${'A'.repeat(43)}=` };
};

const api = {
  'GET /api/webhooks/endpoints': [endpoint],
  'POST /api/webhooks/endpoints': create,
  [`GET /api/webhooks/endpoints/${endpoint.id}`]: endpoint,
  'GET /api/webhooks/deliveries': log,
};

describe('webhook routes', () => {
  it('list the active account’s webhooks, each linked to its page, with the way to a new one', async () => {
    await renderRoute('/developer/webhooks', customerAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: endpoint.url });
    expect(link.getAttribute('href')).toBe(`/developer/webhooks/${endpoint.id}`);
    expect(within(link.closest('tr')!).getByText('File arrived, Document rejected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add webhook' }).getAttribute('href')).toBe(
      '/developer/webhooks/new',
    );
  });

  it('register a webhook: a private address is refused on its field, then the secret is shown once', async () => {
    await renderRoute('/developer/webhooks/new', customerAdmin, api);
    const url = await screen.findByRole('textbox', { name: /Address \(https\)/ });
    fireEvent.change(url, { target: { value: 'https://10.0.0.8/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /File arrived/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/leads to a private or reserved network/)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://erp.example.com/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Copy the signing secret now. You will not see it again.')).toBeTruthy();
    expect(screen.getByLabelText('Signing secret').textContent).toBe(`whsec_${'A'.repeat(43)}=`);
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
  });

  it('check the address and the events in the browser first', async () => {
    await renderRoute('/developer/webhooks/new', customerAdmin, api);
    const url = await screen.findByRole('textbox', { name: /Address \(https\)/ });
    fireEvent.change(url, { target: { value: 'http://erp.example.com/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('The address must start with https://.')).toBeTruthy();
    expect(screen.getByText('Choose at least one event.')).toBeTruthy();
  });

  it('show an endpoint with its settings and actions', async () => {
    await renderRoute(`/developer/webhooks/${endpoint.id}`, customerAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: endpoint.url })).toBeTruthy();
    for (const name of ['Switch off', 'Send test event', 'Rotate secret', 'Delete', 'Save changes'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Delivery log' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Document rejected/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('show the delivery log with each attempt, its answer and what went wrong', async () => {
    await renderRoute(`/developer/webhooks/${endpoint.id}/deliveries`, customerAdmin, api);
    const state = await screen.findByText('Failed');
    const row = state.closest('tr')!;
    expect(within(row).getByText('Document rejected')).toBeTruthy();
    expect(within(row).getByText('Attempts: 2 · last: No answer within 10 seconds')).toBeTruthy();
    fireEvent.click(within(row).getByText('Document rejected'));
    expect(await screen.findByText('database is down')).toBeTruthy();
    expect(screen.getByText('Retry')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replay failed' })).toBeTruthy();
  });

  it('send a customer user to the dashboard', async () => {
    const { router } = await renderRoute('/developer/webhooks', customerUser, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
  });
});
