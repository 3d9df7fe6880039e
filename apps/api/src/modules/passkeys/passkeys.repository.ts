import type { PoolClient } from 'pg';
import type { TPasskey } from '@service-hub/contracts';

type Queryable = Pick<PoolClient, 'query'>;

/** A passkey with what verifying an assertion needs. */
export type StoredPasskey = {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

type PasskeyRow = {
  id: string;
  name: string;
  created: Date;
  last_used_at: Date | null;
  device_type: TPasskey['deviceType'];
  backed_up: boolean;
};

const PUBLIC_COLUMNS = 'id, name, created, last_used_at, device_type, backed_up';

const toPasskey = (row: PasskeyRow): TPasskey => ({
  id: row.id,
  name: row.name,
  created: row.created.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  deviceType: row.device_type,
  backedUp: row.backed_up,
});

export async function listPasskeys(db: Queryable, userId: string): Promise<TPasskey[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created, id`,
    [userId],
  );
  return rows.map(toPasskey);
}

/** The credentials of a user, for excludeCredentials and allowCredentials. */
export async function credentialsOf(
  db: Queryable,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const { rows } = await db.query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1 ORDER BY created, id',
    [userId],
  );
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
}

export async function countPasskeys(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM passkeys WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

/** A passkey by its credential id, locked until the transaction ends (its counter is about to move). */
export async function findByCredentialIdForUpdate(
  db: Queryable,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string[];
  }>(
    `SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys
      WHERE credential_id = $1 FOR UPDATE`,
    [credentialId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
  };
}

export async function insertPasskey(
  db: Queryable,
  values: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceType: TPasskey['deviceType'];
    backedUp: boolean;
    aaguid: string;
    name: string;
  },
): Promise<TPasskey | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, aaguid, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING ${PUBLIC_COLUMNS}`,
    [
      values.userId,
      values.credentialId,
      values.publicKey,
      values.counter,
      values.transports,
      values.deviceType,
      values.backedUp,
      values.aaguid,
      values.name,
    ],
  );
  return rows[0] ? toPasskey(rows[0]) : undefined;
}

export async function renamePasskey(
  db: Queryable,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<{ before: string; passkey: TPasskey } | undefined> {
  const { rows } = await db.query<PasskeyRow & { before: string }>(
    `UPDATE passkeys p SET name = $3 FROM passkeys old
      WHERE p.id = $2 AND p.user_id = $1 AND old.id = p.id
     RETURNING p.id, p.name, p.created, p.last_used_at, p.device_type, p.backed_up, old.name AS before`,
    [userId, passkeyId, name],
  );
  const row = rows[0];
  return row ? { before: row.before, passkey: toPasskey(row) } : undefined;
}

export async function deletePasskey(
  db: Queryable,
  userId: string,
  passkeyId: string,
): Promise<TPasskey | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `DELETE FROM passkeys WHERE id = $2 AND user_id = $1 RETURNING ${PUBLIC_COLUMNS}`,
    [userId, passkeyId],
  );
  return rows[0] ? toPasskey(rows[0]) : undefined;
}

export async function recordPasskeyUse(db: Queryable, passkeyId: string, counter: number): Promise<void> {
  await db.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [
    passkeyId,
    counter,
  ]);
}
