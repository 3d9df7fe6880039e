import type { User, UserManager } from 'oidc-client-ts';
import { SILENT_RENEW_PATH, type TRuntimeConfig } from '@service-hub/contracts';
import { setTokenSource } from '../api/auth-token';
import { clearLocalStorage, SIGN_IN_RESULT_MISSING, type SsoSession } from './session';
import { oneTabAtATime } from './one-tab-at-a-time';
import { claimRefreshToken, settleRefreshToken } from './presented-refresh-tokens';
import { renewalDueAt, renewalNeed, tokenTimes, waitNeededAt } from './token-renewal';

/** Where the provider returns after signing out (registered there as the logout URI). */
export const SIGNED_OUT_PATH = '/auth/signed-out';

/** How long to wait before trying again when the provider could not be reached. */
const RETRY_AFTER_MS = 5_000;
/** How long to wait before trying again after a renewal that timed out (it already took long). */
const RETRY_AFTER_TIMEOUT_MS = 1_000;

/**
 * How long one silent renewal (the hidden iframe's round trip, or the refresh-token request) may
 * take. The frame loads the Hub's page once more, which a busy machine can take well over the
 * library's default of 10 seconds for; a frame that never answers is told apart from a slow one
 * by the token running out, not by this timeout (see `renew`).
 */
export const SILENT_REQUEST_TIMEOUT_SECONDS = 30;

/** How long a tab whose copy of localStorage is behind another tab's renewal waits for it. */
const CATCH_UP_MS = 5_000;
const CATCH_UP_POLL_MS = 25;

/** OAuth errors that mean the provider is there but briefly cannot answer. */
const TRANSIENT_ERRORS = new Set(['temporarily_unavailable', 'server_error']);

/**
 * oidc-client-ts loads only in this flow, when a session starts: the own authentication service's
 * pages do without its 25 KB (gzip).
 */
type OidcLibrary = typeof import('oidc-client-ts');
let oidcLibrary: Promise<OidcLibrary> | undefined;
const loadOidcLibrary = () => (oidcLibrary ??= import('oidc-client-ts'));

function userManagerFor(
  { UserManager, WebStorageStateStore }: OidcLibrary,
  config: TRuntimeConfig,
): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}/auth/callback`,
    // oidc-client-ts would otherwise frame /auth/callback, which no site may frame.
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    post_logout_redirect_uri: `${origin}${SIGNED_OUT_PATH}`,
    response_type: 'code',
    scope: config.oidc.scope,
    // Token cache in localStorage (spec 4), so a reload or a new tab stays signed in.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal is this module's, one tab at a time: the library's own timer runs in every tab.
    automaticSilentRenew: false,
    silentRequestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    loadUserInfo: false,
  });
}

/**
 * A fresh `nonce` for each authorization request, which oidc-client-ts keeps with the request's
 * state and checks in the ID token it gets back. OpenID Connect makes it optional for the code
 * flow, but some providers refuse a request without it (Glewlwyd: "nonce required").
 */
const newNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** How long a page gets to show before the library loads (it needs none while its token is fresh). */
const LIBRARY_AFTER_MS = 1_000;

/** Where oidc-client-ts keeps the user in localStorage (its prefix `oidc.` and its user key). */
export const storedUserKey = (config: TRuntimeConfig) =>
  `oidc.user:${config.oidc.authority}:${config.oidc.clientId}`;

/**
 * The tokens oidc-client-ts keeps in localStorage (its key and JSON), read without the library.
 * Only a fresh token is taken from it; everything else waits for the library.
 */
function storedUser(config: TRuntimeConfig): Pick<User, 'id_token' | 'access_token'> | null {
  try {
    const stored = localStorage.getItem(storedUserKey(config));
    return stored ? (JSON.parse(stored) as Pick<User, 'id_token' | 'access_token'>) : null;
  } catch {
    return null;
  }
}

/** The page inside the hidden renewal iframe: hands the provider's answer to the Hub's page. */
export async function completeSilentRenewal(config: TRuntimeConfig): Promise<void> {
  await userManagerFor(await loadOidcLibrary(), config).signinSilentCallback();
}

/** The provider refused: trying again will not help (the grant is gone, or it wants the user). */
function isRefusal(error: unknown): boolean {
  // By name: the library's classes are loaded on demand (oidc-client-ts names its errors so).
  return (
    error instanceof Error &&
    error.name === 'ErrorResponse' &&
    !TRANSIENT_ERRORS.has((error as Error & { error?: string }).error ?? '')
  );
}

/** No answer within SILENT_REQUEST_TIMEOUT_SECONDS: a blocked iframe, or a very busy machine. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'ErrorTimeout';
}

/**
 * Seconds the provider's clock is ahead of this browser's, from a token's `iat` and when it was
 * asked for and received (seconds on this browser's clock). The provider issued it in between;
 * only an `iat` outside that span (whole seconds, so one second of slack) shows a difference.
 * Measuring against the moment of arrival alone would take a busy machine's delay for a provider
 * that is behind, and let calls use tokens that have run out.
 */
export function clockSkewOf(issuedAt: number, requestedAt: number, receivedAt: number): number {
  if (issuedAt > receivedAt) return issuedAt - receivedAt;
  if (issuedAt + 1 < requestedAt) return issuedAt + 1 - requestedAt;
  return 0;
}

/**
 * Single sign-on with the identity provider, by oidc-client-ts (authorization code + PKCE).
 * Every API call carries the provider's ID token (or access token, as configured). Renewal starts
 * after 60 % of the token's lifetime, runs once per tab and in one tab at a time (a rotating refresh
 * token used twice makes a standard provider revoke the grant), and calls wait for it only in the
 * token's last moments. When renewal has become impossible, listeners hear that the session ended.
 */
export function createSsoSession(config: TRuntimeConfig): SsoSession {
  let loading: Promise<UserManager> | undefined;
  const loadManager = () =>
    (loading ??= loadOidcLibrary().then((library) => userManagerFor(library, config)));
  const endedListeners = new Set<() => void>();
  // Seconds the provider's clock is ahead of this browser's, measured on fresh tokens.
  let clockSkew = 0;
  let renewing: Promise<User | null> | undefined;
  let renewalImpossible = false;
  // The last renewal timed out: it is tried again, and calls use the token while it still works.
  let renewalTimedOut = false;
  let retryAfterMs = RETRY_AFTER_MS;
  // Listeners hear of the end once: each would start a sign-in.
  let endAnnounced = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let logoutHint: string | undefined;

  const tokenOf = (user: Pick<User, 'id_token' | 'access_token'>) =>
    config.oidc.tokenType === 'access_token' ? user.access_token : user.id_token;
  const providerNow = () => Date.now() / 1000 + clockSkew;
  const needOf = (user: User) => {
    const token = tokenOf(user);
    const times = token ? tokenTimes(token) : undefined;
    if (!times) return user.expired ? 'before-use' : 'none';
    return renewalNeed(times, providerNow());
  };
  const noteFresh = (user: User, requestedAt: number) => {
    const token = tokenOf(user);
    const issuedAt = token ? tokenTimes(token)?.issuedAt : undefined;
    if (issuedAt !== undefined) clockSkew = clockSkewOf(issuedAt, requestedAt, Date.now() / 1000);
  };
  /** Whether a token can no longer be used at all (not merely due for renewal). */
  const ranOut = (user: User | null) => {
    const token = user ? tokenOf(user) : undefined;
    const times = token ? tokenTimes(token) : undefined;
    if (!times) return !user || user.expired !== false;
    return providerNow() >= times.expiresAt;
  };

  /**
   * One silent renewal by the library (refresh token or iframe); a new token's `iat` sets the
   * clock skew (an answer without one brings back the old token, which would skew it).
   */
  const signinSilent = async (previous?: User): Promise<User | null> => {
    const manager = await loadManager();
    const requestedAt = Date.now() / 1000;
    // The nonce matters only to a renewal in the iframe; one with a refresh token ignores it.
    const renewed = await manager.signinSilent({ nonce: newNonce() });
    if (renewed && (!previous || tokenOf(renewed) !== tokenOf(previous))) noteFresh(renewed, requestedAt);
    return renewed;
  };

  /**
   * Renews with the stored refresh token, inside the lock. Another tab may have renewed while
   * this one waited: the tokens are shared in localStorage, but this tab's copy may not show that
   * renewal yet. A refresh token whose renewal was answered is never presented again (a standard
   * provider revokes the grant for it); the copy gets a moment to catch up instead.
   */
  const renewWithStoredTokens = async (): Promise<User | null> => {
    const catchUpUntil = Date.now() + CATCH_UP_MS;
    for (;;) {
      const stored = await (await loadManager()).getUser();
      if (!stored) return null;
      if (needOf(stored) === 'none') return stored;
      const refreshToken = stored.refresh_token;
      if (!refreshToken) {
        if (!config.oidc.iframeRenewal) {
          renewalImpossible = true;
          return null;
        }
        return await signinSilent();
      }
      if (!(await claimRefreshToken(refreshToken))) {
        // Still behind after a while: try again later rather than present a spent token.
        if (Date.now() >= catchUpUntil) return null;
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
        continue;
      }
      // The copy may have caught up while IndexedDB answered; signinSilent reads it once more.
      if ((await (await loadManager()).getUser())?.refresh_token !== refreshToken) {
        await settleRefreshToken(refreshToken, false);
        continue;
      }
      const renewed = await signinSilent(stored).catch(async (error: unknown) => {
        await settleRefreshToken(refreshToken, false);
        throw error;
      });
      // Spent only when the provider replaced it: one that does not rotate refresh tokens
      // (Glewlwyd's default, Okta's without rotation) answers without a new one, and the library
      // keeps the old one, which stays valid for the next renewal.
      await settleRefreshToken(refreshToken, renewed !== null && renewed.refresh_token !== refreshToken);
      // A provider may answer a refresh without a new ID token (OpenID Connect Core 12.2;
      // Glewlwyd does). The library then keeps the old one: refreshing again would bring the same,
      // so the session is renewed by signing in again once the token runs out (without typing while
      // the provider's session lives), instead of refreshing in a loop.
      if (renewed && tokenOf(renewed) === tokenOf(stored)) {
        console.warn('token renewal brought no new token; signing in again when it runs out');
        renewalImpossible = true;
      }
      return renewed;
    }
  };

  const renew = (): Promise<User | null> => {
    renewing ??= oneTabAtATime(renewWithStoredTokens)
      .then((renewed) => {
        if (renewed) renewalTimedOut = false;
        return renewed;
      })
      .catch(async (error: unknown) => {
        // A silent iframe that never answers is blocked (frame rules, third-party cookies), and
        // only signing in again by redirect helps; but one that is merely slow must not end a
        // session whose token still works. So a timeout is final only once the token has run out;
        // until then the renewal is tried again.
        renewalTimedOut = isTimeout(error);
        if (isRefusal(error) || (renewalTimedOut && ranOut(await (await loadManager()).getUser())))
          renewalImpossible = true;
        retryAfterMs = renewalTimedOut ? RETRY_AFTER_TIMEOUT_MS : RETRY_AFTER_MS;
        console.warn('token renewal failed', error);
        return null;
      })
      .finally(() => {
        renewing = undefined;
      });
    return renewing;
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), Math.max(0, delayMs));
  };
  const announceEnd = () => {
    if (endAnnounced) return;
    endAnnounced = true;
    endedListeners.forEach((listener) => listener());
  };

  /** Looks at the current token and plans the next step: renew now, later, or give up. */
  const check = async (): Promise<void> => {
    const user = await (await loadManager()).getUser();
    const token = user ? tokenOf(user) : undefined;
    if (!user || !token) return;
    const need = needOf(user);
    const times = tokenTimes(token);
    const at = (seconds: number) => schedule((seconds - providerNow()) * 1000);
    if (renewalImpossible) {
      if (need === 'before-use') announceEnd();
      else if (times) at(waitNeededAt(times));
      return;
    }
    if (need === 'none') {
      if (times) at(renewalDueAt(times));
      return;
    }
    const renewed = await renew();
    if (renewed || renewalImpossible) await check();
    else schedule(retryAfterMs);
  };

  /** The stored token if it needs no renewal yet, read without the library. */
  const freshStoredToken = () => {
    const stored = storedUser(config);
    const token = stored ? tokenOf(stored) : undefined;
    const times = token ? tokenTimes(token) : undefined;
    return token && times && renewalNeed(times, providerNow()) === 'none' ? token : undefined;
  };

  setTokenSource(async () => {
    // Until the library is needed, a fresh stored token is all a call needs: the page shows
    // without waiting for oidc-client-ts, which loads right after (see `void check()` below).
    const fresh = loading ? undefined : freshStoredToken();
    if (fresh) return fresh;
    const user = await (await loadManager()).getUser();
    const token = user ? tokenOf(user) : undefined;
    if (!user || !token) return null;
    const need = needOf(user);
    if (need === 'none') return token;
    // Calls wait for a renewal only while it is likely to come in time: not after one timed out
    // (slow machine or blocked frame) while this token still works.
    if (need === 'background' || renewalImpossible || (renewalTimedOut && !ranOut(user))) {
      void check();
      return token;
    }
    const renewed = await renew();
    void check();
    return (renewed && tokenOf(renewed)) ?? token;
  });
  // The first check loads the library and plans the renewal: after the first paint while the
  // stored token is fresh, at once otherwise.
  setTimeout(() => void check(), freshStoredToken() ? LIBRARY_AFTER_MS : 0);

  return {
    kind: 'sso',
    provider: config.oidc.provider,
    readCallback: async () => {
      const manager = await loadManager();
      const requestedAt = Date.now() / 1000;
      const user = await manager.signinCallback();
      if (!user) throw new Error(SIGN_IN_RESULT_MISSING);
      noteFresh(user, requestedAt);
      renewalImpossible = false;
      renewalTimedOut = false;
      endAnnounced = false;
      void check();
      return user.state;
    },
    hasSession: async () =>
      loading ? (await (await loadManager()).getUser()) !== null : storedUser(config) !== null,
    signIn: async (state, loginHint, prompt) =>
      (await loadManager()).signinRedirect({
        state,
        nonce: newNonce(),
        login_hint: loginHint,
        // The configured prompt (e.g. consent, for refresh tokens) plus this sign-in's own.
        prompt: [config.oidc.prompt, prompt].filter(Boolean).join(' ') || undefined,
      }),
    signOut: async () => {
      const user = await (await loadManager()).getUser();
      await (await loadManager()).removeUser();
      clearLocalStorage();
      try {
        // A `state` makes providers that return only to a logout request carrying one (Glewlwyd
        // 2.7) come back to the Hub; the signed-out page does not read it.
        await (
          await loadManager()
        ).signoutRedirect({
          id_token_hint: user?.id_token ?? logoutHint,
          state: 'signed-out',
        });
      } catch (error) {
        // The provider cannot be reached: this browser is signed out all the same.
        console.error(error);
        window.location.assign(SIGNED_OUT_PATH);
      }
    },
    clear: async () => {
      // Kept for the provider's logout, which names the session by it, should the user sign out next.
      logoutHint = (await (await loadManager()).getUser())?.id_token ?? logoutHint;
      clearTimeout(timer);
      await (await loadManager()).removeUser();
      clearLocalStorage();
    },
    onEnded: (listener) => {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };
}
