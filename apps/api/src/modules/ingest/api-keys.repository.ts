import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { TApiKey } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** A production system that calls with an API key: which key, and the customers it may deliver. */
export type MachineCaller = { apiKeyId: string; name: string; customerIds: number[] };

const KEY_PREFIX = 'shk_';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** 256 random bits behind a recognisable prefix (secret scanners can look for `shk_`). */
export function newApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const LIST_COLUMNS = `k.id, k.name, k.key_prefix, k.created, u.email AS created_by, k.last_used_at, k.revoked_at,
  coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'customerNumber', c.customer_number)
                            ORDER BY c.name)
              FROM api_key_customers kc JOIN customers c ON c.id = kc.customer_id
             WHERE kc.api_key_id = k.id), '[]') AS customers`;

type KeyRow = {
  id: string;
  name: string;
  key_prefix: string;
  created: Date;
  created_by: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  customers: TApiKey['customers'];
};

const toApiKey = (row: KeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.key_prefix,
  customers: row.customers,
  created: row.created.toISOString(),
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

export async function listApiKeys(db: Database): Promise<TApiKey[]> {
  const { rows } = await db.$client.query<KeyRow>(
    `SELECT ${LIST_COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
      ORDER BY k.revoked_at IS NOT NULL, k.created DESC`,
  );
  return rows.map(toApiKey);
}

export async function findApiKey(
  client: PoolClient | Database['$client'],
  id: string,
): Promise<TApiKey | undefined> {
  const { rows } = await client.query<KeyRow>(
    `SELECT ${LIST_COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by WHERE k.id = $1`,
    [id],
  );
  return rows[0] && toApiKey(rows[0]);
}

/** Customers by id that exist; the caller compares to tell which do not. */
export async function existingCustomerIds(client: PoolClient, ids: readonly number[]): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>('SELECT id FROM customers WHERE id = ANY($1)', [ids]);
  return rows.map((r) => r.id);
}

export async function insertApiKey(
  client: PoolClient,
  key: { name: string; key: string; customerIds: readonly number[]; createdBy: string },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO api_keys (name, key_prefix, key_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [key.name, key.key.slice(0, KEY_PREFIX.length + 6), hashApiKey(key.key), key.createdBy],
  );
  const id = rows[0]!.id;
  await client.query('INSERT INTO api_key_customers (api_key_id, customer_id) SELECT $1, unnest($2::int[])', [
    id,
    key.customerIds,
  ]);
  return id;
}

/** Revokes a key that is not revoked yet; answers whether it did. */
export async function revokeApiKey(client: PoolClient, id: string, revokedBy: string): Promise<boolean> {
  const { rowCount } = await client.query(
    'UPDATE api_keys SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL',
    [id, revokedBy],
  );
  return rowCount === 1;
}

/**
 * Checks machine credentials: one indexed lookup by the key's hash. Revoked and unknown keys look
 * the same to the caller. The last use is written at most once a minute per key, so a busy
 * producer does not turn every call into a write.
 */
export class ApiKeyVerifier {
  constructor(private readonly db: Database) {}

  async verify(key: string): Promise<MachineCaller | undefined> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 100) return undefined;
    const { rows } = await this.db.$client.query<{ id: string; name: string; customer_ids: number[] }>(
      `SELECT k.id, k.name, coalesce(array_agg(kc.customer_id) FILTER (WHERE kc.customer_id IS NOT NULL), '{}') AS customer_ids
         FROM api_keys k LEFT JOIN api_key_customers kc ON kc.api_key_id = k.id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL
        GROUP BY k.id`,
      [hashApiKey(key)],
    );
    const row = rows[0];
    if (!row) return undefined;
    await this.db.$client.query(
      `UPDATE api_keys SET last_used_at = date_trunc('minute', now())
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < date_trunc('minute', now()))`,
      [row.id],
    );
    return { apiKeyId: row.id, name: row.name, customerIds: row.customer_ids };
  }
}
