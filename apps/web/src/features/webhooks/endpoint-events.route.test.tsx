import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  HUB_EVENT_TYPES,
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  type HubEventType,
  type TCurrentUser,
} from '@service-hub/contracts';
import { customerAdmin, GOTA, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { storeActiveAccountId } from '../../lib/session/active-account';
import { renderRoute } from '../../test/render-route';
import { webhookEndpoint } from './webhook-endpoint.fixtures';

/**
 * The event types customerAdmin may subscribe to on each account (route-access.fixtures): on
 * Mälardalen they read track and trace only, so EDI message events are not theirs to choose; on
 * Göta they read both. Alerts need either service.
 */
const SUBSCRIBABLE: Record<number, readonly HubEventType[]> = {
  [MALARDALEN.id]: HUB_EVENT_TYPES.filter((type) => type !== 'edi_message.status_changed'),
  [GOTA.id]: HUB_EVENT_TYPES,
};

const ERP = webhookEndpoint({
  id: '00000000-0000-4000-8000-00000000e101',
  // Set up by a provider administrator: EDI message events are among them.
  eventTypes: ['file.arrived', 'edi_message.status_changed', 'document.rejected'],
});

const apiError = (status: 400 | 403, detail: string, errorCode: string) =>
  Response.json(
    { status, title: status === 400 ? 'Bad Request' : 'Forbidden', detail, errorCode, requestId: 'test' },
    { status },
  );

const refusedEvents = () =>
  apiError(403, 'You may not subscribe to events of a service you cannot read on this account.', 'FORBIDDEN');

/**
 * The endpoint operations as the server answers customerAdmin on `accountId`: bodies held to the
 * contract (400), and every event type sent checked against what the caller may subscribe to (403),
 * whether it changed or not. The bodies sent are kept, refused or not.
 */
function endpointServer(accountId: number) {
  const sent: unknown[] = [];
  const allowed = SUBSCRIBABLE[accountId] ?? [];
  const invalid = () => apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED');
  return {
    sent,
    stubs: {
      'GET /api/webhooks/endpoints': [ERP],
      [`GET /api/webhooks/endpoints/${ERP.id}`]: ERP,
      'GET /api/webhooks/deliveries': { totalCount: 0, page: 1, pageSize: 25, result: [] },
      'POST /api/webhooks/endpoints': async (request: Request) => {
        const body: unknown = await request.json();
        sent.push(body);
        const parsed = ZCreateWebhookEndpointRequest.safeParse(body);
        if (!parsed.success) return invalid();
        if (parsed.data.eventTypes.some((type) => !allowed.includes(type))) return refusedEvents();
        return {
          endpoint: { ...ERP, id: '00000000-0000-4000-8000-00000000e102', ...parsed.data },
          secret: `whsec_${'B'.repeat(43)}=`,
        };
      },
      [`PATCH /api/webhooks/endpoints/${ERP.id}`]: async (request: Request) => {
        const body: unknown = await request.json();
        sent.push(body);
        const parsed = ZUpdateWebhookEndpointRequest.safeParse(body);
        if (!parsed.success) return invalid();
        if (parsed.data.eventTypes?.some((type) => !allowed.includes(type))) return refusedEvents();
        return { ...ERP, ...parsed.data, modified: '2026-11-26T10:00:00Z' };
      },
    },
  };
}

const offeredEvents = () =>
  within(screen.getByRole('group', { name: /^Events/ }))
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('value'));

describe('webhook event types offered by what the administrator may read on the account', () => {
  it('offers no EDI message events where the administrator cannot read EDI tracking, and sends only what was offered', async () => {
    const server = endpointServer(MALARDALEN.id);
    storeActiveAccountId(MALARDALEN.id);
    await renderRoute('/developer/webhooks/new', customerAdmin, server.stubs);
    const url = await screen.findByRole('textbox', { name: /Address \(https\)/ });
    expect(offeredEvents()).toEqual(SUBSCRIBABLE[MALARDALEN.id]);
    expect(screen.queryByRole('checkbox', { name: /EDI message status changed/ })).toBeNull();

    fireEvent.change(url, { target: { value: 'https://erp.example.com/new' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Alert raised/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Copy the signing secret now. You will not see it again.')).toBeTruthy();
    expect(server.sent).toEqual([
      { url: 'https://erp.example.com/new', description: '', eventTypes: ['alert.raised'] },
    ]);
  });

  it('offers every event type where the administrator reads both services', async () => {
    storeActiveAccountId(GOTA.id);
    await renderRoute('/developer/webhooks/new', customerAdmin, endpointServer(GOTA.id).stubs);
    await screen.findByRole('textbox', { name: /Address \(https\)/ });
    expect(offeredEvents()).toEqual(HUB_EVENT_TYPES);
  });

  it('keeps events someone else chose: they can be taken away, not kept in a changed selection, and are not sent when unchanged', async () => {
    const server = endpointServer(MALARDALEN.id);
    storeActiveAccountId(MALARDALEN.id);
    await renderRoute(`/developer/webhooks/${ERP.id}`, customerAdmin, server.stubs);
    const edi = await screen.findByRole('checkbox', { name: /EDI message status changed/ });
    expect((edi as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/you can remove the event but not add it back/)).toBeTruthy();

    // A new description alone: the event types stay out of the request, so nothing is refused.
    fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'ERP production (Oslo)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({ url: ERP.url, description: 'ERP production (Oslo)' });

    // Another selection that still holds the EDI events would be refused whole: said before sending.
    fireEvent.click(await screen.findByRole('checkbox', { name: /Document rejected/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        /Events of a service you have no access to on this account can only be removed/,
      ),
    ).toBeTruthy();
    expect(server.sent).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: /EDI message status changed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]).toEqual({
      url: ERP.url,
      description: 'ERP production (Oslo)',
      eventTypes: ['file.arrived'],
    });
  });

  it('says there is nothing to subscribe to when the administrator reads neither service, and sends nothing', async () => {
    const withoutTracking: TCurrentUser = {
      ...customerAdmin,
      customerUserPermissions: customerAdmin.customerUserPermissions.filter(
        (grant) => !(grant.customerId === MALARDALEN.id && grant.permission.prefix === 'STT'),
      ),
    };
    const server = endpointServer(MALARDALEN.id);
    storeActiveAccountId(MALARDALEN.id);
    await renderRoute('/developer/webhooks/new', withoutTracking, server.stubs);
    expect(await screen.findByText(/so there are no events you can send to a webhook/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add webhook' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(server.sent).toEqual([]);
  });
});
