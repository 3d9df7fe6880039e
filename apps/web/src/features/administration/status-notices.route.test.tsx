import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TStatusNotice } from '@service-hub/contracts';
import { customerAdmin, customerUser, providerAdmin } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const text = (en: string) => ({ 'en-SE': en, sv: null, no: null, da: null, fi: null });

const openIncident: TStatusNotice = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  kind: 'incident',
  title: text('E-mail is delayed'),
  components: ['email'],
  impact: 'minor',
  status: 'identified',
  startsAt: '2026-11-26T08:00:00.000Z',
  endsAt: null,
  resolvedAt: null,
  updates: [
    {
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3302',
      status: 'identified',
      message: text('A relay is down.'),
      at: '2026-11-26T08:20:00.000Z',
    },
    {
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3303',
      status: 'investigating',
      message: text('Looking into it.'),
      at: '2026-11-26T08:00:00.000Z',
    },
  ],
};

const closedMaintenance: TStatusNotice = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3304',
  kind: 'maintenance',
  title: text('Database upgrade'),
  components: ['api', 'reports'],
  impact: null,
  status: 'completed',
  startsAt: '2026-11-20T20:00:00.000Z',
  endsAt: '2026-11-20T22:00:00.000Z',
  resolvedAt: '2026-11-20T21:40:00.000Z',
  updates: [
    {
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3305',
      status: 'completed',
      message: text('Done.'),
      at: '2026-11-20T21:40:00.000Z',
    },
  ],
};

const api = { 'GET /api/status-notices': [openIncident, closedMaintenance] };

describe('the status page’s notices in the administration', () => {
  it('list open and closed notices for a provider administrator, with their updates', async () => {
    await renderRoute('/administration/status', providerAdmin, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Status page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Status page', current: 'page' })).toBeTruthy();
    const open = screen.getByRole('region', { name: 'Open' });
    const incident = await within(open).findByRole('article', { name: 'E-mail is delayed' });
    expect(within(incident).getByText('Affects: E-mail')).toBeTruthy();
    expect(within(incident).getByText('A relay is down.')).toBeTruthy();
    expect(within(incident).getByRole('button', { name: 'Post update' })).toBeTruthy();
    const closed = screen.getByRole('region', { name: 'Closed in the last 90 days' });
    const maintenance = within(closed).getByRole('article', { name: 'Database upgrade' });
    expect(within(maintenance).getByText('Affects: Portal and API, Reports')).toBeTruthy();
    // Closed: nothing more to post.
    expect(within(maintenance).queryByRole('button', { name: 'Post update' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the public status page' }).getAttribute('href')).toBe(
      '/status',
    );
  });

  it('say the list could not be read, never that nothing is open, and read it again on request', async () => {
    let failing = true;
    await renderRoute('/administration/status', providerAdmin, {
      'GET /api/status-notices': () =>
        failing
          ? Response.json(
              {
                status: 500,
                title: 'Internal Server Error',
                detail: 'Something went wrong.',
                errorCode: 'INTERNAL_ERROR',
                requestId: 'test',
              },
              { status: 500 },
            )
          : Response.json([openIncident]),
    });
    const open = await screen.findByRole('region', { name: 'Open' });
    const alert = await within(open).findByRole('alert', {}, { timeout: 10_000 });
    expect(within(open).queryByText('No incident is open and no maintenance is planned.')).toBeNull();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(open).findByRole('article', { name: 'E-mail is delayed' })).toBeTruthy();
  });

  it('check the form in the browser with translated messages before anything is sent', async () => {
    let posted = false;
    await renderRoute('/administration/status', providerAdmin, {
      ...api,
      'POST /api/status-notices': () => {
        posted = true;
        return openIncident;
      },
    });
    const form = await screen.findByRole('form', { name: 'New incident or maintenance' });
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect((await within(form).findAllByText('This field cannot be empty.')).length).toBeGreaterThanOrEqual(
      3,
    );

    // Maintenance needs its window, ending after it starts.
    await userEvent.click(within(form).getByRole('radio', { name: 'Maintenance' }));
    await userEvent.type(within(form).getByLabelText(/^Planned start/), '2026-12-01T22:00');
    await userEvent.type(within(form).getByLabelText(/^Planned end/), '2026-12-01T21:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('The end must be after the start.')).toBeTruthy();
    expect(posted).toBe(false);
  });

  it('publish an incident with its translations, and show the server’s field errors on the fields', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    await renderRoute('/administration/status', providerAdmin, {
      ...api,
      'POST /api/status-notices': async (request: Request) => {
        sent.push(await request.json());
        if (!refuse) return openIncident;
        return Response.json(
          {
            status: 400,
            title: 'Bad Request',
            detail: 'Invalid request: body.title.sv.',
            requestId: 'test',
            errorCode: 'VALIDATION_FAILED',
            errors: [
              {
                field: 'body.title.sv',
                code: 'invalidCharacters',
                message: 'This field contains characters that are not allowed.',
              },
            ],
          },
          { status: 400 },
        );
      },
    });
    const form = await screen.findByRole('form', { name: 'New incident or maintenance' });
    // The English fields come first; the translations' fields of the same names are in their groups.
    await userEvent.type(within(form).getAllByRole('textbox', { name: /^Title/ })[0]!, 'Reports are slow');
    await userEvent.type(within(form).getAllByRole('textbox', { name: /^Message/ })[0]!, 'We are on it.');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Reports' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Major impact' }));
    await userEvent.click(within(form).getByText('Translations (optional)'));
    const swedish = within(form).getByRole('group', { name: 'Svenska' });
    await userEvent.type(within(swedish).getByRole('textbox', { name: 'Title' }), 'Rapporterna är långsamma');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'incident',
      title: { 'en-SE': 'Reports are slow', sv: 'Rapporterna är långsamma', no: null, da: null, fi: null },
      message: { 'en-SE': 'We are on it.', sv: null, no: null, da: null, fi: null },
      components: ['reports'],
      impact: 'major',
    });
    expect(
      await within(swedish).findByText('This field contains characters that are not allowed.'),
    ).toBeTruthy();

    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published on the status page.')).toBeTruthy();
    expect(sent).toHaveLength(2);
  });

  it('post an update that resolves an incident', async () => {
    let sent: unknown;
    await renderRoute('/administration/status', providerAdmin, {
      ...api,
      [`POST /api/status-notices/${openIncident.id}/updates`]: async (request: Request) => {
        sent = await request.json();
        return { ...openIncident, status: 'resolved', resolvedAt: '2026-11-26T09:00:00.000Z' };
      },
    });
    const incident = await screen.findByRole('article', { name: 'E-mail is delayed' });
    await userEvent.click(within(incident).getByRole('combobox', { name: /^New status/ }));
    // An incident's steps only: no maintenance step is offered.
    expect(screen.queryByRole('option', { name: 'Completed', hidden: true })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Resolved', hidden: true }));
    await userEvent.type(
      within(incident).getAllByRole('textbox', { name: /^Message/ })[0]!,
      'Mail flows again.',
    );
    await userEvent.click(within(incident).getByRole('button', { name: 'Post update' }));
    await waitFor(() =>
      expect(sent).toEqual({
        status: 'resolved',
        message: { 'en-SE': 'Mail flows again.', sv: null, no: null, da: null, fi: null },
      }),
    );
    expect(await screen.findByText('Update posted on the status page.')).toBeTruthy();
  });

  it.each([
    ['a customer administrator', customerAdmin],
    ['a customer user', customerUser],
  ])('keep %s out and send them to the dashboard', async (_name, user) => {
    const { router } = await renderRoute('/administration/status', user, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Status page' })).toBeNull();
  });
});
