import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { hasInvalidCharacters } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { findInvalidText } from '../../lib/invalid-text.ts';
import type { ProviderSession } from '../auth/principal.repository.ts';

/**
 * Keeps the built-in identity provider's grants, codes, sessions and tokens in PostgreSQL, so any
 * instance can continue what another started (oidc-provider's own adapter is in memory).
 */
export function postgresOidcAdapter(db: Database) {
  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // oidc-provider reads its own request bodies, past the API's input checks; PostgreSQL
      // refuses U+0000 and unpaired surrogates, so they are the client's error, not the server's.
      if (findInvalidText('payload', payload).length > 0) {
        throw new errors.InvalidRequest('the request contains characters that are not allowed');
      }
      await db.$client.query(
        `INSERT INTO oidc_payloads (type, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int > 0 THEN now() + make_interval(secs => $7) END)
         ON CONFLICT (type, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.type,
          id,
          payload,
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? 0,
        ],
      );
    }

    private async findBy(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      if (hasInvalidCharacters(value)) return undefined;
      const { rows } = await db.$client.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM oidc_payloads
          WHERE type = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.type, value],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db.$client.query('UPDATE oidc_payloads SET consumed_at = now() WHERE type = $1 AND id = $2', [
        this.type,
        id,
      ]);
    }

    async destroy(id: string): Promise<void> {
      await db.$client.query('DELETE FROM oidc_payloads WHERE type = $1 AND id = $2', [this.type, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.$client.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}

/**
 * Ends every grant, refresh token and provider session of a user (password or e-mail change),
 * except optionally the provider session in use, with its grant and tokens.
 */
export async function revokeIdentityProviderGrants(
  db: Pick<Database['$client'], 'query'>,
  userId: string,
  keep?: ProviderSession,
): Promise<void> {
  await db.query(
    `WITH kept AS (
       SELECT id, payload->'authorizations'->$3::text->>'grantId' AS grant_id FROM oidc_payloads
        WHERE type = 'Session' AND payload->>'accountId' = $1
          AND payload->'authorizations'->$3::text->>'sid' = $2::text)
     DELETE FROM oidc_payloads p
      WHERE (p.payload->>'accountId' = $1
             OR p.grant_id IN (SELECT id FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = $1))
        AND NOT EXISTS (SELECT 1 FROM kept k
                         WHERE (p.type = 'Session' AND p.id = k.id)
                            OR (p.type = 'Grant' AND p.id = k.grant_id)
                            OR p.grant_id = k.grant_id)`,
    [userId, keep?.sid ?? null, keep?.clientId ?? null],
  );
}
