import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ZCreateAccountApiKeyRequest,
  type ApiKeyScope,
  type TAccountApiKey,
  type TCreateAccountApiKeyResponse,
  type TCurrentUser,
} from '@service-hub/contracts';
import { customerAdmin, customerUser, GOTA, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { formatDateTime } from '../../lib/format';
import { storeActiveAccountId } from '../../lib/session/active-account';
import { renderRoute } from '../../test/render-route';

const keysOf = (accountId: number) => `/api/customers/${accountId}/api-keys`;
const pageOf = (accountId: number) => `/developer?activeAccountId=${accountId}`;
const KEYS = keysOf(MALARDALEN.id);
const PAGE = pageOf(MALARDALEN.id);

/**
 * What customerAdmin may give a key on each account (route-access.fixtures): Mälardalen grants them
 * track and trace only, Göta EDI tracking too. The server refuses any other scope with 403.
 */
const SHAREABLE: Record<number, readonly ApiKeyScope[]> = {
  [MALARDALEN.id]: ['tracking:read'],
  [GOTA.id]: ['tracking:read', 'ediTracking:read'],
};

const erp: TAccountApiKey = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c4401',
  name: 'ERP integration',
  keyPrefix: 'shr_Ab12Cd',
  scopes: ['tracking:read', 'ediTracking:read'],
  created: '2026-11-02T08:15:00.000Z',
  createdBy: 'Anders Dahl',
  lastUsedAt: '2026-11-25T13:42:00.000Z',
  revokedAt: null,
};
const old: TAccountApiKey = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c4402',
  name: 'Old warehouse',
  keyPrefix: 'shr_Zz98Yx',
  scopes: ['tracking:read'],
  created: '2026-06-01T08:00:00.000Z',
  createdBy: null,
  lastUsedAt: null,
  revokedAt: '2026-10-01T09:00:00.000Z',
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};
const apiError = (status: number, detail: string, errorCode: string, errors?: unknown[]) =>
  Response.json({ status, title: TITLES[status], detail, errorCode, requestId: 'test', errors }, { status });

/**
 * The key endpoints as the server answers customerAdmin: the account's own keys only, a body
 * checked by the same contract (400 otherwise), a scope the caller cannot read on the account
 * refused (403), revocation of an active key of the account only (404 otherwise). Every body sent
 * is kept, refused or not.
 */
function keyServer(initial: TAccountApiKey[], accountId = MALARDALEN.id) {
  const keys = [...initial];
  const created: TCreateAccountApiKeyResponse[] = [];
  const sent: unknown[] = [];
  const revoked: string[] = [];
  const KEYS = keysOf(accountId);
  return {
    created,
    sent,
    revoked,
    stubs: {
      [`GET ${KEYS}`]: () => keys,
      [`POST ${KEYS}`]: async (request: Request) => {
        const body: unknown = await request.json();
        sent.push(body);
        const parsed = ZCreateAccountApiKeyRequest.safeParse(body);
        if (!parsed.success)
          return apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED', [
            { field: 'body.name', code: 'invalidValue', message: 'The value is not valid.' },
          ]);
        if (parsed.data.scopes.some((scope) => !(SHAREABLE[accountId] ?? []).includes(scope)))
          return apiError(
            403,
            'You may not give a key a scope whose service you cannot read on this account.',
            'FORBIDDEN',
          );
        const key: TCreateAccountApiKeyResponse = {
          id: '3f2504e0-4f89-41d3-9a0c-0305e82c4403',
          name: parsed.data.name,
          keyPrefix: 'shr_Nw34Ef',
          scopes: parsed.data.scopes,
          created: '2026-11-26T10:00:00.000Z',
          createdBy: 'Anders Dahl',
          lastUsedAt: null,
          revokedAt: null,
          key: 'shr_Nw34Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4Yz5Ab6Cd7',
        };
        created.push(key);
        const { key: _secret, ...listed } = key;
        keys.unshift(listed);
        return key;
      },
      [`DELETE ${KEYS}/${erp.id}`]: () => {
        const key = keys.find((k) => k.id === erp.id && k.revokedAt === null);
        if (!key) return apiError(404, 'No such active API key.', 'NOT_FOUND');
        key.revokedAt = '2026-11-26T11:00:00.000Z';
        revoked.push(key.id);
        return undefined;
      },
    },
  };
}

describe('the developer page', () => {
  it("shows an administrator the account's keys, the way to webhooks, copyable examples and the API reference", async () => {
    await renderRoute(PAGE, customerAdmin, keyServer([erp, old]).stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Developer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Developer', current: 'page' })).toBeTruthy();
    const keys = screen.getByRole('region', { name: 'API keys' });
    const table = await within(keys).findByRole('table');
    const erpRow = within(table).getByText('ERP integration').closest('tr')!;
    expect(within(erpRow).getByText('shr_Ab12Cd…')).toBeTruthy();
    expect(within(erpRow).getByText('Track and trace (read), EDI track and trace (read)')).toBeTruthy();
    // Dates in the user's locale (en-SE), to the minute.
    expect(within(erpRow).getByText(formatDateTime(erp.lastUsedAt!, 'en-SE'))).toBeTruthy();
    expect(within(erpRow).getByRole('button', { name: 'Revoke ERP integration' })).toBeTruthy();
    const oldRow = within(table).getByText('Old warehouse').closest('tr')!;
    expect(within(oldRow).getByText('Never')).toBeTruthy();
    expect(within(oldRow).getByText(/^Revoked 2026-10-01/)).toBeTruthy();
    expect(within(oldRow).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const webhooks = screen.getByRole('region', { name: 'Webhooks' });
    expect(within(webhooks).getByRole('link', { name: 'Manage webhooks' }).getAttribute('href')).toBe(
      `/developer/webhooks?activeAccountId=${MALARDALEN.id}`,
    );
    const examples = screen.getByRole('region', { name: 'Example requests' });
    const documents = within(examples).getByLabelText("Track and trace: the account's documents");
    expect(documents.textContent).toBe(
      'curl -H "Authorization: Bearer $HUB_API_KEY" \\\n' +
        `  "https://hub.example.com/api/tracking/stt/documents?activeAccountId=${MALARDALEN.id}&pageSize=50"`,
    );
    expect(within(examples).getByLabelText('Track and trace: one document').textContent).toContain(
      `/api/tracking/stt/documents/$DOCUMENT_ID?activeAccountId=${MALARDALEN.id}`,
    );
    expect(
      within(examples).getByLabelText("EDI track and trace: the account's consignments").textContent,
    ).toContain(`https://hub.example.com/api/tracking/ets/consignments?activeAccountId=${MALARDALEN.id}`);
    expect(
      within(examples).getByRole('button', { name: "Copy: Track and trace: the account's documents" }),
    ).toBeTruthy();
    expect(
      within(examples).getByRole('link', { name: 'API reference (opens in a new tab)' }).getAttribute('href'),
    ).toBe('/api/docs');
  });

  it('checks the new key in the browser, then shows it once with a copy button, and never again', async () => {
    // On Göta the administrator reads both services, so both scopes are offered.
    const server = keyServer([], GOTA.id);
    const user = userEvent.setup();
    storeActiveAccountId(GOTA.id);
    await renderRoute(pageOf(GOTA.id), customerAdmin, server.stubs);
    expect(await screen.findByText('This account has no API keys yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['tracking:read', 'ediTracking:read']);
    // Track and trace is ticked to begin with; nothing ticked and no name is refused before sending.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Track and trace (read)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findAllByText('This field cannot be empty.')).toHaveLength(2);
    expect(server.created).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Data warehouse');
    await user.click(within(dialog).getByRole('checkbox', { name: 'EDI track and trace (read)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(server.created.map((k) => ({ name: k.name, scopes: k.scopes }))).toEqual([
      { name: 'Data warehouse', scopes: ['ediTracking:read'] },
    ]);
    expect(within(shown).getByText(/You will not see it again/)).toBeTruthy();
    expect(within(shown).getByLabelText('API key').textContent).toBe(server.created[0]!.key);
    expect(within(shown).getByRole('button', { name: 'Copy: API key' })).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Data warehouse')).toBeTruthy();
    expect(document.body.textContent).not.toContain(server.created[0]!.key);
  });

  it('offers only the scopes the administrator may share: no EDI tracking where they cannot read it', async () => {
    const server = keyServer([]);
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const offered = within(dialog).getAllByRole('checkbox');
    expect(offered.map((box) => box.getAttribute('value'))).toEqual(['tracking:read']);
    expect(within(dialog).getByRole('checkbox', { name: 'Track and trace (read)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).queryByRole('checkbox', { name: 'EDI track and trace (read)' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ERP');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'Your new API key' })).toBeTruthy();
    expect(server.sent).toEqual([{ name: 'ERP', scopes: ['tracking:read'] }]);
  });

  it('says why there is nothing to give a key when the administrator reads neither service, and sends nothing', async () => {
    // customerAdmin without their track and trace permissions on Mälardalen (and no EDI there).
    const withoutTracking: TCurrentUser = {
      ...customerAdmin,
      customerUserPermissions: customerAdmin.customerUserPermissions.filter(
        (grant) => !(grant.customerId === MALARDALEN.id && grant.permission.prefix === 'STT'),
      ),
    };
    const server = keyServer([]);
    const user = userEvent.setup();
    await renderRoute(PAGE, withoutTracking, server.stubs);
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    expect(within(dialog).getByText(/here you have access to neither Track and trace nor EDI/)).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Create key' })).toBeNull();
    // The dialog's own Close button below the text (the other is the corner's ×).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent).toEqual([]);
  });

  it("puts the server's field errors on the form, translated", async () => {
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, {
      ...keyServer([]).stubs,
      [`POST ${KEYS}`]: () =>
        apiError(400, 'Invalid request: body.name.', 'VALIDATION_FAILED', [
          {
            field: 'body.name',
            code: 'invalidCharacters',
            message: 'This field contains characters that are not allowed.',
          },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ERP');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(
      await within(dialog).findByText('This field contains characters that are not allowed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull();
  });

  it('revokes a key only after a confirmation', async () => {
    const server = keyServer([erp]);
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    // The table (wide windows); phones get the same row as a card.
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Revoke ERP integration' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(confirm).getByText(/The key ERP integration stops working at once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.revoked).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Revoke ERP integration' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('The key ERP integration has been revoked.')).toBeTruthy();
    expect(server.revoked).toEqual([erp.id]);
    const row = (await within(table).findByText(/^Revoked 2026-11-26/)).closest('tr')!;
    expect(within(row).getByText('ERP integration')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Revoke ERP integration' })).toBeNull();
  });

  it('says the keys could not be read, never that there are none, and reads them again on request', async () => {
    let failing = true;
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, {
      [`GET ${KEYS}`]: () => (failing ? apiError(500, 'Something went wrong.', 'INTERNAL_ERROR') : [erp]),
    });
    const keys = await screen.findByRole('region', { name: 'API keys' });
    const alert = await within(keys).findByRole('alert', {}, { timeout: 10_000 });
    expect(within(keys).queryByText('This account has no API keys yet.')).toBeNull();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(keys).findByRole('table')).toBeTruthy();
  });

  it('keeps a customer user out: no page, no sidebar entry', async () => {
    const { router } = await renderRoute(PAGE, customerUser, keyServer([erp]).stubs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Developer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Developer' })).toBeNull();
  });
});
