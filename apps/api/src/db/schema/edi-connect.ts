import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  DEPLOYMENT_DIRECTIONS,
  DEPLOYMENT_ENVIRONMENTS,
  DEPLOYMENT_REQUEST_STATUSES,
  EDI_MESSAGE_STANDARD_KEYS,
  EDI_PROTOCOLS,
  PARTNER_IDENTIFIER_TYPES,
} from '@service-hub/contracts';
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
    rejectionReason: text('rejection_reason'),
    statusChanged: timestamp('status_changed', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    partnerName: text('partner_name').notNull(),
    partnerIdentifierType: text('partner_identifier_type').notNull().default('GLN'),
    partnerIdentifier: text('partner_identifier').notNull(),
    protocol: text('protocol').notNull(),
    /** Protocol-specific connection details (AS2 id and URL, SFTP host…), see ZDeploymentConnection. */
    connection: jsonb('connection').notNull().default({}),
    messageStandard: text('message_standard').notNull().default('EDIFACT'),
    direction: text('direction').notNull(),
    environment: text('environment').notNull().default('PRODUCTION'),
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
    check('deployment_requests_direction_check', oneOf('direction', DEPLOYMENT_DIRECTIONS)),
    check('deployment_requests_protocol_check', oneOf('protocol', EDI_PROTOCOLS)),
    check(
      'deployment_requests_identifier_type_check',
      oneOf('partner_identifier_type', PARTNER_IDENTIFIER_TYPES),
    ),
    check('deployment_requests_standard_check', oneOf('message_standard', EDI_MESSAGE_STANDARD_KEYS)),
    check('deployment_requests_environment_check', oneOf('environment', DEPLOYMENT_ENVIRONMENTS)),
    index('deployment_requests_customer_created_idx').on(t.customerId, t.created.desc()),
    index('deployment_requests_status_created_idx').on(t.status, t.created.desc()),
  ],
);
