import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { hasInvalidCharacters, normalizeEmail } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { findLinkedUserId, linkByVerifiedEmail } from './identity-links.repository.ts';
import { findHeldAccount, type ActiveAccount } from './active-account.repository.ts';
import type { PrincipalCache } from './principal-cache.ts';
import { findEnabledPrincipal, type Principal } from './principal.repository.ts';
import { SIGNING_ALGORITHM } from './signing-keys.repository.ts';
import type { TokenService } from './token.service.ts';

export type IdentityProviderTrust = {
  /** Issuer of the tokens the web app sends in the single-sign-on flow. */
  issuer: string;
  /** The tokens' audience: the web app's client id, or OIDC_AUDIENCE for access tokens. */
  audience: string;
  /**
   * True for an external provider (Entra ID, Keycloak…): keys from its JWKS; users linked once by
   * a verified e-mail address, then by the provider's subject.
   */
  external: boolean;
  /**
   * The claim that links an external provider's user the first time: `email` (only when
   * `email_verified` is true), or `preferred_username` / `upn`, which an Entra ID tenant's
   * administrators assign from the tenant's own verified domains (see docs/sign-in.md).
   */
  userClaim: 'email' | 'preferred_username' | 'upn';
};

/** How much the provider's clock may differ from the API's before a valid token counts as expired. */
const EXTERNAL_CLOCK_TOLERANCE_SECONDS = 60;

const expired = () => unauthenticated('Your session is invalid or has expired. Please sign in again.');

/**
 * A genuine token of the provider for someone the Hub does not know (or no longer lets in).
 * Distinct from an expired session, which signing in again would fix: this would not.
 */
export const notProvisioned = () =>
  new AppError(
    403,
    'USER_NOT_PROVISIONED',
    'Forbidden',
    'Your account is not set up in Service Hub. Contact your administrator.',
  );

const providerUnreachable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'Service Unavailable',
    'The sign-in service could not be reached. Please try again later.',
  );

/** The provider's discovery document or keys could not be fetched: not the caller's fault. */
class ProviderUnreachableError extends Error {}

const isProviderUnreachable = (error: unknown) =>
  error instanceof ProviderUnreachableError ||
  error instanceof joseErrors.JWKSTimeout ||
  // fetch() (discovery and JWKS alike) rejects with a TypeError when the host cannot be reached.
  error instanceof TypeError;

/**
 * Turns a bearer token into the caller: the API's own access tokens (own auth service) or the
 * identity provider's tokens (single sign-on: ID tokens, or an external provider's access tokens
 * when OIDC_TOKEN_TYPE says so). Either way signature, issuer, audience and expiry are checked,
 * the user must exist and be enabled now, and (except for an external provider, whose sessions
 * the API cannot see) the token's session must still live.
 */
export class Authenticator {
  private remoteKeys: Promise<JWTVerifyGetKey> | undefined;

  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly idp: IdentityProviderTrust,
    private readonly cache?: PrincipalCache,
  ) {}

  /**
   * The caller behind a bearer token. A token seen before costs nothing while the cache hears
   * every change of its user (see PrincipalCache); otherwise it is verified and looked up.
   */
  async principalFor(token: string): Promise<Principal> {
    const cached = this.cache?.get(token);
    if (cached) return cached;
    const mark = this.cache?.mark() ?? 0;
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw expired();
    }
    const principal = await this.verifiedPrincipal(token, claims.iss);
    if (typeof claims.exp === 'number') this.cache?.set(token, principal, claims.exp * 1000, mark);
    return principal;
  }

  /** Resolves once this instance has heard of every change committed so far (see PrincipalCache). */
  async heardAllChanges(): Promise<void> {
    await this.cache?.sync();
  }

  /** The account the caller acts for, when they hold it (spec 6); cached like the caller. */
  async heldAccount(principal: Principal, customerId: number): Promise<ActiveAccount | undefined> {
    if (!principal.customerIds.includes(customerId)) return undefined;
    const cached = this.cache?.getAccount(principal.userId, customerId);
    if (cached) return cached.account;
    const mark = this.cache?.mark() ?? 0;
    const account = await findHeldAccount(this.db, principal.userId, customerId);
    this.cache?.setAccount(principal.userId, customerId, account, mark);
    return account;
  }

  private async verifiedPrincipal(token: string, issuer: unknown): Promise<Principal> {
    if (issuer === this.tokens.issuer) {
      const claims = await this.tokens.verify(token);
      const principal = await findEnabledPrincipal(this.db, claims.sub, { sessionId: claims.sid });
      if (!principal) throw expired();
      return { ...principal, authenticatedAt: claims.authTime };
    }
    if (issuer === this.idp.issuer) return this.fromProviderToken(token);
    throw expired();
  }

  private async fromProviderToken(token: string): Promise<Principal> {
    let claims: JWTPayload;
    try {
      const keys = this.idp.external ? await this.externalKeys() : this.tokens.keyResolver;
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: this.idp.issuer,
        audience: this.idp.audience,
        ...(this.idp.external
          ? { clockTolerance: EXTERNAL_CLOCK_TOLERANCE_SECONDS }
          : { algorithms: [SIGNING_ALGORITHM] }),
      }));
    } catch (error) {
      if (this.idp.external && isProviderUnreachable(error)) throw providerUnreachable();
      throw expired();
    }
    if (this.idp.external) {
      // The provider vouches for this person; the Hub just does not know them. Signing in again
      // would give the same answer, so it is not "expired".
      const principal = await this.externalPrincipal(claims);
      if (!principal) throw notProvisioned();
      return { ...principal, authenticatedAt: authTimeOf(claims) };
    }
    // The built-in provider's tokens count only while their provider session lives, so signing
    // out, a password change or a disabled user end them at once rather than at expiry.
    const principal =
      typeof claims.sub === 'string' && typeof claims.sid === 'string'
        ? await findEnabledPrincipal(this.db, claims.sub, {
            providerSession: { clientId: this.idp.audience, sid: claims.sid },
          })
        : undefined;
    if (!principal) throw expired();
    return { ...principal, authenticatedAt: authTimeOf(claims) };
  }

  /** Whether a caller's user is still enabled and the token's session still lives. */
  async stillValid(principal: Principal): Promise<boolean> {
    return (await findEnabledPrincipal(this.db, principal.userId, principal)) !== undefined;
  }

  private async externalPrincipal(claims: JWTPayload): Promise<Principal | undefined> {
    const userId = await this.externalUserId(claims);
    return userId ? findEnabledPrincipal(this.db, userId) : undefined;
  }

  /**
   * An external provider's user: by the stable `iss` + `sub` once linked; the first time by the
   * configured claim's address (see `userClaim`). A mutable or unverified address never decides
   * who someone is after that.
   */
  private async externalUserId(claims: JWTPayload): Promise<string | undefined> {
    if (typeof claims.sub !== 'string' || claims.sub === '' || hasInvalidCharacters(claims.sub))
      return undefined;
    const linked = await findLinkedUserId(this.db, this.idp.issuer, claims.sub);
    if (linked) return linked;
    const address = linkingAddress(claims, this.idp.userClaim);
    return address ? linkByVerifiedEmail(this.db, this.idp.issuer, claims.sub, address) : undefined;
  }

  private externalKeys(): Promise<JWTVerifyGetKey> {
    this.remoteKeys ??= (async () => {
      const discovery = `${this.idp.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(discovery, { signal: AbortSignal.timeout(5_000) }).catch(() => {
        throw new ProviderUnreachableError('discovery unreachable');
      });
      if (!response.ok) throw new ProviderUnreachableError(`discovery failed: HTTP ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
      // jose caches the keys and fetches them again when a token names a kid it does not know.
      return createRemoteJWKSet(new URL(jwksUri));
    })().catch((error: unknown) => {
      this.remoteKeys = undefined;
      throw error;
    });
    return this.remoteKeys;
  }
}

const authTimeOf = (claims: JWTPayload) =>
  typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : undefined;

/**
 * The address a first sign-in may be linked by, in the Hub's normal form, or undefined. `email`
 * counts only when the provider says it verified it; `preferred_username` and `upn` only when they
 * look like an address (Entra ID fills them with the user principal name).
 */
export function linkingAddress(
  claims: JWTPayload,
  claim: IdentityProviderTrust['userClaim'],
): string | undefined {
  const value = claims[claim];
  if (typeof value !== 'string' || !value.includes('@') || hasInvalidCharacters(value)) return undefined;
  if (claim === 'email' && claims.email_verified !== true) return undefined;
  return normalizeEmail(value);
}
