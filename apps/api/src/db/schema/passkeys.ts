import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { mfaChallenges } from './auth.ts';
import { users } from './users.ts';

/** A user's WebAuthn credentials (passkeys, issue 23), verified with @simplewebauthn/server. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    created: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony under way: the challenge we sent, single use, short-lived. A second-factor
 * ceremony belongs to the sign-in's MFA challenge; a passkey-only sign-in has no user yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mfaChallengeId: uuid('mfa_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    /** What to do once proven (e.g. finish an OIDC interaction), as in mfa_challenges. */
    context: jsonb('context')
      .notNull()
      .default(sql`'{}'::jsonb`),
    created: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    check('webauthn_challenges_purpose_check', sql`purpose IN ('registration', 'sign-in', 'second-factor')`),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);
