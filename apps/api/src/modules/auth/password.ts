import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../../lib/errors.ts';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so not importable as a value). */
const ARGON2ID = 2;

/** OWASP's argon2id baseline (19 MiB, 2 iterations); the hash string records the parameters. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random value, verified when the e-mail is unknown so both cases take as long. */
const decoyHash = hashPassword(crypto.randomUUID());

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!hashed) {
      await verify(await decoyHash, password);
      return false;
    }
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** The part of the policy that needs the user: the password must not contain the e-mail's name. */
export function assertPasswordAvoidsEmail(password: string, email: string, field: string): void {
  const local = email.split('@')[0]!.toLowerCase();
  if (local.length >= 4 && password.toLowerCase().includes(local)) {
    const message = 'The password must not contain your e-mail address.';
    throw badRequest(message, [{ field, code: 'containsEmail', message }]);
  }
}
