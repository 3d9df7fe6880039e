import { z } from 'zod';
import type { StoredRole } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** The caller as every access check sees it, read fresh from the database on each request. */
export type Principal = {
  userId: string;
  /** The session the token belongs to (own tokens); undefined for identity-provider tokens. */
  sessionId: string | undefined;
  email: string;
  roles: StoredRole[];
  customerIds: number[];
  /** When the caller last signed in (not renewed): sensitive changes ask for a recent one. */
  authenticatedAt?: Date;
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The enabled user behind a token; with a session id, only while that session is not revoked.
 * Ids that are no UUID (a token's claim is the caller's word) name nobody.
 */
export async function findEnabledPrincipal(
  db: Database,
  userId: string,
  sessionId?: string,
): Promise<Principal | undefined> {
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
              SELECT 1 FROM sessions s WHERE s.id = $2 AND s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()))`,
    [userId, sessionId ?? null],
  );
  const row = rows[0];
  return (
    row && { userId: row.id, sessionId, email: row.email, roles: row.roles, customerIds: row.customer_ids }
  );
}
