import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZSignInWithPasskeyRequest, ZStartPasskeySignInRequest } from '@service-hub/contracts';
import { fakeWebAuthn } from '../../test/fake-webauthn';
import { renderRoute } from '../../test/render-route';

const requestOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  userVerification: 'required' as const,
};
const SIGN_IN_CEREMONY = '1b3c5d7e-0000-4000-8000-000000000001';
const SECOND_FACTOR_CEREMONY = '1b3c5d7e-0000-4000-8000-000000000002';
const MFA_CHALLENGE = '2c4d6e8f-0000-4000-8000-000000000003';
const apiError = (status: number, errorCode: string, detail: string) =>
  Response.json({ status, title: 'Error', detail, errorCode, requestId: 'test' }, { status });

describe('sign-in with a passkey (own auth service)', () => {
  let webauthn: ReturnType<typeof fakeWebAuthn>;
  let verified: { challengeId: string }[];
  beforeEach(() => {
    webauthn = fakeWebAuthn();
    verified = [];
  });
  afterEach(() => webauthn.remove());

  /** The API's passkey endpoints: a ceremony per start, each verified once, as the API allows. */
  const passkeyApi = (verdict: 'accept' | 'refuse') => ({
    'POST /api/auth/passkey/options': async (request: Request) => {
      // Bodies checked by the contract, as the API checks them (400 otherwise).
      const parsed = ZStartPasskeySignInRequest.safeParse(await request.json());
      if (!parsed.success) return apiError(400, 'VALIDATION_FAILED', 'Invalid request.');
      const body = parsed.data;
      if (body.mfaChallengeId !== undefined && body.mfaChallengeId !== MFA_CHALLENGE)
        return apiError(401, 'INVALID_CODE', 'The code is not correct or has expired.');
      return {
        challengeId: body.mfaChallengeId ? SECOND_FACTOR_CEREMONY : SIGN_IN_CEREMONY,
        options: body.mfaChallengeId ? { ...requestOptions, userVerification: 'preferred' } : requestOptions,
      };
    },
    'POST /api/auth/passkey/verify': async (request: Request) => {
      const parsed = ZSignInWithPasskeyRequest.safeParse(await request.json());
      if (!parsed.success) return apiError(400, 'VALIDATION_FAILED', 'Invalid request.');
      const body = parsed.data;
      const spent = verified.some((v) => v.challengeId === body.challengeId);
      verified.push(body);
      if (verdict === 'refuse' || spent)
        return apiError(401, 'INVALID_CREDENTIALS', 'The passkey was not accepted.');
      // A token the page hands to the app's callback (a page load jsdom does not make).
      return { token: 'header.payload.signature' };
    },
  });

  it('offers "Sign in with a passkey" beside the password and runs the ceremony with no e-mail address', async () => {
    await renderRoute('/auth/login', null, passkeyApi('accept'));
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    fireEvent.click(button);
    await waitFor(() =>
      expect(verified).toEqual([expect.objectContaining({ challengeId: SIGN_IN_CEREMONY })]),
    );
    expect(webauthn.get).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the passkey was not accepted, and that a cancelled prompt was cancelled', async () => {
    await renderRoute('/auth/login', null, passkeyApi('refuse'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The passkey was not accepted. Try again, or sign in with your e-mail address and password.',
    );
    webauthn.refuse('NotAllowedError');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The passkey request was cancelled or timed out. Try again when you are ready.',
      ),
    );
  });

  it('prefers a passkey as the second factor of a user who has one, and keeps the code field usable', async () => {
    await renderRoute('/auth/login', null, {
      ...passkeyApi('accept'),
      'POST /api/auth/login': {
        mfaRequired: true,
        challengeId: MFA_CHALLENGE,
        method: 'email',
        passkeys: true,
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'user@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByRole('textbox', { name: /Code/ });
    // Pasting a code is never blocked, and browsers may fill it from the message.
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('onpaste')).toBeNull();
    const form = code.closest('form')!;
    const usePasskey = within(form).getByRole('button', { name: 'Use a passkey' });
    expect(usePasskey.getAttribute('data-variant')).toBe('filled');
    expect(within(form).getByRole('button', { name: 'Confirm' }).getAttribute('data-variant')).toBe(
      'default',
    );
    fireEvent.click(usePasskey);
    await waitFor(() =>
      expect(verified).toEqual([expect.objectContaining({ challengeId: SECOND_FACTOR_CEREMONY })]),
    );
  });

  it('offers no passkey to a user without one: the code alone', async () => {
    await renderRoute('/auth/login', null, {
      ...passkeyApi('accept'),
      'POST /api/auth/login': { mfaRequired: true, challengeId: MFA_CHALLENGE, method: 'email' },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'user@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('textbox', { name: /Code/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
