import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZRegisterPasskeyRequest, ZRenamePasskeyRequest, type TPasskey } from '@service-hub/contracts';
import { customerUser } from '../../lib/access/route-access.fixtures';
import { fakeWebAuthn } from '../../test/fake-webauthn';
import { renderRoute, type ApiStubs } from '../../test/render-route';

const mfaStatus = { required: null, app: { enrolledAt: null }, email: { enrolledAt: null } };
const CHALLENGE_ID = '5d0f3a4e-8c1b-4d7e-9f2a-0b6c1d2e3f40';
const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Service Hub', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'user@example.com', displayName: 'Test User' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
  authenticatorSelection: { residentKey: 'required' as const, userVerification: 'required' as const },
  excludeCredentials: [],
};
const apiError = (status: number, errorCode: string, detail: string) =>
  Response.json({ status, title: 'Error', detail, errorCode, requestId: 'test' }, { status });

/** The passkey endpoints as the API answers them, over a list the test can inspect. */
function passkeyApi(passkeys: TPasskey[]): ApiStubs {
  const own = (request: Request) => passkeys.find((p) => request.url.endsWith(`/${p.id}`));
  return {
    'GET /api/v3/user/mfa': mfaStatus,
    'GET /api/v3/passkeys': () => [...passkeys],
    'POST /api/v3/passkey-challenges': { challengeId: CHALLENGE_ID, options: creationOptions },
    // Bodies checked by the contract, as the API checks them (400 otherwise).
    'POST /api/v3/passkeys': async (request: Request) => {
      const parsed = ZRegisterPasskeyRequest.safeParse(await request.json());
      if (!parsed.success) return apiError(400, 'VALIDATION_FAILED', 'Invalid request.');
      const body = parsed.data;
      if (body.challengeId !== CHALLENGE_ID) return apiError(400, 'VALIDATION_FAILED', 'Not verified');
      const passkey: TPasskey = {
        id: `00000000-0000-4000-8000-00000000000${passkeys.length + 1}`,
        name: body.name,
        created: '2026-11-26T09:30:00.000Z',
        lastUsedAt: null,
        deviceType: 'multiDevice',
        backedUp: true,
      };
      passkeys.push(passkey);
      return passkey;
    },
    // Only the user's own passkeys: any other id is 404, as the API answers.
    'PATCH /api/v3/passkeys/{passkeyId}': async (request: Request) => {
      const passkey = own(request);
      if (!passkey) return apiError(404, 'NOT_FOUND', 'The passkey was not found.');
      const parsed = ZRenamePasskeyRequest.safeParse(await request.json());
      if (!parsed.success) return apiError(400, 'VALIDATION_FAILED', 'Invalid request.');
      passkey.name = parsed.data.name;
      return passkey;
    },
    'DELETE /api/v3/passkeys/{passkeyId}': (request: Request) => {
      const passkey = own(request);
      if (!passkey) return apiError(404, 'NOT_FOUND', 'The passkey was not found.');
      passkeys.splice(passkeys.indexOf(passkey), 1);
      return undefined;
    },
  };
}

/** Stubs are keyed by the concrete path: the per-passkey ones for each id in the list. */
function withIds(stubs: ApiStubs, ids: string[]): ApiStubs {
  const out: ApiStubs = {};
  for (const [key, value] of Object.entries(stubs)) {
    if (!key.includes('{passkeyId}')) out[key] = value;
    else for (const id of ids) out[key.replace('{passkeyId}', id)] = value;
  }
  return out;
}

const laptop: TPasskey = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Work laptop',
  created: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-25T14:05:00.000Z',
  deviceType: 'singleDevice',
  backedUp: false,
};

describe('account page: passkeys', () => {
  let webauthn: ReturnType<typeof fakeWebAuthn>;
  beforeEach(() => {
    webauthn = fakeWebAuthn();
  });
  afterEach(() => webauthn.remove());

  it('lists the user’s passkeys and adds one named after this browser', async () => {
    const passkeys = [{ ...laptop }];
    await renderRoute(
      '/account',
      customerUser,
      withIds(passkeyApi(passkeys), [laptop.id, '00000000-0000-4000-8000-000000000002']),
    );
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const item = await within(section).findByRole('listitem', { name: 'Work laptop' });
    expect(within(item).getByText(/Last used/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added.')).toBeTruthy();
    expect(webauthn.create).toHaveBeenCalledTimes(1);
    expect(passkeys).toHaveLength(2);
    // jsdom's user agent names neither a known browser nor a system.
    expect(await within(section).findByRole('listitem', { name: 'Passkey' })).toBeTruthy();
    expect(within(section).getByText('Synced across your devices')).toBeTruthy();
  });

  it('asks to sign in again when the sign-in is too old to add a passkey', async () => {
    await renderRoute('/account', customerUser, {
      ...passkeyApi([]),
      'POST /api/v3/passkey-challenges': apiError(403, 'REAUTHENTICATION_REQUIRED', 'Sign in again'),
    });
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('You have no passkeys yet.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(
      await within(section).findByText('For your security, sign in again before adding a passkey.'),
    ).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(webauthn.create).not.toHaveBeenCalled();
  });

  it('says so when the person cancels, or the device already holds a passkey for them', async () => {
    await renderRoute('/account', customerUser, passkeyApi([]));
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    webauthn.refuse('NotAllowedError');
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'The passkey request was cancelled or timed out. Try again when you are ready.',
    );
    webauthn.refuse('InvalidStateError');
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toBe(
        'This device already has a passkey for your account.',
      ),
    );
  });

  it('renames a passkey (a name is required) and removes one after confirmation', async () => {
    const passkeys = [{ ...laptop }];
    await renderRoute('/account', customerUser, withIds(passkeyApi(passkeys), [laptop.id]));
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await within(section).findByRole('listitem', { name: 'Work laptop' });
    fireEvent.click(within(section).getByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Refused in the browser by the contract's own rule: nothing reaches the API.
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(passkeys[0]!.name).toBe('Work laptop');
    fireEvent.change(name, { target: { value: 'Phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('listitem', { name: 'Phone' })).toBeTruthy();
    expect(passkeys[0]!.name).toBe('Phone');

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Phone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('You have no passkeys yet.')).toBeTruthy();
    expect(passkeys).toEqual([]);
  });
});
