import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRuntimeConfig } from '@service-hub/contracts';
import { currentToken } from '../api/auth-token';

/** What oidc-client-ts keeps in localStorage, shared by every tab; and its provider's answers. */
const provider = vi.hoisted(() => ({
  stored: null as null | { id_token?: string; refresh_token?: string; expired?: boolean },
  signinSilent: (async () => null) as () => Promise<unknown>,
  /** How many sessions have created the library's UserManager (that is, needed the library). */
  managers: 0,
  /** The settings the last UserManager was created with. */
  settings: {} as Record<string, unknown>,
  /** What each sign-in asked the library to send the provider. */
  redirects: [] as Record<string, unknown>[],
}));

/** IndexedDB, which every tab reads alike (unlike localStorage, of which each tab has a copy). */
const indexedDb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  update: async (key: string, updater: (value: unknown) => unknown) => {
    indexedDb.set(key, updater(indexedDb.get(key)));
  },
}));

vi.mock('oidc-client-ts', () => {
  // Named as the library names its errors (the session tells them apart by name).
  class ErrorResponse extends Error {
    override name = 'ErrorResponse';
    constructor(readonly args: { error: string }) {
      super(args.error);
    }
    get error() {
      return this.args.error;
    }
  }
  return {
    ErrorResponse,
    ErrorTimeout: class extends Error {
      override name = 'ErrorTimeout';
    },
    WebStorageStateStore: class {
      readonly store = 'localStorage';
    },
    UserManager: class {
      constructor(settings: Record<string, unknown>) {
        provider.managers += 1;
        provider.settings = settings;
      }
      getUser = async () => provider.stored;
      signinSilent = () => provider.signinSilent();
      signinRedirect = async (args: Record<string, unknown>) => {
        provider.redirects.push(args);
      };
      removeUser = async () => {
        provider.stored = null;
      };
    },
  };
});

const { ErrorResponse, ErrorTimeout } = await import('oidc-client-ts');
const { clockSkewOf, createSsoSession, SILENT_REQUEST_TIMEOUT_SECONDS } = await import('./sso-session');
const { claimRefreshToken, settleRefreshToken } = await import('./presented-refresh-tokens');

const NOW = 1_800_000_000;
/** An ID token issued `age` seconds ago that lives `lifetime` seconds. */
const idToken = (age: number, lifetime = 20, name = 'token') =>
  `e30.${Buffer.from(JSON.stringify({ iat: NOW - age, exp: NOW - age + lifetime, name })).toString('base64url')}.sig`;

const config = (iframeRenewal = false): TRuntimeConfig => ({
  appName: 'Service Hub',
  environment: 'Test',
  buildId: 'test',
  useAuthService: 0,
  oidc: {
    authority: 'https://idp.example.com',
    clientId: 'hub',
    scope: 'openid profile email offline_access',
    prompt: null,
    provider: 'external',
    tokenType: 'id_token',
    iframeRenewal,
  },
  externalServices: {},
  tagManager: 'none',
  tagManagerScript: null,
  sessionIdleMinutes: 0,
  publicUrl: 'https://hub.example.com',
});

describe('single sign-on renewal', () => {
  const lockNames: string[] = [];
  let beforeTask: () => unknown;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW * 1000 });
    lockNames.length = 0;
    beforeTask = () => {};
    provider.stored = null;
    provider.managers = 0;
    indexedDb.clear();
    // Failed renewals are logged; here they are expected.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('window', { location: { origin: 'https://hub.example.com' } });
    // Web Crypto answers in a later task, which fake time cannot step through: this digest (the
    // bytes themselves) answers at once.
    const randomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', {
      subtle: { digest: async (_: string, data: Uint8Array) => data.slice().buffer },
      getRandomValues: randomValues,
    });
    vi.stubGlobal('navigator', {
      locks: {
        // The lock is granted once another tab let go of it: `beforeTask` is what that tab did.
        request: async (name: string, task: () => Promise<unknown>) => {
          lockNames.push(name);
          await beforeTask();
          return task();
        },
      },
    });
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renews once for many calls close to expiry, and every call gets the new token', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'r1' };
    const renewed = { id_token: idToken(0, 20, 'renewed'), refresh_token: 'r2' };
    const signinSilent = vi.fn(async () => {
      provider.stored = renewed;
      return renewed;
    });
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    const tokens = await Promise.all([currentToken(), currentToken(), currentToken()]);
    expect(tokens).toEqual([renewed.id_token, renewed.id_token, renewed.id_token]);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    expect(lockNames[0]).toBe('service-hub-token-renewal');
  });

  it('takes the token another tab renewed while this one waited for the lock', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'r1' };
    const elsewhere = { id_token: idToken(0, 20, 'elsewhere'), refresh_token: 'r2' };
    beforeTask = () => (provider.stored = elsewhere);
    const signinSilent = vi.fn();
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    expect(await currentToken()).toBe(elsewhere.id_token);
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('never presents a refresh token another tab renewed with, though this tab still reads it', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'r1' };
    const elsewhere = { id_token: idToken(0, 20, 'elsewhere'), refresh_token: 'r2' };
    // The other tab renewed with r1 while this one waited for the lock, but this tab's copy of
    // localStorage shows the new tokens only a moment after the lock was handed over.
    beforeTask = async () => {
      expect(await claimRefreshToken('r1')).toBe(true);
      await settleRefreshToken('r1', true);
      setTimeout(() => (provider.stored = elsewhere), 100);
    };
    const signinSilent = vi.fn();
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    const token = currentToken();
    await vi.advanceTimersByTimeAsync(200);
    expect(await token).toBe(elsewhere.id_token);
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('presents a refresh token again whose renewal was never answered (its tab reloaded mid-way)', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'r1' };
    beforeTask = async () => void (await claimRefreshToken('r1'));
    const renewed = { id_token: idToken(0, 20, 'renewed'), refresh_token: 'r2' };
    const signinSilent = vi.fn(async () => (provider.stored = renewed));
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    expect(await currentToken()).toBe(renewed.id_token);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    // Answered now: no tab presents r1 again.
    expect(await claimRefreshToken('r1')).toBe(false);
  });

  // Glewlwyd by default, and Okta without rotation, answer a refresh without a new refresh token.
  it('presents a refresh token again that the provider did not replace', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'kept' };
    let renewals = 0;
    const signinSilent = vi.fn(async () => {
      renewals += 1;
      provider.stored = { id_token: idToken(0, 20, `renewed ${renewals}`), refresh_token: 'kept' };
      return provider.stored;
    });
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    expect(await currentToken()).toBe(idToken(0, 20, 'renewed 1'));
    await vi.advanceTimersByTimeAsync(19_000);
    expect(signinSilent).toHaveBeenCalledTimes(2);
    expect(await currentToken()).toBe(idToken(0, 20, 'renewed 2'));
  });

  // Glewlwyd answers a refresh with an access token only (OpenID Connect Core 12.2 allows it).
  it('signs in again before the ID token runs out when refreshing brings no new one, instead of refreshing in a loop', async () => {
    const unchanged = { id_token: idToken(13), refresh_token: 'r1' };
    provider.stored = unchanged;
    const signinSilent = vi.fn(async () => unchanged);
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config());
    const ended = vi.fn();
    session.onEnded(ended);

    expect(await currentToken()).toBe(unchanged.id_token);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    expect(ended).not.toHaveBeenCalled();
    // The last tenth of its lifetime: time to sign in again, while calls still carry a valid token.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews after 60 % of the lifetime without holding up the call', async () => {
    provider.stored = { id_token: idToken(13), refresh_token: 'r1' };
    const current = provider.stored.id_token;
    let finish: (user: unknown) => void = () => {};
    provider.signinSilent = () => new Promise((resolve) => (finish = resolve));
    createSsoSession(config());

    expect(await currentToken()).toBe(current);
    finish({ id_token: idToken(0) });
  });

  it('renews on its own, before any call needs it, at 60 % of the lifetime', async () => {
    provider.stored = { id_token: idToken(0), refresh_token: 'r1' };
    const signinSilent = vi.fn(async () => {
      provider.stored = { id_token: idToken(-12), refresh_token: 'r2' };
      return provider.stored;
    });
    provider.signinSilent = signinSilent;
    createSsoSession(config());
    await vi.advanceTimersByTimeAsync(11_000);
    expect(signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the provider refuses the refresh token and the token runs out', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'revoked' };
    const signinSilent = vi.fn(async () => {
      throw new ErrorResponse({ error: 'invalid_grant' });
    });
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config());
    const ended = vi.fn();
    session.onEnded(ended);

    await currentToken();
    await vi.advanceTimersByTimeAsync(100);
    expect(ended).toHaveBeenCalled();
    expect(signinSilent).toHaveBeenCalledTimes(1);
    // Trying again would only be refused again; and the end is announced once, not per call.
    await currentToken();
    await vi.advanceTimersByTimeAsync(100);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('never frames the provider when it issued no refresh token and iframe renewal is off', async () => {
    provider.stored = { id_token: idToken(19) };
    const signinSilent = vi.fn();
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config(false));
    const ended = vi.fn();
    session.onEnded(ended);

    await currentToken();
    await vi.advanceTimersByTimeAsync(100);
    expect(signinSilent).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalled();
  });

  it('answers calls with a fresh stored token before the library loads, and loads it after the first paint', async () => {
    provider.stored = { id_token: idToken(2), refresh_token: 'r1' };
    const key = 'oidc.user:https://idp.example.com:hub';
    vi.stubGlobal('localStorage', {
      getItem: (name: string) => (name === key ? JSON.stringify(provider.stored) : null),
    });
    const session = createSsoSession(config());

    expect(await currentToken()).toBe(provider.stored.id_token);
    expect(await session.hasSession()).toBe(true);
    expect(provider.managers).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(provider.managers).toBe(1);
  });

  it('loads the library at once when the stored token is due for renewal', async () => {
    provider.stored = { id_token: idToken(15), refresh_token: 'r1' };
    const key = 'oidc.user:https://idp.example.com:hub';
    vi.stubGlobal('localStorage', {
      getItem: (name: string) => (name === key ? JSON.stringify(provider.stored) : null),
    });
    const signinSilent = vi.fn(async () => ({ id_token: idToken(0), refresh_token: 'r2' }));
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    expect(await currentToken()).toBe(provider.stored.id_token);
    expect(provider.managers).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });

  it('tries again later when the provider cannot be reached, keeping the session', async () => {
    provider.stored = { id_token: idToken(13), refresh_token: 'r1' };
    const signinSilent = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config());
    const ended = vi.fn();
    session.onEnded(ended);

    await vi.advanceTimersByTimeAsync(100);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(signinSilent).toHaveBeenCalledTimes(2);
    expect(ended).not.toHaveBeenCalled();
  });

  it('gives a silent renewal 30 seconds, not the library’s 10: a busy machine loads the frame slowly', async () => {
    provider.stored = { id_token: idToken(2) };
    createSsoSession(config(true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(SILENT_REQUEST_TIMEOUT_SECONDS).toBe(30);
    expect(provider.settings.silentRequestTimeoutInSeconds).toBe(SILENT_REQUEST_TIMEOUT_SECONDS);
  });

  it('tries again when a silent renewal times out while the token still works, and keeps the session', async () => {
    provider.stored = { id_token: idToken(13) };
    const renewed = { id_token: idToken(0, 20, 'renewed') };
    const signinSilent = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ErrorTimeout('IFrame timed out without a response'))
      .mockImplementation(async () => (provider.stored = renewed));
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config(true));
    const ended = vi.fn();
    session.onEnded(ended);

    await vi.advanceTimersByTimeAsync(100);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signinSilent).toHaveBeenCalledTimes(2);
    expect(await currentToken()).toBe(renewed.id_token);
    // Not even when the token comes close to running out: the renewal had succeeded meanwhile.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(ended).not.toHaveBeenCalled();
  });

  it('lets calls use a working token while a renewal that timed out is tried again', async () => {
    // 1.5 s left: calls would wait for the renewal, but the last one timed out.
    provider.stored = { id_token: idToken(18.5) };
    const signinSilent = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ErrorTimeout('IFrame timed out without a response'))
      .mockImplementation(() => new Promise(() => undefined));
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config(true));
    const ended = vi.fn();
    session.onEnded(ended);

    expect(await currentToken()).toBe(provider.stored.id_token);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(signinSilent).toHaveBeenCalledTimes(2);
    // The second try is under way and may take long: the call does not wait for it.
    expect(await currentToken()).toBe(provider.stored.id_token);
    expect(ended).not.toHaveBeenCalled();
  });

  it('signs in again when silent renewal still times out once the token has run out', async () => {
    provider.stored = { id_token: idToken(18.5) };
    const signinSilent = vi.fn(async () => {
      throw new ErrorTimeout('IFrame timed out without a response');
    });
    provider.signinSilent = signinSilent;
    const session = createSsoSession(config(true));
    const ended = vi.fn();
    session.onEnded(ended);

    await vi.advanceTimersByTimeAsync(100);
    expect(ended).not.toHaveBeenCalled();
    // A frame that never answers is blocked (frame rules, third-party cookies): by the time the
    // token has run out, only signing in again by redirect helps.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('plans renewals on the provider’s clock, not late by how long a busy machine took to answer', async () => {
    provider.stored = { id_token: idToken(19), refresh_token: 'r1' };
    let count = 0;
    const signinSilent = vi.fn(
      () =>
        new Promise((resolve) => {
          // Issued as asked for (the provider's clock is this one's), received 4 s later.
          const renewed = { id_token: idToken(0, 20, `renewed ${++count}`), refresh_token: `r${count + 1}` };
          setTimeout(() => resolve((provider.stored = renewed)), 4_000);
        }),
    );
    provider.signinSilent = signinSilent;
    createSsoSession(config());

    await vi.advanceTimersByTimeAsync(100);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    // Due 12 s (60 %) after the new token was issued; taking the 4 s delay for a provider clock
    // 4 s behind would plan it 4 s later, and calls would use the token after it ran out.
    await vi.advanceTimersByTimeAsync(12_400);
    expect(signinSilent).toHaveBeenCalledTimes(2);
  });
});

describe('single sign-on sign-in', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW * 1000 });
    provider.stored = null;
    provider.redirects.length = 0;
    vi.stubGlobal('window', { location: { origin: 'https://hub.example.com' } });
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // Glewlwyd answers a code-flow request without one with "nonce required" (docs/sign-in.md).
  it('sends a fresh, unguessable nonce with every sign-in', async () => {
    const session = createSsoSession(config());
    await session.signIn({ path: '/dashboard', query: '' });
    await session.signIn({ path: '/dashboard', query: '' }, undefined, 'login');

    const nonces = provider.redirects.map((args) => args.nonce);
    expect(nonces).toHaveLength(2);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('clockSkewOf', () => {
  it('sees no difference when the token was issued between asking and receiving', () => {
    expect(clockSkewOf(100, 100.4, 105)).toBe(0);
    expect(clockSkewOf(103, 100, 105)).toBe(0);
  });
  it('measures a provider ahead from the answer, and one behind from the question', () => {
    expect(clockSkewOf(130, 100, 105)).toBe(25);
    expect(clockSkewOf(70, 100, 105)).toBe(-29);
  });
});
