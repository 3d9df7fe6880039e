import { randomBytes } from 'node:crypto';
import { SCIM_TOKEN_PREFIX } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { hashAccountApiKey } from '../developer/account-api-keys.repository.ts';
import type { ScimTenant } from './scim-access.ts';

const MAX_TOKEN_LENGTH = 100;

/** 256 random bits behind `scim_` (like the account keys' `shr_`, for secret scanners); only its SHA-256 is kept (the account keys' hashing, modules/developer). */
export const newScimToken = () => `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
export const hashScimToken = hashAccountApiKey;
/** `scim_` and six characters: enough to tell tokens apart in lists and the audit log, useless to guess. */
export const scimTokenPrefixOf = (token: string) => token.slice(0, SCIM_TOKEN_PREFIX.length + 6);

/**
 * The directory a bearer token speaks for: a token that is not revoked, not past its end, of a
 * customer whose provisioning is switched on. Every other case is the same undefined (401).
 */
export async function verifyScimToken(db: Database, token: string): Promise<ScimTenant | undefined> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) return undefined;
  const { rows } = await db.$client.query<{ id: string; customer_id: number; token_prefix: string }>(
    `SELECT t.id, t.customer_id, t.token_prefix
       FROM scim_tokens t JOIN scim_configurations c ON c.customer_id = t.customer_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now()) AND c.enabled`,
    [hashScimToken(token)],
  );
  const row = rows[0];
  return row && { customerId: row.customer_id, tokenId: row.id, tokenPrefix: row.token_prefix };
}

/** Records a token's use, at most once a minute, so a busy sync does not turn every read into a write. */
export async function recordScimTokenUse(db: Database, tokenId: string): Promise<void> {
  await db.$client.query(
    `UPDATE scim_tokens SET last_used_at = date_trunc('minute', now())
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < date_trunc('minute', now()))`,
    [tokenId],
  );
}
