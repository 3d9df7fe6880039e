import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { hasInvalidCharacters, normalizeEmail } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { findLinkedUserId, linkByVerifiedEmail } from './identity-links.repository.ts';
import type { PrincipalCache } from './principal-cache.ts';
import { findEnabledPrincipal, type Principal } from './principal.repository.ts';
import { SIGNING_ALGORITHM } from './signing-keys.repository.ts';
import type { TokenService } from './token.service.ts';

export type IdentityProviderTrust = {
  /** Issuer of the ID tokens the web app sends in the single-sign-on flow. */
  issuer: string;
  /** The web app's client id: the ID tokens' audience. */
  audience: string;
  /**
   * True for an external provider (Entra ID, Keycloak…): keys from its JWKS; users linked once by
   * a verified e-mail address, then by the provider's subject.
   */
  external: boolean;
};

const expired = () => unauthenticated('Your session is invalid or has expired. Please sign in again.');

/**
 * Turns a bearer token into the caller: the API's own access tokens (own auth service) or the
 * identity provider's ID tokens (single sign-on). Either way signature, issuer, audience and
 * expiry are checked, the user must exist and be enabled now, and (except for an external
 * provider, whose sessions the API cannot see) the token's session must still live.
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

  private async verifiedPrincipal(token: string, issuer: unknown): Promise<Principal> {
    if (issuer === this.tokens.issuer) {
      const claims = await this.tokens.verify(token);
      const principal = await findEnabledPrincipal(this.db, claims.sub, { sessionId: claims.sid });
      if (!principal) throw expired();
      return { ...principal, authenticatedAt: claims.authTime };
    }
    if (issuer === this.idp.issuer) return this.fromIdToken(token);
    throw expired();
  }

  private async fromIdToken(token: string): Promise<Principal> {
    let claims: JWTPayload;
    try {
      const keys = this.idp.external ? await this.externalKeys() : this.tokens.keyResolver;
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: this.idp.issuer,
        audience: this.idp.audience,
        ...(this.idp.external ? {} : { algorithms: [SIGNING_ALGORITHM] }),
      }));
    } catch {
      throw expired();
    }
    const principal = this.idp.external
      ? await this.externalPrincipal(claims)
      : // The built-in provider's tokens count only while their provider session lives, so signing
        // out, a password change or a disabled user end them at once rather than at expiry.
        typeof claims.sub === 'string' && typeof claims.sid === 'string'
        ? await findEnabledPrincipal(this.db, claims.sub, {
            providerSession: { clientId: this.idp.audience, sid: claims.sid },
          })
        : undefined;
    if (!principal) throw expired();
    const authTime = typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : undefined;
    return { ...principal, authenticatedAt: authTime };
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
   * e-mail claim, and only when the provider says it verified it. A mutable or unverified e-mail
   * never decides who someone is.
   */
  private async externalUserId(claims: JWTPayload): Promise<string | undefined> {
    if (typeof claims.sub !== 'string' || claims.sub === '' || hasInvalidCharacters(claims.sub))
      return undefined;
    const linked = await findLinkedUserId(this.db, this.idp.issuer, claims.sub);
    if (linked) return linked;
    if (claims.email_verified !== true || typeof claims.email !== 'string') return undefined;
    if (hasInvalidCharacters(claims.email)) return undefined;
    return linkByVerifiedEmail(this.db, this.idp.issuer, claims.sub, normalizeEmail(claims.email));
  }

  private externalKeys(): Promise<JWTVerifyGetKey> {
    this.remoteKeys ??= (async () => {
      const response = await fetch(`${this.idp.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`discovery failed: HTTP ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
      return createRemoteJWKSet(new URL(jwksUri));
    })().catch((error: unknown) => {
      this.remoteKeys = undefined;
      throw error;
    });
    return this.remoteKeys;
  }
}
