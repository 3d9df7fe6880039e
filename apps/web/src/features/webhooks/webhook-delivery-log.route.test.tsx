import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ZListWebhookDeliveriesRequest,
  ZReplayFailedWebhookDeliveriesRequest,
  type TListWebhookDeliveriesRequest,
  type TReplayFailedWebhookDeliveriesRequest,
  type TWebhookDelivery,
  type TWebhookEndpoint,
} from '@service-hub/contracts';
import { customerAdmin, customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';
import { webhookEndpoint } from './webhook-endpoint.fixtures';

/*
 * The account-wide delivery log at /developer/webhooks/deliveries (issue 22: "filter by endpoint").
 * The stubbed API reads its query and bodies with the operation's own schemas and refuses what the
 * server refuses, so a request the page builds wrongly fails here as it would in production.
 */

const LOG = '/developer/webhooks/deliveries';

const erp = webhookEndpoint({ url: 'https://erp.example.com/hub-events/production/invoices-and-letters' });

/** Switched off after three days of failures: its deliveries cannot be replayed, its test events can. */
const warehouse: TWebhookEndpoint = {
  ...erp,
  id: '00000000-0000-4000-8000-00000000e002',
  url: 'https://dwh.example.com/ingest',
  description: '',
  eventTypes: ['document.delivered'],
  enabled: false,
  disabledReason: 'failing',
  disabledAt: '2026-11-24T08:00:00Z',
};

const delivery = (
  n: number,
  endpoint: TWebhookEndpoint,
  eventType: TWebhookDelivery['eventType'],
  state: TWebhookDelivery['state'],
): TWebhookDelivery => ({
  id: `msg_${String(n).repeat(32)}`,
  endpointId: endpoint.id,
  endpointUrl: endpoint.url,
  eventType,
  sequence: eventType === 'webhook.test' ? null : 4700 + n,
  state,
  nextAttemptAt: null,
  created: `2026-11-2${n}T09:00:00Z`,
  attempts: [
    {
      at: `2026-11-2${n}T09:00:01Z`,
      trigger: eventType === 'webhook.test' ? 'test' : 'event',
      httpStatus: state === 'succeeded' ? 200 : 503,
      latencyMs: 120,
      responseExcerpt: state === 'succeeded' ? 'ok' : 'warehouse is loading',
      error: null,
      succeeded: state === 'succeeded',
    },
  ],
});

/** Newest first, as the API sorts them. */
const deliveries = [
  delivery(5, warehouse, 'webhook.test', 'failed'),
  delivery(4, warehouse, 'document.delivered', 'failed'),
  delivery(3, erp, 'document.rejected', 'succeeded'),
  delivery(2, erp, 'file.arrived', 'failed'),
];

const refuse = (status: 400 | 404 | 409, field?: string) =>
  Response.json(
    {
      status,
      title: { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' }[status],
      detail: 'Refused',
      errorCode: { 400: 'VALIDATION_FAILED', 404: 'NOT_FOUND', 409: 'CONFLICT' }[status],
      requestId: 'test',
      ...(field ? { errors: [{ field, code: 'invalidValue', message: 'Invalid value' }] } : {}),
    },
    { status },
  );

/** The webhook API of the active account as the server answers it, with what the page asked for. */
function webhookApi() {
  const asked: TListWebhookDeliveriesRequest[] = [];
  const replayedFailed: TReplayFailedWebhookDeliveriesRequest[] = [];
  const endpointPaths: string[] = [];
  const known = new Map([erp, warehouse].map((e) => [e.id, e]));
  const stubs = {
    'GET /api/webhooks/endpoints': [erp, warehouse],
    [`GET /api/webhooks/endpoints/${erp.id}`]: erp,
    // What the server answers a path that is no UUID; the log's address must never get here.
    'GET /api/webhooks/endpoints/deliveries': (request: Request) => {
      endpointPaths.push(new URL(request.url).pathname);
      return refuse(400, 'params.endpointId');
    },
    'GET /api/webhooks/deliveries': (request: Request) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      if (!/^\d+$/.test(query.activeAccountId ?? '')) return refuse(400, 'querystring.activeAccountId');
      const parsed = ZListWebhookDeliveriesRequest.safeParse(query);
      if (!parsed.success) return refuse(400, `querystring.${String(parsed.error.issues[0]?.path[0])}`);
      const q = parsed.data;
      asked.push(q);
      const result = deliveries.filter(
        (d) =>
          (!q.endpointId || d.endpointId === q.endpointId) &&
          (!q.eventType || d.eventType === q.eventType) &&
          (!q.state || d.state === q.state),
      );
      return { totalCount: result.length, page: q.page, pageSize: q.pageSize, result };
    },
    'POST /api/webhooks/deliveries/replay-failed': async (request: Request) => {
      const body: unknown = await request.json();
      const parsed = ZReplayFailedWebhookDeliveriesRequest.safeParse(body);
      if (!parsed.success) return refuse(400, `body.${String(parsed.error.issues[0]?.path[0])}`);
      if (parsed.data.endpointId && !known.has(parsed.data.endpointId)) return refuse(404);
      replayedFailed.push(body as TReplayFailedWebhookDeliveriesRequest);
      // Only enabled endpoints' failed deliveries are sent again.
      const replayed = deliveries.filter(
        (d) =>
          d.state === 'failed' &&
          known.get(d.endpointId)?.enabled &&
          (!parsed.data.endpointId || d.endpointId === parsed.data.endpointId),
      ).length;
      return { replayed, remaining: 0 };
    },
  };
  return { stubs, asked, replayedFailed, endpointPaths };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('the account-wide webhook delivery log', () => {
  it('is its own page, not an endpoint called "deliveries", and lists the deliveries of every endpoint with their endpoint', async () => {
    const api = webhookApi();
    const { router } = await renderRoute(LOG, customerAdmin, api.stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery log' })).toBeTruthy();
    expect(router.state.matches.at(-1)?.route.id).toBe('webhooks.deliveryLog');
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    await within(table).findByText('Document rejected');
    const erpLinks = within(table).getAllByRole('link', { name: erp.url });
    expect(erpLinks).toHaveLength(2);
    expect(erpLinks[0]!.getAttribute('href')).toBe(`/developer/webhooks/${erp.id}`);
    // Shortened on the screen, whole in the tooltip.
    expect(erpLinks[0]!.getAttribute('title')).toBe(erp.url);
    expect(within(table).getAllByRole('link', { name: warehouse.url })).toHaveLength(2);
    expect(api.asked.at(-1)?.endpointId).toBeUndefined();
    expect(api.endpointPaths).toEqual([]);
    expect(screen.getByRole('link', { name: 'All webhooks' }).getAttribute('href')).toBe(
      '/developer/webhooks',
    );
  });

  it('filters by endpoint: the request names it, the address keeps it, and replay-failed is for it only', async () => {
    const api = webhookApi();
    const user = userEvent.setup();
    const { router } = await renderRoute(`${LOG}?state=failed`, customerAdmin, api.stubs);
    await screen.findByText('File arrived');
    await user.click(screen.getByRole('combobox', { name: 'Webhook' }));
    await user.click(
      await screen.findByRole('option', { name: `ERP production – ${erp.url}`, hidden: true }),
    );
    await waitFor(() => expect(api.asked.at(-1)).toMatchObject({ endpointId: erp.id, state: 'failed' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('endpointId')).toBe(erp.id);
    expect(search.get('state')).toBe('failed');
    await waitFor(() => expect(screen.queryByText('Document delivered')).toBeNull());
    expect(screen.getByText('File arrived')).toBeTruthy();
    expect(screen.getByText(`Only for ${erp.url}.`)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^From/, { selector: 'form input' }), {
      target: { value: '2026-11-20T00:00' },
    });
    fireEvent.change(screen.getByLabelText(/^To/, { selector: 'form input' }), {
      target: { value: '2026-11-26T00:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Replay failed' }));
    expect(await screen.findByText('Deliveries sent again: 1.')).toBeTruthy();
    expect(api.replayedFailed).toEqual([
      {
        from: new Date('2026-11-20T00:00').toISOString(),
        to: new Date('2026-11-26T00:00').toISOString(),
        endpointId: erp.id,
      },
    ]);
  });

  it('replays the failed deliveries of every endpoint without naming one', async () => {
    const api = webhookApi();
    const user = userEvent.setup();
    await renderRoute(LOG, customerAdmin, api.stubs);
    await screen.findByText('File arrived');
    expect(
      screen.getByText(
        'For every webhook of the account. Choose a webhook in the filter above to replay only its deliveries.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^From/, { selector: 'form input' }), {
      target: { value: '2026-11-20T00:00' },
    });
    fireEvent.change(screen.getByLabelText(/^To/, { selector: 'form input' }), {
      target: { value: '2026-11-26T00:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Replay failed' }));
    expect(await screen.findByText('Deliveries sent again: 1.')).toBeTruthy();
    expect(api.replayedFailed).toHaveLength(1);
    expect(Object.keys(api.replayedFailed[0]!).sort()).toEqual(['from', 'to']);
  });

  it('falls back to the default for each value of the address the API would refuse, and for an endpoint of no webhook of the account', async () => {
    const api = webhookApi();
    const refused = await renderRoute(
      `${LOG}?endpointId=not-a-uuid&state=lost&eventType=document.rejected&page=-3`,
      customerAdmin,
      api.stubs,
    );
    await screen.findByText('Document rejected');
    expect(api.asked.at(-1)).toEqual(ZListWebhookDeliveriesRequest.parse({ eventType: 'document.rejected' }));
    expect((screen.getByRole('combobox', { name: 'Webhook' }) as HTMLInputElement).value).toBe(
      'All webhooks',
    );
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLInputElement).value).toBe('All states');
    refused.unmount();

    const other = webhookApi();
    await renderRoute(`${LOG}?endpointId=00000000-0000-4000-8000-00000000ffff`, customerAdmin, other.stubs);
    await screen.findByText('Document rejected');
    expect(other.asked.every((q) => q.endpointId === undefined)).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Webhook' }) as HTMLInputElement).value).toBe(
      'All webhooks',
    );
  });

  it('replays one delivery only where the API would: not for a switched-off endpoint, except its test event', async () => {
    await renderRoute(LOG, customerAdmin, webhookApi().stubs);
    await screen.findByText('Document delivered');
    const button = (text: string) =>
      within(rowOf(text)).getByRole('button', { name: /^Replay the delivery of/ }) as HTMLButtonElement;
    expect(button('Document delivered').disabled).toBe(true);
    expect(button('Test event').disabled).toBe(false);
    expect(button('File arrived').disabled).toBe(false);
  });

  it('is reached from the webhooks list and from an endpoint’s own log', async () => {
    const api = webhookApi();
    const list = await renderRoute('/developer/webhooks', customerAdmin, api.stubs);
    expect((await screen.findByRole('link', { name: 'Delivery log' })).getAttribute('href')).toBe(LOG);
    list.unmount();
    await renderRoute(`/developer/webhooks/${erp.id}/deliveries`, customerAdmin, api.stubs);
    expect(
      (await screen.findByRole('link', { name: 'Delivery log of all webhooks' })).getAttribute('href'),
    ).toBe(LOG);
    await waitFor(() => expect(api.asked.at(-1)?.endpointId).toBe(erp.id));
  });

  it('sends a customer user to the dashboard', async () => {
    const api = webhookApi();
    const { router } = await renderRoute(LOG, customerUser, api.stubs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.asked).toEqual([]);
  });
});
