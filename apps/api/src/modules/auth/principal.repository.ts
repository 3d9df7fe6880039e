import { z } from 'zod';
import type { StoredRole } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** A session of the built-in identity provider, as an ID token names it (`sid` is per client). */
export type ProviderSession = { clientId: string; sid: string };

/** The session a token is tied to; an external provider's tokens are tied to none the API can see. */
export type SessionRef = { sessionId?: string; providerSession?: ProviderSession };

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The caller as every access check sees it, read fresh from the database on each request. */
export type Principal = {
  userId: string;
  /** The session the token belongs to (own tokens); undefined for identity-provider tokens. */
  sessionId: string | undefined;
  /** The built-in provider's session the ID token belongs to; undefined otherwise. */
  providerSession?: ProviderSession;
  email: string;
  roles: StoredRole[];
  customerIds: number[];
  /** When the caller last signed in (not renewed): sensitive changes ask for a recent one. */
  authenticatedAt?: Date;
};

/**
 * The enabled user behind a token, only while the token's session lives: an own session that is
 * not revoked, or a built-in provider session (oidc-provider's `Session`, deleted at sign-out and
 * by revokeIdentityProviderGrants) that still names the token's `sid` for the client. One query.
 * Ids that are no UUID (a token's claim is the caller's word) name nobody.
 */
export async function findEnabledPrincipal(
  db: Database,
  userId: string,
  session: SessionRef = {},
): Promise<Principal | undefined> {
  const { sessionId, providerSession } = session;
  if (!isUuid(userId) || (sessionId !== undefined && !isUuid(sessionId))) return undefined;
  const { rows } = await db.$client.query<{
    id: string;
    email: string;
    roles: StoredRole[];
    customer_ids: number[];
  }>(
    `SELECT u.id, u.email,
            coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id ORDER BY customer_id) FROM user_customers c WHERE c.user_id = u.id), '{}') AS customer_ids
       FROM users u
      WHERE u.id = $1 AND u.enabled
        AND ($2::uuid IS NULL OR EXISTS (
              SELECT 1 FROM sessions s WHERE s.id = $2 AND s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()))
        AND ($3::text IS NULL OR EXISTS (
              SELECT 1 FROM oidc_payloads p
               WHERE p.payload->>'accountId' = u.id::text AND p.type = 'Session'
                 AND p.payload->'authorizations'->$4::text->>'sid' = $3
                 AND (p.expires_at IS NULL OR p.expires_at > now())))`,
    [userId, sessionId ?? null, providerSession?.sid ?? null, providerSession?.clientId ?? null],
  );
  const row = rows[0];
  return (
    row && {
      userId: row.id,
      sessionId,
      ...(providerSession && { providerSession }),
      email: row.email,
      roles: row.roles,
      customerIds: row.customer_ids,
    }
  );
}
