import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEPLOYMENT_REQUEST_STATUSES, EDI_DIRECTIONS } from '@service-hub/contracts';
import { createdAt, modifiedAt, oneOf } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** An EDI connect communication order (deployment request) for a new trading-partner connection. */
export const deploymentRequests = pgTable(
  'deployment_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    partnerName: text('partner_name').notNull(),
    partnerIdentifier: text('partner_identifier').notNull(),
    protocol: text('protocol').notNull(),
    direction: text('direction').notNull(),
    messageTypes: text('message_types').array().notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    requestedGoLive: date('requested_go_live', { mode: 'string' }),
    notes: text('notes'),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    check('deployment_requests_status_check', oneOf('status', DEPLOYMENT_REQUEST_STATUSES)),
    check('deployment_requests_direction_check', oneOf('direction', EDI_DIRECTIONS)),
    index('deployment_requests_customer_created_idx').on(t.customerId, t.created.desc()),
  ],
);
