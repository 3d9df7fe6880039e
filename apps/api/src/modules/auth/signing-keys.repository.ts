import { randomUUID } from 'node:crypto';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';

export const SIGNING_ALGORITHM = 'ES256';
/** Serialises first-start key creation across instances. */
const KEY_CREATION_LOCK = 7_311_002;

export type SigningKey = { kid: string; privateKey: CryptoKey };

/** The current signing key; the first instance to start creates it, the others read it. */
export async function getOrCreateSigningKey(db: Database): Promise<SigningKey> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const [current] = await tx
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.created))
      .limit(1);
    if (current) {
      return {
        kid: current.kid,
        privateKey: (await importJWK(current.privateJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey,
      };
    }
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const kid = randomUUID();
    await tx.insert(signingKeys).values({
      kid,
      algorithm: SIGNING_ALGORITHM,
      privateJwk: await exportJWK(privateKey),
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' },
    });
    return { kid, privateKey };
  });
}

export async function findPublicKey(db: Database, kid: string): Promise<CryptoKey | undefined> {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
  return row ? ((await importJWK(row.publicJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey) : undefined;
}
