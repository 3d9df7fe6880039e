import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { unauthenticated } from '../../lib/errors.ts';
import {
  findPublicKey,
  getOrCreateSigningKey,
  SIGNING_ALGORITHM,
  type SigningKey,
} from './signing-keys.repository.ts';

export const TOKEN_AUDIENCE = 'service-hub-api';
/** Short-lived: sessions renew them with a refresh token, and revocation takes effect at once anyway. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * `sid` ties the token to a session, so ending the session invalidates the token too; `auth_time`
 * is when the user last proved who they are (the session's sign-in), which renewals keep. Both ids
 * are database UUIDs: a signed token that says otherwise is as invalid as an unsigned one.
 */
const ZAccessTokenClaims = z.object({
  sub: z.uuid(),
  email: z.string(),
  sid: z.uuid(),
  auth_time: z.number().int().optional(),
});
export type AccessTokenClaims = { sub: string; email: string; sid: string; authTime?: Date };

/**
 * Signs and verifies the API's own tokens. Keys live in the database so that any instance can
 * verify what another signed; the in-memory maps are only caches of immutable key material.
 */
export class TokenService {
  private signingKey: Promise<SigningKey> | undefined;
  private readonly publicKeys = new Map<string, Promise<CryptoKey | undefined>>();

  constructor(
    private readonly db: Database,
    readonly issuer: string,
  ) {}

  async sign(claims: AccessTokenClaims): Promise<string> {
    this.signingKey ??= getOrCreateSigningKey(this.db);
    const { kid, privateKey } = await this.signingKey;
    return new SignJWT({
      email: claims.email,
      sid: claims.sid,
      ...(claims.authTime ? { auth_time: Math.floor(claims.authTime.getTime() / 1000) } : {}),
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(privateKey);
  }

  /** Resolves a token's key id to one of the product's public keys (also used for the built-in IdP). */
  readonly keyResolver: JWTVerifyGetKey = async (header) => {
    if (!header.kid) throw new joseErrors.JWSSignatureVerificationFailed();
    let key = this.publicKeys.get(header.kid);
    if (!key) {
      key = findPublicKey(this.db, header.kid);
      this.publicKeys.set(header.kid, key);
    }
    const found = await key;
    if (!found) {
      this.publicKeys.delete(header.kid);
      throw new joseErrors.JWKSNoMatchingKey();
    }
    return found;
  };

  /** Checks signature, issuer, audience and expiry; any failure is a 401 that says nothing more. */
  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.keyResolver, {
        issuer: this.issuer,
        audience: TOKEN_AUDIENCE,
        algorithms: [SIGNING_ALGORITHM],
      });
      const { sub, email, sid, auth_time: authTime } = ZAccessTokenClaims.parse(payload);
      return { sub, email, sid, authTime: authTime === undefined ? undefined : new Date(authTime * 1000) };
    } catch {
      throw unauthenticated('Your session is invalid or has expired. Please sign in again.');
    }
  }
}
