import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { TRuntimeConfig } from '@service-hub/contracts';
import { secondsLeft, setTokenSource, userToken } from '../api/auth-token';

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
};

export type SsoSession = BaseSession & {
  kind: 'sso';
  /** Handles the provider's redirect back; answers the state saved at the start of sign-in. */
  readCallback: () => Promise<unknown>;
};
export type OwnAuthSession = BaseSession & { kind: 'own' };
export type AuthSession = SsoSession | OwnAuthSession;

export const SIGN_IN_RESULT_MISSING = 'authResult is undefined';

const REFRESH_MARGIN_SECONDS = 60;

/** Clears local storage as a failed or ended sign-in must (spec 4), keeping only the language choice. */
export function clearLocalStorage() {
  const language = localStorage.getItem('language');
  localStorage.clear();
  sessionStorage.clear();
  if (language) localStorage.setItem('language', language);
}

/** Single sign-on with the identity provider, by oidc-client-ts (authorization code + PKCE). */
export function createSsoSession(config: TRuntimeConfig): SsoSession {
  const origin = window.location.origin;
  const userManager = new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid offline_access',
    // Token cache in localStorage (spec 4), so a reload or a new tab stays signed in.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
  // Every API call carries the ID token (spec 7); close to expiry it is renewed first with the
  // refresh token (silent, without a forced refresh).
  setTokenSource(async () => {
    let user = await userManager.getUser();
    if (!user) return null;
    const left = user.id_token ? secondsLeft(user.id_token) : undefined;
    if (left !== undefined && left < REFRESH_MARGIN_SECONDS)
      user = (await userManager.signinSilent().catch(() => null)) ?? user;
    return user.id_token ?? null;
  });
  return {
    kind: 'sso',
    readCallback: async () => {
      const user = await userManager.signinCallback();
      if (!user) throw new Error(SIGN_IN_RESULT_MISSING);
      return user.state;
    },
    hasSession: async () => (await userManager.getUser()) !== null,
    signIn: (state, loginHint, prompt) =>
      userManager.signinRedirect({ state, login_hint: loginHint, prompt }),
    signOut: async () => {
      const user = await userManager.getUser();
      await userManager.removeUser();
      clearLocalStorage();
      await userManager.signoutRedirect({ id_token_hint: user?.id_token });
    },
    clear: async () => {
      await userManager.removeUser();
      clearLocalStorage();
    },
  };
}

/**
 * Runs a renewal in one tab at a time. The own auth service ends a whole session when a rotated
 * refresh token comes back, and two tabs renewing with the same cookie at once look exactly like
 * that; Web Locks are shared by every tab of the site (absent only outside secure contexts).
 */
async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator.locks?.request !== 'function') return task();
  return await navigator.locks.request('service-hub-token-renewal', task);
}

/** The product's own auth service: `userToken` plus a session cookie that renews it. */
export function createOwnAuthSession(): OwnAuthSession {
  let refreshing: Promise<string | null> | undefined;
  const refresh = () => {
    refreshing ??= oneTabAtATime(async () => {
      // Another tab may have renewed while this one waited: the token is shared in localStorage.
      const shared = userToken.get();
      if (shared && (secondsLeft(shared) ?? 0) >= REFRESH_MARGIN_SECONDS) return shared;
      const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      if (!response.ok) return null;
      const { token } = (await response.json()) as { token: string };
      userToken.set(token);
      return token;
    })
      .catch(() => null)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };
  setTokenSource(async () => {
    const token = userToken.get();
    if (!token) return null;
    const left = secondsLeft(token);
    return left !== undefined && left < REFRESH_MARGIN_SECONDS ? ((await refresh()) ?? token) : token;
  });
  return {
    kind: 'own',
    hasSession: async () => userToken.get() !== null,
    signIn: async (state) => {
      window.location.assign(`/api/auth/login?returnTo=${encodeURIComponent(`${state.path}${state.query}`)}`);
    },
    signOut: async () => {
      const token = userToken.get();
      clearLocalStorage();
      // Logout is a POST (no other site's link can sign anyone out); the page then moves on itself.
      await fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'include',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
      window.location.assign('/auth/login?signedOut=1');
    },
    clear: async () => {
      clearLocalStorage();
    },
  };
}

let session: AuthSession | undefined;

export function initAuthSession(config: TRuntimeConfig): AuthSession {
  session = config.useAuthService === 1 ? createOwnAuthSession() : createSsoSession(config);
  return session;
}

export function authSession(): AuthSession {
  if (!session) throw new Error('auth session not initialised');
  return session;
}
