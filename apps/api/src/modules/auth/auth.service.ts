import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from './password.ts';
import type { TokenService } from './token.service.ts';

/** Same answer for an unknown e-mail, a wrong password and a disabled account: no enumeration. */
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Unauthorized', 'The e-mail address or password is incorrect.');

export async function signInWithPassword(
  db: Database,
  tokens: TokenService,
  credentials: { email: string; password: string },
): Promise<{ token: string }> {
  const { rows } = await db.execute<{
    id: string;
    email: string;
    password_hash: string | null;
    enabled: boolean;
  }>(
    sql`SELECT id, email, password_hash, enabled FROM users WHERE lower(email) = lower(${credentials.email})`,
  );
  const user = rows[0];
  const passwordMatches = await verifyPassword(user?.password_hash, credentials.password);
  if (!user || !user.enabled || !passwordMatches) throw invalidCredentials();
  return { token: await tokens.sign({ sub: user.id, email: user.email }) };
}
