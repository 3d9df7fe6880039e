import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCurrentUser, TReport } from '@service-hub/contracts';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const report: TReport = {
  id: '00000000-0000-4000-8000-0000000000b1',
  level: 'file',
  format: 'CSV',
  from: '2026-02-01',
  to: '2026-02-28',
  status: 'ready',
  rowsWritten: 1200,
  rowCount: 1200,
  sizeBytes: 48_000,
  failure: null,
  requestedBy: 'Test User',
  scheduled: false,
  created: '2026-03-01T08:00:00Z',
  completedAt: '2026-03-01T08:01:00Z',
  expiresAt: '2026-03-31T08:01:00Z',
  canDelete: true,
};

const api = {
  'GET /api/reports': { reports: [report], total: 1, retentionDays: 30, maxRecords: 1_000_000 },
  'GET /api/report-schedules': { schedules: [] },
};

/** The customer user with track and trace taken away from every account. */
const withoutTracking: TCurrentUser = {
  ...customerUser,
  permissions: customerUser.permissions.filter((p) => p.prefix !== 'STT'),
  customerUserPermissions: customerUser.customerUserPermissions.filter((p) => p.permission.prefix !== 'STT'),
};

describe('reports route', () => {
  it('shows a user with track and trace the order form and their reports, ready to download', async () => {
    await renderRoute('/reports', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'New report' })).toBeTruthy();
    const download = await screen.findByRole('button', { name: /^Download File level report/ });
    expect(within(download.closest('tr')!).getByText('Test User')).toBeTruthy();
  });

  it('sends a user without track and trace to the dashboard', async () => {
    const { router } = await renderRoute('/reports', withoutTracking, api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
  });
});
