import { normalizeEmail, type Language } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { endUserSessions } from '../auth/end-user-sessions.ts';
import { canChangeEmailOf } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { findUsableToken, issueEmailToken, linkExpired, LINK_DAYS, markTokenUsed } from './email-tokens.ts';

/** How recent a sign-in must be for a user to change their own sign-in address. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const signInAgain = () =>
  new AppError(
    403,
    'REAUTHENTICATION_REQUIRED',
    'Forbidden',
    'For your security, sign in again before changing your e-mail address.',
  );

const isFresh = (principal: Principal) =>
  principal.authenticatedAt !== undefined &&
  Date.now() - principal.authenticatedAt.getTime() < FRESH_SIGN_IN_MINUTES * 60_000;

/**
 * Asks for an e-mail address change: a link goes to the new address and nothing changes until it
 * is followed. Only the user (signed in within the last minutes) or a provider administrator may
 * ask. The answer is the same whether or not the address is taken; the owner of a taken address is
 * told instead, so the call cannot test which addresses have users.
 */
export async function requestEmailChange(
  db: Database,
  actor: Principal,
  request: { userId: string; email: string },
  baseUrl: string,
  requestId: string,
): Promise<number[]> {
  // Decided before any lookup, so a refused caller learns nothing about which user ids exist.
  if (!canChangeEmailOf(actor, request.userId)) throw forbidden();
  if (request.userId === actor.userId && !isFresh(actor)) throw signInAgain();
  const email = normalizeEmail(request.email);
  return inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ first_name: string; language: Language }>(
      'SELECT first_name, language FROM users WHERE id = $1',
      [request.userId],
    );
    const target = rows[0];
    if (!target) throw notFound('The user was not found.');
    const { rows: owners } = await client.query<{ id: string; first_name: string; language: Language }>(
      'SELECT id, first_name, language FROM users WHERE email = $1',
      [email],
    );
    const owner = owners[0];
    if (owner) {
      if (owner.id === request.userId) return [];
      await writeAudit(client, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'user.email-change-refused',
        entityType: 'user',
        entityId: request.userId,
        after: { reason: 'address belongs to another user' },
        requestId,
      });
      const mail = renderMail('emailInUse', owner.language, { firstName: owner.first_name, email });
      return [await queueEmail(client, email, mail)];
    }
    const token = await issueEmailToken(client, {
      purpose: 'email-change',
      userId: request.userId,
      newEmail: email,
      createdByUserId: actor.userId,
    });
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.email-change-requested',
      entityType: 'user',
      entityId: request.userId,
      after: { email },
      requestId,
    });
    const link = `${baseUrl}/email-change?token=${encodeURIComponent(token)}`;
    const mail = renderMail(
      'emailChange',
      target.language,
      { firstName: target.first_name, email, days: LINK_DAYS },
      link,
    );
    return [await queueEmail(client, email, mail)];
  });
}

/** Follows an e-mail change link: the new address takes effect and every session ends. */
export async function confirmEmailChange(db: Database, token: string): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const row = await findUsableToken(client, token, true);
    if (row.purpose !== 'email-change' || !row.new_email) throw linkExpired();
    const { rowCount } = await client.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [
      row.new_email,
      row.user_id,
    ]);
    if (rowCount) throw linkExpired();
    await markTokenUsed(client, row.id);
    await client.query(
      'UPDATE users SET email = $2, username = $2, email_verified = true, modified = now() WHERE id = $1',
      [row.user_id, row.new_email],
    );
    await endUserSessions(client, row.user_id);
    await writeAudit(client, {
      actorUserId: row.user_id,
      actorEmail: row.new_email,
      action: 'user.email-changed',
      entityType: 'user',
      entityId: row.user_id,
      before: { email: row.email },
      after: { email: row.new_email },
    });
  });
}
