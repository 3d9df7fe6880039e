import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPublicStatus, TStatusNotice } from '@service-hub/contracts';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';
import { DISMISSED_STATUS_NOTICES_KEY } from './components/status-banner';

const text = (en: string) => ({ 'en-SE': en, sv: null, no: null, da: null, fi: null });
const HOUR = 3_600_000;

const incident = (id: string, title: string, overrides: Partial<TStatusNotice> = {}): TStatusNotice => ({
  id,
  kind: 'incident',
  title: text(title),
  components: ['tracking'],
  impact: 'minor',
  status: 'investigating',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: null,
  resolvedAt: null,
  updates: [],
  ...overrides,
});

const maintenance = (id: string, title: string, startsInHours: number): TStatusNotice => ({
  ...incident(id, title),
  kind: 'maintenance',
  impact: null,
  status: 'scheduled',
  startsAt: new Date(Date.now() + startsInHours * HOUR).toISOString(),
  endsAt: new Date(Date.now() + (startsInHours + 2) * HOUR).toISOString(),
});

const status = (...notices: TStatusNotice[]): TPublicStatus => ({
  updatedAt: new Date().toISOString(),
  components: [{ id: 'tracking', state: 'degraded' }],
  notices,
});

const banner = () => screen.findByRole('region', { name: 'Service status' });

describe('the status banner of the signed-in frame', () => {
  afterEach(() => localStorage.removeItem(DISMISSED_STATUS_NOTICES_KEY));

  it('tells of an open incident, with a link to the status page', async () => {
    await renderRoute('/dashboard', customerUser, {
      'GET /api/status': status(incident('3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'Files arrive late')),
    });
    const region = await banner();
    expect(within(region).getByText('Ongoing incident: Files arrive late')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'See the status page' }).getAttribute('href')).toBe(
      '/status',
    );
  });

  it('hides an incident on this device when dismissed, and shows the next one', async () => {
    const first = incident('3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'Files arrive late');
    await renderRoute('/dashboard', customerUser, { 'GET /api/status': status(first) });
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Hide this notice' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Service status' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(DISMISSED_STATUS_NOTICES_KEY) ?? '[]')).toEqual([first.id]);

    // Hidden also after a reload; another incident shows.
    const second = incident('3f2504e0-4f89-41d3-9a0c-0305e82c3302', 'Reports fail');
    await renderRoute('/dashboard', customerUser, { 'GET /api/status': status(first, second) });
    expect(within(await banner()).getByText('Ongoing incident: Reports fail')).toBeTruthy();
    expect(screen.queryByText('Ongoing incident: Files arrive late')).toBeNull();
  });

  it('tells of maintenance under way, not of maintenance to come nor of resolved incidents', async () => {
    const resolved = incident('3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'Old trouble', {
      status: 'resolved',
      resolvedAt: new Date().toISOString(),
    });
    await renderRoute('/dashboard', customerUser, {
      'GET /api/status': status(
        resolved,
        maintenance('3f2504e0-4f89-41d3-9a0c-0305e82c3302', 'Next week', 24 * 7),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Service status' })).toBeNull());

    await renderRoute('/dashboard', customerUser, {
      'GET /api/status': status(
        resolved,
        maintenance('3f2504e0-4f89-41d3-9a0c-0305e82c3303', 'Database upgrade', -1),
      ),
    });
    expect(within(await banner()).getByText('Maintenance under way: Database upgrade')).toBeTruthy();
  });
});
