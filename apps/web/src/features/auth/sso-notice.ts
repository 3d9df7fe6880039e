/**
 * A message for the built-in provider's sign-in page, which the Hub cannot pass through the
 * provider's address: it waits in this tab's sessionStorage from the Hub's page to the provider's.
 */
const NOTICE_KEY = 'signIn.notice';

export type SignInNotice = 'signedOut' | 'cancelled';

export function leaveSignInNotice(notice: SignInNotice) {
  sessionStorage.setItem(NOTICE_KEY, notice);
}

export function peekSignInNotice(): SignInNotice | null {
  const notice = sessionStorage.getItem(NOTICE_KEY);
  return notice === 'signedOut' || notice === 'cancelled' ? notice : null;
}

/** Once shown, the notice goes: a later sign-in page of the same tab does not repeat it. */
export function forgetSignInNotice() {
  sessionStorage.removeItem(NOTICE_KEY);
}
