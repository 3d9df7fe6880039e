import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import {
  ACCOUNT_API_KEY_PREFIX,
  type ApiKeyScope,
  type Market,
  type TAccountApiKey,
  type TUserPermission,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';

/**
 * A customer's system calling with an account API key: which key, what it may read, and the account
 * it reads, with the account's own service permissions (not any user's).
 */
export type AccountKeyCaller = {
  keyId: string;
  scopes: ApiKeyScope[];
  account: ActiveAccount;
};

/** Keys are 256 random bits, so a fast hash is as strong as a slow one; the key itself is never kept. */
export const hashAccountApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** 256 random bits behind a recognisable prefix (secret scanners can look for `shr_`). */
export function newAccountApiKey(): string {
  return `${ACCOUNT_API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** `shr_` and the first six characters of the random part: enough to tell keys apart, useless to guess. */
const keyPrefixOf = (key: string) => key.slice(0, ACCOUNT_API_KEY_PREFIX.length + 6);

/** Longer than any key this code makes; anything longer is refused before it is hashed. */
const MAX_KEY_LENGTH = 100;

type KeyRow = {
  id: string;
  name: string;
  key_prefix: string;
  scopes: ApiKeyScope[];
  created: Date;
  created_by: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const LIST_COLUMNS = `k.id, k.name, k.key_prefix, k.scopes, k.created, u.display_name AS created_by, k.last_used_at, k.revoked_at`;

const toAccountApiKey = (row: KeyRow): TAccountApiKey => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.key_prefix,
  scopes: row.scopes,
  created: row.created.toISOString(),
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

/** The account's keys: active ones first, newest first. */
export async function listAccountApiKeys(db: Database, customerId: number): Promise<TAccountApiKey[]> {
  const { rows } = await db.$client.query<KeyRow>(
    `SELECT ${LIST_COLUMNS} FROM account_api_keys k LEFT JOIN users u ON u.id = k.created_by
      WHERE k.customer_id = $1
      ORDER BY k.revoked_at IS NOT NULL, k.created DESC, k.id`,
    [customerId],
  );
  return rows.map(toAccountApiKey);
}

export async function findAccountApiKey(
  client: PoolClient,
  customerId: number,
  id: string,
): Promise<TAccountApiKey | undefined> {
  const { rows } = await client.query<KeyRow>(
    `SELECT ${LIST_COLUMNS} FROM account_api_keys k LEFT JOIN users u ON u.id = k.created_by
      WHERE k.customer_id = $1 AND k.id = $2`,
    [customerId, id],
  );
  return rows[0] && toAccountApiKey(rows[0]);
}

export async function insertAccountApiKey(
  client: PoolClient,
  key: { customerId: number; name: string; key: string; scopes: readonly ApiKeyScope[]; createdBy: string },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO account_api_keys (customer_id, name, key_prefix, key_hash, scopes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [key.customerId, key.name, keyPrefixOf(key.key), hashAccountApiKey(key.key), key.scopes, key.createdBy],
  );
  return rows[0]!.id;
}

/** Revokes a key of the account that is not revoked yet; answers the key as it was, or undefined. */
export async function revokeAccountApiKey(
  client: PoolClient,
  customerId: number,
  id: string,
  revokedBy: string,
): Promise<{ name: string; scopes: ApiKeyScope[] } | undefined> {
  const { rows } = await client.query<{ name: string; scopes: ApiKeyScope[] }>(
    `UPDATE account_api_keys SET revoked_at = now(), revoked_by = $3
      WHERE customer_id = $1 AND id = $2 AND revoked_at IS NULL
      RETURNING name, scopes`,
    [customerId, id, revokedBy],
  );
  return rows[0];
}

/**
 * Checks an account key: one indexed lookup by its hash, which also reads the account and the
 * service permissions the account itself holds. Revoked and unknown keys look the same to the
 * caller. The last use is written at most once a minute per key, so a busy integration does not
 * turn every read into a write.
 */
export class AccountApiKeyVerifier {
  constructor(private readonly db: Database) {}

  async verify(key: string): Promise<AccountKeyCaller | undefined> {
    if (!key.startsWith(ACCOUNT_API_KEY_PREFIX) || key.length > MAX_KEY_LENGTH) return undefined;
    const { rows } = await this.db.$client.query<{
      id: string;
      customer_id: number;
      scopes: ApiKeyScope[];
      customer_number: string;
      market: Market;
      permissions: TUserPermission[];
    }>(
      `SELECT k.id, k.customer_id, k.scopes, c.customer_number, c.market,
              coalesce((SELECT json_agg(json_build_object('id', p.id, 'prefix', p.prefix, 'name', p.name, 'roles', p.roles))
                          FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
                         WHERE cp.customer_id = k.customer_id), '[]') AS permissions
         FROM account_api_keys k JOIN customers c ON c.id = k.customer_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [hashAccountApiKey(key)],
    );
    const row = rows[0];
    if (!row) return undefined;
    await this.db.$client.query(
      `UPDATE account_api_keys SET last_used_at = date_trunc('minute', now())
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < date_trunc('minute', now()))`,
      [row.id],
    );
    return {
      keyId: row.id,
      scopes: row.scopes,
      account: {
        id: row.customer_id,
        customerNumber: row.customer_number,
        market: row.market,
        permissions: row.permissions,
      },
    };
  }
}
