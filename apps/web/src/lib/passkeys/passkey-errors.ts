import { ApiRequestError } from '../api/client';

/**
 * The translation key for whatever ended a passkey ceremony: the browser's own refusals (the
 * person cancelled or waited too long, the authenticator already holds a passkey for them, no
 * WebAuthn at all) and the Hub's answers. `step` says which ceremony, as messages differ.
 */
export function passkeyErrorKey(error: unknown, step: 'register' | 'signIn' | 'secondFactor'): string {
  if (error instanceof ApiRequestError) {
    switch (error.body?.errorCode) {
      case 'INVALID_CREDENTIALS':
        return 'passkeys.errors.notAccepted';
      case 'INVALID_CODE':
        return 'passkeys.errors.secondFactorNotAccepted';
      case 'REAUTHENTICATION_REQUIRED':
        return 'passkeys.errors.signInAgain';
      case 'CONFLICT':
        return 'passkeys.errors.conflict';
      case 'VALIDATION_FAILED':
        return 'passkeys.errors.notVerified';
      case 'ACCOUNT_LOCKED':
      case 'MFA_LOCKED':
        return 'passkeys.errors.locked';
      case 'RATE_LIMITED':
        return 'passkeys.errors.rateLimited';
      default:
        return 'passkeys.errors.general';
    }
  }
  if (error instanceof Error) {
    // DOMException names from navigator.credentials, passed through by @simplewebauthn/browser.
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'passkeys.errors.cancelled';
    if (error.name === 'InvalidStateError')
      return step === 'register' ? 'passkeys.errors.alreadyRegistered' : 'passkeys.errors.cancelled';
    if (error.name === 'NotSupportedError' || /not supported/i.test(error.message))
      return 'passkeys.errors.unsupported';
    if (error.name === 'SecurityError') return 'passkeys.errors.wrongAddress';
  }
  return 'passkeys.errors.general';
}

/** Whether the failure means this session must sign in again before adding a passkey. */
export const needsFreshSignIn = (error: unknown) =>
  error instanceof ApiRequestError && error.body?.errorCode === 'REAUTHENTICATION_REQUIRED';
