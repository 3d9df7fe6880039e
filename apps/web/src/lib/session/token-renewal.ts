/**
 * When a sign-in's token is renewed, relative to its own lifetime: a provider may issue tokens for
 * a minute or for a day, so no fixed margin fits. Times are seconds on the provider's clock
 * (the token's `iat` and `exp`).
 */
export type TokenTimes = { issuedAt: number; expiresAt: number };

/**
 * - `none`: the token is fresh;
 * - `background`: renew now, but calls may still use this token meanwhile;
 * - `before-use`: too close to expiry for a call to rely on it: wait for the renewal.
 */
export type RenewalNeed = 'none' | 'background' | 'before-use';

/** Share of the lifetime after which renewal starts: well before expiry, without churning. */
const RENEW_AFTER = 0.6;
/** Share of the lifetime, and floor in seconds, during which calls wait for the renewal. */
const WAIT_WITHIN = 0.1;
const WAIT_WITHIN_MIN_SECONDS = 3;

export function renewalDueAt({ issuedAt, expiresAt }: TokenTimes): number {
  return issuedAt + (expiresAt - issuedAt) * RENEW_AFTER;
}

export function waitNeededAt({ issuedAt, expiresAt }: TokenTimes): number {
  return expiresAt - Math.max((expiresAt - issuedAt) * WAIT_WITHIN, WAIT_WITHIN_MIN_SECONDS);
}

export function renewalNeed(times: TokenTimes, now: number): RenewalNeed {
  if (now >= waitNeededAt(times)) return 'before-use';
  if (now >= renewalDueAt(times)) return 'background';
  return 'none';
}

/** `iat` and `exp` of a JWT; a token without `iat` is taken to have lived five minutes. */
export function tokenTimes(token: string): TokenTimes | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat?: unknown;
      exp?: unknown;
    };
    if (typeof payload.exp !== 'number') return undefined;
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : payload.exp - 300;
    return issuedAt < payload.exp ? { issuedAt, expiresAt: payload.exp } : undefined;
  } catch {
    return undefined;
  }
}
