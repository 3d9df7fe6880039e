import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ZCreateScimTokenRequest,
  ZRotateScimTokenRequest,
  ZSetScimGroupGrantsRequest,
  ZUpdateScimSettingsRequest,
  type TCreatedScimToken,
  type TListScimGroupsResponse,
  type TScimSettings,
  type TScimToken,
} from '@service-hub/contracts';
import { BERGEN, customerAdmin, customerUser, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { formatDateTime } from '../../lib/format';
import { renderRoute } from '../../test/render-route';

const BASE = `/api/customers/${MALARDALEN.id}/scim`;
const PAGE = `/accountsettings/provisioning?activeAccountId=${MALARDALEN.id}`;

const entra: TScimToken = {
  id: '5c1d6a9e-1f2a-4b3c-8d4e-5f6a7b8c9d01',
  tokenPrefix: 'scim_Ab12Cd',
  created: '2026-11-02T08:15:00.000Z',
  createdBy: 'Anders Dahl',
  lastUsedAt: '2026-11-25T13:42:00.000Z',
  expiresAt: null,
  revokedAt: null,
};
const retired: TScimToken = {
  ...entra,
  id: '5c1d6a9e-1f2a-4b3c-8d4e-5f6a7b8c9d02',
  tokenPrefix: 'scim_Zz98Yx',
  createdBy: null,
  lastUsedAt: null,
  revokedAt: '2026-10-01T09:00:00.000Z',
};
const GROUP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SUPPORT = { id: 31, prefix: 'SUP', name: 'Support cases' };
const TRACKING = { id: 11, prefix: 'STT', name: 'Track and trace' };

const TITLES: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' };
const apiError = (status: number, detail: string, errorCode: string) =>
  Response.json({ status, title: TITLES[status], detail, errorCode, requestId: 'test' }, { status });

/**
 * The provisioning endpoints as the server answers them: bodies checked by the same contracts
 * (400), tokens of this account only (404), grants only to accounts the administrator administers
 * and permissions they may share (403), a new token in its answer only.
 */
function scimServer(options: { enabled?: boolean; tokens?: TScimToken[] } = {}) {
  const settings: TScimSettings = {
    enabled: options.enabled ?? false,
    baseUrl: 'https://hub.example.com/scim/v2',
    tokens: [...(options.tokens ?? [entra, retired])],
    provisionedUsers: 42,
  };
  const groups: TListScimGroupsResponse = {
    groups: [
      {
        id: GROUP_ID,
        displayName: 'Finance Readers',
        externalId: 'e8f1',
        memberCount: 12,
        grants: [{ accountId: MALARDALEN.id, role: 'CustomerUser', permissionIds: [TRACKING.id] }],
      },
    ],
    accounts: [
      {
        id: MALARDALEN.id,
        name: MALARDALEN.name,
        customerNumber: '1000002',
        permissions: [TRACKING, SUPPORT],
      },
      { id: BERGEN.id, name: BERGEN.name, customerNumber: '1000003', permissions: [TRACKING] },
    ],
  };
  const calls = {
    settings: [] as unknown[],
    created: [] as TCreatedScimToken[],
    rotated: [] as unknown[],
    grants: [] as unknown[],
  };
  const newToken = (n: number): TCreatedScimToken => ({
    ...entra,
    id: `5c1d6a9e-1f2a-4b3c-8d4e-5f6a7b8c9d1${n}`,
    tokenPrefix: `scim_New${n}ab`,
    created: '2026-11-26T10:00:00.000Z',
    lastUsedAt: null,
    token: `scim_New${n}abCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdef`,
  });
  return {
    settings,
    groups,
    calls,
    stubs: {
      [`GET ${BASE}`]: () => settings,
      [`PUT ${BASE}`]: async (request: Request) => {
        const parsed = ZUpdateScimSettingsRequest.safeParse(await request.json());
        if (!parsed.success) return apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED');
        calls.settings.push(parsed.data);
        settings.enabled = parsed.data.enabled;
        return settings;
      },
      [`POST ${BASE}/tokens`]: async (request: Request) => {
        const parsed = ZCreateScimTokenRequest.safeParse(await request.json());
        if (!parsed.success) return apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED');
        const token = newToken(calls.created.length + 1);
        calls.created.push(token);
        const { token: _secret, ...listed } = token;
        settings.tokens.unshift(listed);
        return token;
      },
      [`POST ${BASE}/tokens/${entra.id}/rotate`]: async (request: Request) => {
        const parsed = ZRotateScimTokenRequest.safeParse(await request.json());
        if (!parsed.success) return apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED');
        const old = settings.tokens.find((t) => t.id === entra.id && t.revokedAt === null);
        if (!old) return apiError(404, 'No such active SCIM token.', 'NOT_FOUND');
        calls.rotated.push(parsed.data);
        old.expiresAt = '2026-11-27T10:00:00.000Z';
        const token = newToken(9);
        const { token: _secret, ...listed } = token;
        settings.tokens.unshift(listed);
        return token;
      },
      [`GET ${BASE}/groups`]: () => groups,
      [`PUT ${BASE}/groups/${GROUP_ID}/grants`]: async (request: Request) => {
        const parsed = ZSetScimGroupGrantsRequest.safeParse(await request.json());
        if (!parsed.success) return apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED');
        for (const grant of parsed.data.grants) {
          const account = groups.accounts.find((a) => a.id === grant.accountId);
          if (!account)
            return apiError(403, 'You may only map groups to accounts you administer.', 'FORBIDDEN');
          if (grant.permissionIds.some((id) => !account.permissions.some((p) => p.id === id)))
            return apiError(
              403,
              'You may not grant a permission you cannot share on this account.',
              'FORBIDDEN',
            );
        }
        calls.grants.push(parsed.data);
        groups.groups[0]!.grants = parsed.data.grants;
        return undefined;
      },
    },
  };
}

describe('the provisioning (SCIM) page', () => {
  it('shows an administrator the status, the base URL to paste, the tokens and what each group gives', async () => {
    await renderRoute(PAGE, customerAdmin, scimServer().stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Provisioning (SCIM)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Provisioning (SCIM)', current: 'page' })).toBeTruthy();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(
      (within(status).getByRole('switch', { name: /^Provisioning is on/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(within(status).getByText('Users provisioned by the directory: 42')).toBeTruthy();
    expect(within(status).getByLabelText('SCIM base URL').textContent).toBe(
      'https://hub.example.com/scim/v2',
    );
    expect(within(status).getByRole('button', { name: 'Copy: SCIM base URL' })).toBeTruthy();

    const tokens = screen.getByRole('region', { name: 'Tokens' });
    const table = within(tokens).getByRole('table');
    const active = within(table).getByText('scim_Ab12Cd…').closest('tr')!;
    expect(within(active).getByText(formatDateTime(entra.lastUsedAt!, 'en-SE'))).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Rotate token scim_Ab12Cd' })).toBeTruthy();
    const revoked = within(table).getByText('scim_Zz98Yx…').closest('tr')!;
    expect(within(revoked).getByText(/^Revoked 2026-10-01/)).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const groups = screen.getByRole('region', { name: 'Directory groups' });
    const row = (
      await within(await within(groups).findByRole('table')).findByText('Finance Readers')
    ).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('Mälardalens Vatten AB: Customer user; permissions: 1')).toBeTruthy();
  });

  it('switches provisioning on', async () => {
    const server = scimServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    const status = await screen.findByRole('region', { name: 'Status' });
    await user.click(within(status).getByRole('switch', { name: /^Provisioning is on/ }));
    expect(await screen.findByText('Provisioning is on.')).toBeTruthy();
    expect(server.calls.settings).toEqual([{ enabled: true }]);
    expect((screen.getByRole('switch', { name: /^Provisioning is on/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows a new token once with a copy button, and never again', async () => {
    const server = scimServer({ tokens: [] });
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    expect(await screen.findByText('No tokens yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(server.calls.created).toHaveLength(1);
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    expect(within(shown).getByLabelText('SCIM token').textContent).toBe(server.calls.created[0]!.token);
    expect(within(shown).getByRole('button', { name: 'Copy: SCIM token' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const tokens = screen.getByRole('region', { name: 'Tokens' });
    expect(await within(await within(tokens).findByRole('table')).findByText('scim_New1ab…')).toBeTruthy();
    expect(document.body.textContent).not.toContain(server.calls.created[0]!.token);
  });

  it('rotates a token with the chosen overlap', async () => {
    const server = scimServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    const tokens = await screen.findByRole('region', { name: 'Tokens' });
    await user.click(
      within(within(tokens).getByRole('table')).getByRole('button', { name: 'Rotate token scim_Ab12Cd' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rotate token scim_Ab12Cd' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Old token keeps working for' }));
    await user.click(await screen.findByRole('option', { name: '7 days', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByRole('dialog', { name: 'Your new token' })).toBeTruthy();
    expect(server.calls.rotated).toEqual([{ overlapHours: 168 }]);
  });

  it("maps a group to an account with a role and permissions, and translates the server's refusal", async () => {
    const server = scimServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    const groups = await screen.findByRole('region', { name: 'Directory groups' });
    const edit = async () =>
      within(await within(groups).findByRole('table')).findByRole('button', {
        name: 'Edit what Finance Readers gives',
      });
    await user.click(await edit());
    const dialog = await screen.findByRole('dialog', { name: 'Finance Readers' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'SUP · Support cases' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    const accounts = within(dialog).getAllByRole('combobox', { name: /^Account/ });
    await user.click(accounts[1]!);
    await user.click(await screen.findByRole('option', { name: /Bergen Boligbyggelag AS/, hidden: true }));
    const roles = within(dialog).getAllByRole('combobox', { name: 'Role' });
    await user.click(roles[1]!);
    await user.click(await screen.findByRole('option', { name: 'Customer administrator', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved what Finance Readers gives.')).toBeTruthy();
    expect(server.calls.grants).toEqual([
      {
        grants: [
          { accountId: MALARDALEN.id, role: 'CustomerUser', permissionIds: [TRACKING.id, SUPPORT.id] },
          { accountId: BERGEN.id, role: 'CustomerAdministrator', permissionIds: [] },
        ],
      },
    ]);

    // The server refuses (the account is no longer the administrator's): said in words, nothing saved.
    server.groups.accounts = server.groups.accounts.filter((a) => a.id !== BERGEN.id);
    await user.click(await edit());
    const again = await screen.findByRole('dialog', { name: 'Finance Readers' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(
      await within(again).findByText(
        'You may only map groups to accounts you administer, with permissions you may hand out.',
      ),
    ).toBeTruthy();
    expect(server.calls.grants).toHaveLength(1);
  });

  it('keeps a customer user out: no page, no sidebar entry', async () => {
    const { router } = await renderRoute(PAGE, customerUser, scimServer().stubs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Provisioning (SCIM)' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Provisioning (SCIM)' })).toBeNull();
  });
});
