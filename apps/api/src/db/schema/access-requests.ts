import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A person asking to join an account (issue 23): decided by the account's administrators or by a verified domain. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the person typed it. A number no account has is kept too, so no answer tells whether it exists. */
    requestedCustomerNumber: text('requested_customer_number').notNull(),
    /** The account with that number, when there is one. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    declineReason: text('decline_reason'),
    grantedRole: text('granted_role'),
    grantedPermissionIds: integer('granted_permission_ids').array(),
    /** Set when a verified domain of the account approved it without a person. */
    approvedByDomain: text('approved_by_domain'),
    created: createdAt(),
  },
  (t) => [
    check(
      'access_requests_status_check',
      sql`status IN ('pending', 'approved', 'declined', 'withdrawn', 'expired')`,
    ),
    check(
      'access_requests_granted_role_check',
      sql`granted_role IS NULL OR granted_role IN ('CustomerUser', 'CustomerAdministrator')`,
    ),
    uniqueIndex('access_requests_pending_key')
      .on(t.userId, t.requestedCustomerNumber)
      .where(sql`${t.status} = 'pending'`),
    index('access_requests_customer_idx').on(t.customerId, t.status, t.created.desc()),
    index('access_requests_user_idx').on(t.userId, t.created.desc()),
  ],
);

/**
 * An e-mail domain an account's administrator proved they own (a confirmation link sent to an
 * address at that domain); with `auto_approve` its people's requests are approved at once with
 * the role and permissions chosen here.
 */
export const accountEmailDomains = pgTable(
  'account_email_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Lower case, no trailing dot. */
    domain: text('domain').notNull(),
    verificationAddress: text('verification_address').notNull(),
    verificationTokenHash: text('verification_token_hash'),
    verificationExpiresAt: at('verification_expires_at'),
    verifiedAt: at('verified_at'),
    autoApprove: boolean('auto_approve').notNull().default(false),
    role: text('role').notNull().default('CustomerUser'),
    permissionIds: integer('permission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('account_email_domains_customer_domain_key').on(t.customerId, t.domain),
    index('account_email_domains_domain_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
    check('account_email_domains_role_check', sql`role IN ('CustomerUser', 'CustomerAdministrator')`),
  ],
);
