import type { TRuntimeConfig } from '@service-hub/contracts';
import { secondsLeft, setTokenSource, userToken } from '../api/auth-token';
import { oneTabAtATime } from './one-tab-at-a-time';
import { clearLocalStorage, type AuthSession, type OwnAuthSession } from './session';
import { createSsoSession } from './sso-session';
import { appLinks } from '../routing/links';

export * from './session';

const REFRESH_MARGIN_SECONDS = 60;

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
      window.location.assign(appLinks.signIn({ signedOut: true }));
    },
    clear: async () => {
      clearLocalStorage();
    },
    // A refused renewal surfaces as the API's 401, which the sign-in guard handles.
    onEnded: () => () => undefined,
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
