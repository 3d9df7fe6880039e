import type { PoolClient } from 'pg';
import type { ChallengeContext } from '../auth/mfa.service.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** A ceremony's challenge lives this long: WebAuthn's own timeout (60 s) plus time to choose a device. */
export const CHALLENGE_MINUTES = 5;

export type ChallengePurpose = 'registration' | 'sign-in' | 'second-factor';

export type WebauthnChallenge = {
  id: string;
  purpose: ChallengePurpose;
  challenge: string;
  userId: string | null;
  mfaChallengeId: string | null;
  /** What the sign-in is for; none for a registration. */
  context: ChallengeContext | null;
};

export async function insertChallenge(
  db: Queryable,
  values: {
    purpose: ChallengePurpose;
    challenge: string;
    userId?: string;
    mfaChallengeId?: string;
    context?: ChallengeContext;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO webauthn_challenges (purpose, challenge, user_id, mfa_challenge_id, context, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) RETURNING id`,
    [
      values.purpose,
      values.challenge,
      values.userId ?? null,
      values.mfaChallengeId ?? null,
      values.context ?? {},
      CHALLENGE_MINUTES,
    ],
  );
  return rows[0]!.id;
}

const contextOf = (stored: { flow?: string; interactionUid?: unknown }): ChallengeContext | null => {
  if (stored.flow === 'token') return { flow: 'token' };
  if (stored.flow === 'oidc' && typeof stored.interactionUid === 'string')
    return { flow: 'oidc', interactionUid: stored.interactionUid };
  return null;
};

/**
 * Takes a challenge for one ceremony: marked used before the answer is checked, so a challenge
 * serves one try only, right or wrong. Answers nothing when it is unknown, of another purpose,
 * used or expired.
 */
export async function consumeChallenge(
  db: Queryable,
  id: string,
  purposes: readonly ChallengePurpose[],
): Promise<WebauthnChallenge | undefined> {
  const { rows } = await db.query<{
    id: string;
    purpose: ChallengePurpose;
    challenge: string;
    user_id: string | null;
    mfa_challenge_id: string | null;
    context: { flow?: string; interactionUid?: unknown };
  }>(
    `UPDATE webauthn_challenges SET used_at = now()
      WHERE id = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()
     RETURNING id, purpose, challenge, user_id, mfa_challenge_id, context`,
    [id, purposes],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    purpose: row.purpose,
    challenge: row.challenge,
    userId: row.user_id,
    mfaChallengeId: row.mfa_challenge_id,
    context: contextOf(row.context),
  };
}
