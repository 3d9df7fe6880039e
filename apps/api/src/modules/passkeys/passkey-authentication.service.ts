import { createHash } from 'node:crypto';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import {
  normalizeEmail,
  type TSignInWithPasskeyRequest,
  type TStartPasskeySignInResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import {
  assertMfaAllowed,
  invalidCode,
  MAX_ATTEMPTS,
  MFA_LOCK_FAILURES,
  recentMfaFailures,
  reportMfaLock,
  type ChallengeContext,
} from '../auth/mfa.service.ts';
import { assertSignInAllowed, recordSignInAttempt } from '../auth/throttle.ts';
import {
  credentialsOf,
  findByCredentialIdForUpdate,
  recordPasskeyUse,
  type StoredPasskey,
} from './passkeys.repository.ts';
import { requestOptionsOf } from './ceremony-options.ts';
import { userHandleOf, type RelyingParty } from './relying-party.ts';
import { consumeChallenge, insertChallenge } from './webauthn-challenges.repository.ts';

/**
 * A passkey sign-in that did not succeed, for whatever reason (unknown passkey, disabled user,
 * wrong signature, used challenge): one answer, as for a wrong password, so it reveals
 * nothing about which passkeys or users exist.
 */
export const passkeyNotAccepted = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Unauthorized', 'The passkey was not accepted.');

/** What a verified passkey proved: who, for which sign-in, and whether it was the second factor. */
export type PasskeyProof = { userId: string; context: ChallengeContext; secondFactor: boolean };

const sameContext = (a: ChallengeContext, b: ChallengeContext) =>
  a.flow === b.flow && (a.flow === 'token' || (b.flow === 'oidc' && a.interactionUid === b.interactionUid));

/**
 * Starts a passkey ceremony. With an MFA challenge, the second factor of that sign-in: only that
 * user's passkeys, user verification preferred (the password was the first factor). Without one, a
 * sign-in with the passkey alone: any discoverable passkey, user verification required so the
 * passkey proves two factors on its own.
 */
export async function startPasskeySignIn(
  db: Database,
  rp: RelyingParty,
  request: { mfaChallengeId?: string | undefined },
  context: ChallengeContext,
): Promise<TStartPasskeySignInResponse> {
  if (request.mfaChallengeId === undefined) {
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
    const challengeId = await insertChallenge(db.$client, {
      purpose: 'sign-in',
      challenge: options.challenge,
      context,
    });
    return { challengeId, options: requestOptionsOf(options) };
  }
  const { rows } = await db.$client.query<{ user_id: string; context: ChallengeContext }>(
    `SELECT c.user_id, c.context FROM mfa_challenges c JOIN users u ON u.id = c.user_id
      WHERE c.id = $1 AND c.completed_at IS NULL AND c.expires_at > now() AND c.attempts < $2 AND u.enabled`,
    [request.mfaChallengeId, MAX_ATTEMPTS],
  );
  const mfa = rows[0];
  // The challenge must belong to this very sign-in (this interaction, or the auth service's flow).
  if (!mfa || !sameContext(mfa.context, context)) throw invalidCode();
  await assertMfaAllowed(db.$client, mfa.user_id);
  const credentials = await credentialsOf(db.$client, mfa.user_id);
  if (credentials.length === 0) throw invalidCode();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: credentials,
    userVerification: 'preferred',
  });
  const challengeId = await insertChallenge(db.$client, {
    purpose: 'second-factor',
    challenge: options.challenge,
    userId: mfa.user_id,
    mfaChallengeId: request.mfaChallengeId,
    context: mfa.context,
  });
  return { challengeId, options: requestOptionsOf(options) };
}

/** Checks an assertion against a stored passkey: signature, challenge, origin, rp id, counter. */
async function assertionHolds(
  rp: RelyingParty,
  passkey: StoredPasskey,
  challenge: string,
  response: TSignInWithPasskeyRequest['response'],
  requireUserVerification: boolean,
): Promise<number | undefined> {
  // The user handle, when the authenticator sends one, must name the passkey's owner.
  if (
    response.response.userHandle !== undefined &&
    response.response.userHandle !== Buffer.from(userHandleOf(passkey.userId)).toString('base64url')
  )
    return undefined;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification,
  }).catch(() => undefined);
  // @simplewebauthn refuses a counter that did not grow (for authenticators that count): a clone.
  return verification?.verified ? verification.authenticationInfo.newCounter : undefined;
}

/**
 * Completes a passkey ceremony started by `startPasskeySignIn`. The challenge is spent before the
 * answer is checked, so it serves one try. Second factors count against the user's MFA lock like
 * wrong codes; passkey-only sign-ins against the sign-in lockout like wrong passwords.
 */
export async function verifyPasskey(
  db: Database,
  rp: RelyingParty,
  request: TSignInWithPasskeyRequest,
  context: ChallengeContext,
  ipAddress: string,
  deliverEmails: (outboxIds: number[]) => Promise<void>,
): Promise<PasskeyProof> {
  const challenge = await consumeChallenge(db.$client, request.challengeId, ['sign-in', 'second-factor']);
  // Only the sign-in that started the ceremony may finish it: this interaction, or the auth service.
  if (!challenge?.context || !sameContext(challenge.context, context)) throw passkeyNotAccepted();
  if (challenge.purpose === 'second-factor' && challenge.userId && challenge.mfaChallengeId) {
    let lockNotices: number[] = [];
    try {
      return await verifySecondFactor(db, rp, request, {
        challenge: challenge.challenge,
        userId: challenge.userId,
        mfaChallengeId: challenge.mfaChallengeId,
        onLocked: (ids) => {
          lockNotices = ids;
        },
      });
    } finally {
      if (lockNotices.length > 0) await deliverEmails(lockNotices);
    }
  }
  if (challenge.purpose !== 'sign-in') throw passkeyNotAccepted();
  return verifySignIn(db, rp, request, challenge.challenge, challenge.context, ipAddress);
}

async function verifySecondFactor(
  db: Database,
  rp: RelyingParty,
  request: TSignInWithPasskeyRequest,
  ceremony: { challenge: string; userId: string; mfaChallengeId: string; onLocked: (ids: number[]) => void },
): Promise<PasskeyProof> {
  return inTransaction(db.$client, async (client) => {
    // Serialises the user's second steps, as code checks do, so parallel tries cannot overrun the lock.
    await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ceremony.userId]);
    await assertMfaAllowed(client, ceremony.userId);
    const { rows } = await client.query<{ context: ChallengeContext }>(
      `UPDATE mfa_challenges SET attempts = attempts + 1
        WHERE id = $1 AND user_id = $2 AND completed_at IS NULL AND expires_at > now() AND attempts < $3
       RETURNING context`,
      [ceremony.mfaChallengeId, ceremony.userId, MAX_ATTEMPTS],
    );
    const mfa = rows[0];
    if (!mfa) throw invalidCode();
    const passkey = await findByCredentialIdForUpdate(client, request.response.id);
    const counter =
      passkey?.userId === ceremony.userId
        ? await assertionHolds(rp, passkey, ceremony.challenge, request.response, false)
        : undefined;
    if (!passkey || counter === undefined) {
      // The failed try (and a lock notice) must be kept even though the request fails.
      if ((await recentMfaFailures(client, ceremony.userId)) === MFA_LOCK_FAILURES)
        ceremony.onLocked(await reportMfaLock(client, ceremony.userId));
      await client.query('COMMIT');
      await client.query('BEGIN');
      throw invalidCode();
    }
    await client.query('UPDATE mfa_challenges SET completed_at = now() WHERE id = $1', [
      ceremony.mfaChallengeId,
    ]);
    await recordPasskeyUse(client, passkey.id, counter);
    return { userId: ceremony.userId, context: mfa.context, secondFactor: true };
  });
}

/**
 * The lockout key of a passkey-only sign-in: its user's address when the passkey is known (a wrong
 * passkey counts like a wrong password of that user), otherwise a digest of the unknown credential,
 * so the caller's address still collects the failure and nothing is stored that names a person.
 */
const lockoutKeyOf = (email: string | undefined, credentialId: string) =>
  email ? normalizeEmail(email) : `passkey:${createHash('sha256').update(credentialId).digest('hex')}`;

async function verifySignIn(
  db: Database,
  rp: RelyingParty,
  request: TSignInWithPasskeyRequest,
  challenge: string,
  context: ChallengeContext,
  ipAddress: string,
): Promise<PasskeyProof> {
  const { rows } = await db.$client.query<{ email: string }>(
    'SELECT u.email FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.credential_id = $1',
    [request.response.id],
  );
  const key = lockoutKeyOf(rows[0]?.email, request.response.id);
  await assertSignInAllowed(db, key, ipAddress);
  const userId = await inTransaction(db.$client, async (client) => {
    const passkey = await findByCredentialIdForUpdate(client, request.response.id);
    if (!passkey) return undefined;
    // Like a password sign-in: someone without an account yet signs in and is asked which one they need.
    const { rows: users } = await client.query<{ allowed: boolean }>(
      'SELECT u.enabled AS allowed FROM users u WHERE u.id = $1',
      [passkey.userId],
    );
    const counter = await assertionHolds(rp, passkey, challenge, request.response, true);
    if (counter === undefined || !users[0]?.allowed) return undefined;
    await recordPasskeyUse(client, passkey.id, counter);
    return passkey.userId;
  });
  await recordSignInAttempt(db, key, ipAddress, userId !== undefined);
  if (!userId) throw passkeyNotAccepted();
  return { userId, context, secondFactor: false };
}
