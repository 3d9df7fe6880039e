import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  PASSKEY_LIMIT,
  type Language,
  type TPasskey,
  type TRegisterPasskeyRequest,
  type TStartPasskeyRegistrationResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { FRESH_SIGN_IN_MINUTES } from '../users/email-change.service.ts';
import {
  countPasskeys,
  credentialsOf,
  deletePasskey,
  insertPasskey,
  renamePasskey,
} from './passkeys.repository.ts';
import { creationOptionsOf, isTransport } from './ceremony-options.ts';
import { renderPasskeyMail } from './passkey-mails.ts';
import { userHandleOf, type RelyingParty } from './relying-party.ts';
import { consumeChallenge, insertChallenge } from './webauthn-challenges.repository.ts';

/**
 * A passkey signs its holder in on its own, so adding one is as sensitive as changing the password:
 * a session left open on a shared computer, or a stolen access token, must not be able to plant a
 * lasting way in. The user must have signed in within the last minutes (like an e-mail change).
 */
const signInAgain = () =>
  new AppError(
    403,
    'REAUTHENTICATION_REQUIRED',
    'Forbidden',
    'For your security, sign in again before adding a passkey.',
  );

const isFresh = (principal: Principal) =>
  principal.authenticatedAt !== undefined &&
  Date.now() - principal.authenticatedAt.getTime() < FRESH_SIGN_IN_MINUTES * 60_000;

const notVerified = () =>
  badRequest('The passkey could not be verified. Try again.', [
    { field: 'body.response', code: 'invalidValue', message: 'The passkey could not be verified.' },
  ]);

const tooMany = () => conflict(`You have ${PASSKEY_LIMIT} passkeys. Remove one before adding another.`);
export const passkeyNotFound = () => notFound('The passkey was not found.');

export async function startPasskeyRegistration(
  db: Database,
  rp: RelyingParty,
  principal: Principal,
): Promise<TStartPasskeyRegistrationResponse> {
  if (!isFresh(principal)) throw signInAgain();
  if ((await countPasskeys(db.$client, principal.userId)) >= PASSKEY_LIMIT) throw tooMany();
  const { rows } = await db.$client.query<{ email: string; display_name: string }>(
    'SELECT email, display_name FROM users WHERE id = $1',
    [principal.userId],
  );
  const user = rows[0]!;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.display_name,
    userID: userHandleOf(principal.userId),
    attestationType: 'none',
    // The same authenticator twice would only be a second name for one device.
    excludeCredentials: await credentialsOf(db.$client, principal.userId),
    // Discoverable, so it can sign in without an e-mail address; verified, so it counts as two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await insertChallenge(db.$client, {
    purpose: 'registration',
    challenge: options.challenge,
    userId: principal.userId,
  });
  return { challengeId, options: creationOptionsOf(options) };
}

export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  principal: Principal,
  request: TRegisterPasskeyRequest,
  requestId: string,
): Promise<{ passkey: TPasskey; outboxIds: number[] }> {
  if (!isFresh(principal)) throw signInAgain();
  // Spent before the answer is checked (and outside the transaction below): one try per challenge.
  const challenge = await consumeChallenge(db.$client, request.challengeId, ['registration']);
  if (!challenge || challenge.userId !== principal.userId) throw notVerified();
  const verification = await verifyRegistrationResponse({
    response: request.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw notVerified();
  return inTransaction(db.$client, async (client) => {
    // Serialises the user's registrations, so the limit holds.
    await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [principal.userId]);
    if ((await countPasskeys(client, principal.userId)) >= PASSKEY_LIMIT) throw tooMany();
    const info = verification.registrationInfo;
    const passkey = await insertPasskey(client, {
      userId: principal.userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).filter(isTransport),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
      name: request.name,
    });
    if (!passkey) throw conflict('This passkey is already registered.');
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'passkey.added',
      entityType: 'user',
      entityId: principal.userId,
      after: { passkeyId: passkey.id, name: passkey.name, deviceType: passkey.deviceType },
      requestId,
    });
    const { rows } = await client.query<{ email: string; first_name: string; language: Language }>(
      'SELECT email, first_name, language FROM users WHERE id = $1',
      [principal.userId],
    );
    const owner = rows[0]!;
    const mail = renderPasskeyMail('passkeyAdded', owner.language, {
      firstName: owner.first_name,
      passkey: passkey.name,
    });
    return { passkey, outboxIds: [await queueEmail(client, owner.email, mail)] };
  });
}

export async function renameOwnPasskey(
  db: Database,
  principal: Principal,
  passkeyId: string,
  name: string,
  requestId: string,
): Promise<TPasskey> {
  return inTransaction(db.$client, async (client) => {
    const renamed = await renamePasskey(client, principal.userId, passkeyId, name);
    if (!renamed) throw passkeyNotFound();
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'passkey.renamed',
      entityType: 'user',
      entityId: principal.userId,
      before: { passkeyId, name: renamed.before },
      after: { passkeyId, name: renamed.passkey.name },
      requestId,
    });
    return renamed.passkey;
  });
}

/**
 * Removing needs no fresh sign-in: it only takes a way in away. The user's other passkeys and the
 * e-mail code remain, so nobody locks themselves out.
 */
export async function removeOwnPasskey(
  db: Database,
  principal: Principal,
  passkeyId: string,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const removed = await deletePasskey(client, principal.userId, passkeyId);
    if (!removed) throw passkeyNotFound();
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'passkey.removed',
      entityType: 'user',
      entityId: principal.userId,
      before: { passkeyId, name: removed.name },
      requestId,
    });
  });
}
