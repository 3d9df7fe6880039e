/** Where a user wanted to go when sign-in began; returned to after the callback (spec 2 and 4). */
export type SignInState = { path: string; query: string; activeAccountId?: string };

/**
 * The sign-in flow chosen by USE_AUTH_SERVICE (spec 1 and 4): single sign-on with an identity
 * provider (0), or the product's own authentication service (1). One instance per page load.
 */
type BaseSession = {
  /** True when a token exists (it may still need renewing). */
  hasSession: () => Promise<boolean>;
  /**
   * Starts sign-in, remembering where to come back to; `prompt: 'login'` asks for the password
   * even when the provider still has a session (a fresh sign-in before a sensitive change).
   */
  signIn: (state: SignInState, loginHint?: string, prompt?: 'login') => Promise<void>;
  /** Ends the session locally and at the server/provider, then goes to sign-in. */
  signOut: () => Promise<void>;
  /** Forgets everything local (tokens, stored user) without calling anyone. */
  clear: () => Promise<void>;
  /**
   * Calls `listener` when the session can no longer be renewed and its token has run out, so
   * the app can send the user to sign in again; answers a function that stops listening.
   */
  onEnded: (listener: () => void) => () => void;
};

export type SsoSession = BaseSession & {
  kind: 'sso';
  /** The built-in provider at /idp, or the customer's own. */
  provider: 'built-in' | 'external';
  /** Handles the provider's redirect back; answers the state saved at the start of sign-in. */
  readCallback: () => Promise<unknown>;
};
export type OwnAuthSession = BaseSession & { kind: 'own' };
export type AuthSession = SsoSession | OwnAuthSession;

export const SIGN_IN_RESULT_MISSING = 'authResult is undefined';

/** Clears local storage as a failed or ended sign-in must (spec 4), keeping only the language choice. */
export function clearLocalStorage() {
  const language = localStorage.getItem('language');
  localStorage.clear();
  sessionStorage.clear();
  if (language) localStorage.setItem('language', language);
}
