import { normalizeEmail, type Language, type TMfaChallenge } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requiredMfaMethod, startMfaChallenge, type ChallengeContext } from './mfa.service.ts';
import { verifyPassword } from './password.ts';
import { createSession, type SessionMeta } from './sessions.repository.ts';
import { assertSignInAllowed, recordSignInAttempt } from './throttle.ts';
import type { TokenService } from './token.service.ts';

/** Same answer for an unknown e-mail, a wrong password and a disabled account: no enumeration. */
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Unauthorized', 'The e-mail address or password is incorrect.');

export type SignInUser = { id: string; email: string; firstName: string; language: Language };

export type SignInResult =
  | { kind: 'tokens'; token: string; refreshToken: string }
  | { kind: 'mfa'; challenge: TMfaChallenge; outboxIds: number[] };

/** Checks e-mail and password under the lockout rules; answers the user on success. */
export async function checkPassword(
  db: Database,
  credentials: { email: string; password: string },
  ipAddress: string,
): Promise<SignInUser> {
  // One key for the lockout and the lookup: no other spelling of a locked address gets through.
  const email = normalizeEmail(credentials.email);
  await assertSignInAllowed(db, email, ipAddress);
  const { rows } = await db.$client.query<{
    id: string;
    email: string;
    first_name: string;
    language: Language;
    password_hash: string | null;
    enabled: boolean;
  }>('SELECT id, email, first_name, language, password_hash, enabled FROM users WHERE email = $1', [email]);
  const user = rows[0];
  const passwordMatches = await verifyPassword(user?.password_hash, credentials.password);
  const succeeded = Boolean(user?.enabled && passwordMatches);
  await recordSignInAttempt(db, email, ipAddress, succeeded);
  if (!user || !succeeded) throw invalidCredentials();
  return { id: user.id, email: user.email, firstName: user.first_name, language: user.language };
}

/** A new session with its first access token. */
export async function issueTokens(
  db: Database,
  tokens: TokenService,
  user: { id: string; email: string },
  meta: SessionMeta,
): Promise<{ token: string; refreshToken: string }> {
  const { sessionId, refreshToken } = await createSession(db.$client, user.id, meta);
  const token = await tokens.sign({ sub: user.id, email: user.email, sid: sessionId, authTime: new Date() });
  return { token, refreshToken };
}

/** After the password: the second factor when an account requires one, otherwise a session. */
export async function continueSignIn(
  db: Database,
  tokens: TokenService,
  user: SignInUser,
  meta: SessionMeta,
  context: ChallengeContext = { flow: 'token' },
): Promise<SignInResult> {
  const method = await requiredMfaMethod(db.$client, user.id);
  if (method) return { kind: 'mfa', ...(await startMfaChallenge(db, user, method, context)) };
  return { kind: 'tokens', ...(await issueTokens(db, tokens, user, meta)) };
}
