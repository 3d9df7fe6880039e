import type { PoolClient } from 'pg';
import {
  DOMAIN_VERIFICATION_DAYS,
  normalizeEmail,
  type AccessRequestRole,
  type Language,
  type TAddEmailDomainRequest,
  type TEmailDomain,
  type TUpdateEmailDomainRequest,
  type TVerifyEmailDomainResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { grantableRoles } from '../auth/policies.ts';
import { hashToken, newSecretToken } from '../auth/sessions.repository.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { linkExpired } from '../users/email-tokens.ts';
import { accessLinks } from './access-links.ts';
import { ACCESS_REQUEST_MAILS } from './access-request-mails.ts';
import { assertDecides, type Deciding } from './access-decisions.service.ts';
import { domainOf } from './access-requests.service.ts';
import { grantablePermissions } from './grant-access.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** Domains one account may list: each one is a standing way into the account. */
export const MAX_DOMAINS_PER_ACCOUNT = 20;

/**
 * Mail services where anyone can open an address: proving one address there proves nothing about
 * who else may sign up, so these can never count as an account's domain. Not complete (no list
 * is); the confirmation mail is the real check, this refuses the obvious mistakes.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.se',
  'live.com',
  'live.se',
  'msn.com',
  'yahoo.com',
  'yahoo.se',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'telia.com',
  'online.no',
  'yahoo.no',
  'jubii.dk',
  'suomi24.fi',
]);

const fieldError = (field: string, message: string) =>
  badRequest(message, [{ field, code: 'invalidValue', message }]);

const domainNotFound = () => notFound('The e-mail domain was not found.');

type DomainRow = {
  id: string;
  domain: string;
  verification_address: string;
  verified_at: Date | null;
  verification_expires_at: Date | null;
  auto_approve: boolean;
  role: AccessRequestRole;
  permission_ids: number[];
};

const COLUMNS =
  'id, domain, verification_address, verified_at, verification_expires_at, auto_approve, role, permission_ids';

const toDomain = (row: DomainRow): TEmailDomain => ({
  id: row.id,
  domain: row.domain,
  verificationAddress: row.verification_address,
  state: row.verified_at
    ? 'verified'
    : row.verification_expires_at && row.verification_expires_at > new Date()
      ? 'pending'
      : 'expired',
  verifiedAt: row.verified_at?.toISOString() ?? null,
  autoApprove: row.auto_approve,
  role: row.role,
  permissionIds: row.permission_ids,
});

export async function listEmailDomains(db: Database, deciding: Deciding): Promise<TEmailDomain[]> {
  assertDecides(deciding);
  const { rows } = await db.$client.query<DomainRow>(
    `SELECT ${COLUMNS} FROM account_email_domains WHERE customer_id = $1 ORDER BY domain`,
    [deciding.customerId],
  );
  return rows.map(toDomain);
}

async function findDomain(client: Queryable, customerId: number, id: string, lock = false) {
  const { rows } = await client.query<DomainRow>(
    `SELECT ${COLUMNS} FROM account_email_domains WHERE customer_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [customerId, id],
  );
  return rows[0];
}

/**
 * Adds a domain and mails a single-use confirmation link to an address at it, which the
 * administrator types (postmaster@, it@ or their own). Adding a domain again (one not yet
 * verified) sends a fresh link to the address given now.
 */
export async function addEmailDomain(
  db: Database,
  deciding: Deciding,
  input: TAddEmailDomainRequest,
  publicUrl: string,
): Promise<{ domain: TEmailDomain; outboxIds: number[] }> {
  assertDecides(deciding);
  const domain = input.domain;
  const address = normalizeEmail(input.verificationAddress);
  if (PUBLIC_MAIL_DOMAINS.has(domain))
    throw fieldError(
      'body.domain',
      'Anyone can have an address at this mail service, so it cannot be verified.',
    );
  if (domainOf(address) !== domain)
    throw fieldError('body.verificationAddress', 'The address must be at the domain you add.');
  const token = newSecretToken();
  return inTransaction(db.$client, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('email-domains:' || $1::text))`, [
      deciding.customerId,
    ]);
    const { rows: existing } = await client.query<{ verified: boolean }>(
      'SELECT verified_at IS NOT NULL AS verified FROM account_email_domains WHERE customer_id = $1 AND domain = $2',
      [deciding.customerId, domain],
    );
    if (existing[0]?.verified)
      throw conflict('This domain is already verified for the account.', [
        {
          field: 'body.domain',
          code: 'alreadyExists',
          message: 'This domain is already verified for the account.',
        },
      ]);
    const { rows: counted } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_email_domains WHERE customer_id = $1',
      [deciding.customerId],
    );
    if (!existing[0] && counted[0]!.n >= MAX_DOMAINS_PER_ACCOUNT)
      throw new AppError(
        409,
        'CONFLICT',
        'Conflict',
        `An account may list at most ${MAX_DOMAINS_PER_ACCOUNT} e-mail domains.`,
      );
    const { rows } = await client.query<DomainRow>(
      `INSERT INTO account_email_domains (customer_id, domain, verification_address, verification_token_hash,
              verification_expires_at, created_by)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6)
       ON CONFLICT (customer_id, domain) DO UPDATE SET verification_address = EXCLUDED.verification_address,
              verification_token_hash = EXCLUDED.verification_token_hash,
              verification_expires_at = EXCLUDED.verification_expires_at
       RETURNING ${COLUMNS}`,
      [
        deciding.customerId,
        domain,
        address,
        hashToken(token),
        DOMAIN_VERIFICATION_DAYS,
        deciding.principal.userId,
      ],
    );
    const row = rows[0]!;
    await writeAudit(client, {
      actorUserId: deciding.principal.userId,
      actorEmail: deciding.principal.email,
      action: 'emailDomain.added',
      entityType: 'emailDomain',
      entityId: row.id,
      customerId: deciding.customerId,
      after: { domain },
      requestId: deciding.requestId,
    });
    const { rows: names } = await client.query<{ customer: string; inviter: string; language: Language }>(
      `SELECT c.name AS customer, u.display_name AS inviter, u.language
         FROM customers c, users u WHERE c.id = $1 AND u.id = $2`,
      [deciding.customerId, deciding.principal.userId],
    );
    // The mail goes to an address whose reader's language is unknown: the administrator's.
    const language = names[0]!.language;
    const mail = renderTemplate(
      ACCESS_REQUEST_MAILS.domainVerification[language],
      { domain, customer: names[0]!.customer, inviter: names[0]!.inviter, days: DOMAIN_VERIFICATION_DAYS },
      accessLinks.domainConfirm(publicUrl, token),
    );
    return { domain: toDomain(row), outboxIds: [await queueEmail(client, address, mail)] };
  });
}

/**
 * Automatic approval, its role and permissions: only for a verified domain, only permissions the
 * administrator could grant by hand and a role they may give.
 */
export async function updateEmailDomain(
  db: Database,
  deciding: Deciding,
  id: string,
  input: TUpdateEmailDomainRequest,
): Promise<TEmailDomain> {
  assertDecides(deciding);
  if (!grantableRoles(deciding.principal).includes(input.role))
    throw forbidden('You cannot give a role above your own.');
  return inTransaction(db.$client, async (client) => {
    const domain = await findDomain(client, deciding.customerId, id, true);
    if (!domain) throw domainNotFound();
    if (!domain.verified_at && input.autoApprove)
      throw fieldError('body.autoApprove', 'Confirm the domain before switching on automatic approval.');
    const offered = new Set(
      (await grantablePermissions(client, deciding.customerId, deciding)).map((p) => p.id),
    );
    if (input.permissionIds.some((permissionId) => !offered.has(permissionId)))
      throw forbidden('You may only grant permissions of this account whose services you can read yourself.');
    const permissionIds = [...new Set(input.permissionIds)].sort((a, b) => a - b);
    const { rows } = await client.query<DomainRow>(
      `UPDATE account_email_domains SET auto_approve = $3, role = $4, permission_ids = $5
        WHERE customer_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [deciding.customerId, id, input.autoApprove, input.role, permissionIds],
    );
    await writeAudit(client, {
      actorUserId: deciding.principal.userId,
      actorEmail: deciding.principal.email,
      action: 'emailDomain.updated',
      entityType: 'emailDomain',
      entityId: id,
      customerId: deciding.customerId,
      before: { autoApprove: domain.auto_approve, role: domain.role, permissionIds: domain.permission_ids },
      after: { autoApprove: input.autoApprove, role: input.role, permissionIds },
      requestId: deciding.requestId,
    });
    return toDomain(rows[0]!);
  });
}

/** Removing a domain ends its automatic approval at once; people already let in keep their access. */
export async function removeEmailDomain(db: Database, deciding: Deciding, id: string): Promise<void> {
  assertDecides(deciding);
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ domain: string }>(
      'DELETE FROM account_email_domains WHERE customer_id = $1 AND id = $2 RETURNING domain',
      [deciding.customerId, id],
    );
    if (!rows[0]) throw domainNotFound();
    await writeAudit(client, {
      actorUserId: deciding.principal.userId,
      actorEmail: deciding.principal.email,
      action: 'emailDomain.removed',
      entityType: 'emailDomain',
      entityId: id,
      customerId: deciding.customerId,
      before: { domain: rows[0].domain },
      requestId: deciding.requestId,
    });
  });
}

/** The confirmation link: whoever reads mail at the domain vouches for it. Works once. */
export async function verifyEmailDomain(
  db: Database,
  token: string,
  requestId: string,
): Promise<TVerifyEmailDomainResponse> {
  return inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{
      id: string;
      domain: string;
      customer_id: number;
      customer_name: string;
      address: string;
    }>(
      `UPDATE account_email_domains d SET verified_at = now(), verification_token_hash = NULL
         FROM customers c
        WHERE c.id = d.customer_id AND d.verification_token_hash = $1 AND d.verification_expires_at > now()
          AND d.verified_at IS NULL
        RETURNING d.id, d.domain, d.customer_id, c.name AS customer_name, d.verification_address AS address`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) throw linkExpired();
    await writeAudit(client, {
      actorUserId: null,
      actorEmail: row.address,
      action: 'emailDomain.verified',
      entityType: 'emailDomain',
      entityId: row.id,
      customerId: row.customer_id,
      after: { domain: row.domain, confirmedBy: row.address },
      requestId,
    });
    return { domain: row.domain, customerName: row.customer_name };
  });
}
