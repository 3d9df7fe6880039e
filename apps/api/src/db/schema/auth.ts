import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MFA_TYPES } from '@service-hub/contracts';
import { at, createdAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A signed-in browser: its refresh token (hashed) renews short-lived access tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    created: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens a session has already rotated away from: one presented again means the token was
 * copied (by a thief or the user: either may hold the newer one), so the whole session ends.
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: at('retired_at').notNull().defaultNow(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Every password sign-in attempt, for throttling per account and per address. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.at.desc()),
    index('sign_in_attempts_ip_idx').on(t.ipAddress, t.at.desc()),
  ],
);

/** A sign-in waiting for its second factor (and, on first use, the enrolment of that factor). */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** sha256 of the e-mailed one-time code. */
    codeHash: text('code_hash'),
    /** The authenticator secret being enrolled (base32), until the first code proves it. */
    pendingSecret: text('pending_secret'),
    attempts: integer('attempts').notNull().default(0),
    /** What to do once the factor is proven: issue tokens, or finish an OIDC interaction. */
    context: jsonb('context')
      .notNull()
      .default(sql`'{}'::jsonb`),
    created: createdAt(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  () => [check('mfa_challenges_method_check', oneOf('method', MFA_TYPES))],
);

/** A user's enrolled second factors. */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  totpEnrolledAt: at('totp_enrolled_at'),
  /** The last accepted authenticator time step: a code is accepted once (RFC 6238, 5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  emailEnrolledAt: at('email_enrolled_at'),
});

/** Single-use links sent by e-mail: invitations and e-mail address changes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    newEmail: text('new_email'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** Set when an administrator withdrew the link or a newer one replaced it (it is then also used). */
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [
    check('email_tokens_purpose_check', oneOf('purpose', ['invitation', 'email-change', 'registration'])),
    index('email_tokens_customer_idx').on(t.customerId, t.created.desc()),
  ],
);

/** Every e-mail the product sends; without SMTP it stays here for the development outbox page. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    created: createdAt(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [index('email_outbox_created_idx').on(t.created.desc())],
);

/** What the built-in identity provider (oidc-provider) stores: grants, codes, sessions, tokens. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: at('expires_at'),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
    // Each request with an ID token looks up its provider session by user.
    index('oidc_payloads_account_idx').using('btree', sql`(${t.payload}->>'accountId')`),
  ],
);

/**
 * A user's identity at an external OpenID Connect provider. The first sign-in links by a verified
 * e-mail address; from then on the provider's stable subject decides, never the mutable e-mail.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('user_identities_user_issuer_key').on(t.userId, t.issuer),
  ],
);
