import argon2 from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 iterations); the hash string records the parameters. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A hash of a random value, verified when the e-mail is unknown so both cases take as long. */
const decoyHash = hashPassword(crypto.randomUUID());

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!hash) {
      await argon2.verify(await decoyHash, password);
      return false;
    }
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
