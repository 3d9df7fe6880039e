import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { EDI_DIRECTIONS, EDI_STATUSES, MESSAGE_CATEGORIES } from '@service-hub/contracts';
import { at, oneOf } from './columns.ts';
import { customers } from './customers.ts';

/**
 * An EDI consignment (interchange). Parties are identified by customer number; an account may see
 * a consignment only when its customer number is the sender or the receiver (spec 6).
 */
export const ediConsignments = pgTable(
  'edi_consignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    consignmentId: text('consignment_id').notNull(),
    /** The account that owns the EDI agreement under which the consignment was handled. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    filename: text('filename').notNull(),
    senderCustomerNumber: text('sender_customer_number'),
    senderName: text('sender_name').notNull(),
    senderAddress: text('sender_address').notNull(),
    receiverCustomerNumber: text('receiver_customer_number'),
    receiverName: text('receiver_name').notNull(),
    receiverAddress: text('receiver_address').notNull(),
    receivedAt: at('received_at').notNull(),
    deliveredAt: at('delivered_at'),
    errorMessage: text('error_message'),
  },
  (t) => [
    uniqueIndex('edi_consignments_consignment_id_key').on(t.consignmentId),
    check('edi_consignments_direction_check', oneOf('direction', EDI_DIRECTIONS)),
    check('edi_consignments_status_check', oneOf('status', EDI_STATUSES)),
    index('edi_consignments_sender_idx').on(t.senderCustomerNumber, t.receivedAt.desc()),
    index('edi_consignments_receiver_idx').on(t.receiverCustomerNumber, t.receivedAt.desc()),
    index('edi_consignments_customer_idx').on(t.customerId, t.receivedAt.desc()),
    index('edi_consignments_filename_trgm_idx').using('gin', sql`lower(${t.filename}) gin_trgm_ops`),
  ],
);

export const ediDocuments = pgTable(
  'edi_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    documentId: text('document_id').notNull(),
    consignmentRef: bigint('consignment_ref', { mode: 'number' })
      .notNull()
      .references(() => ediConsignments.id, { onDelete: 'cascade' }),
    /** The consignment's account and direction, repeated so a list filters and sorts on one index. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    documentNumber: text('document_number'),
    createdAt: at('created_at').notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [
    uniqueIndex('edi_documents_document_consignment_key').on(t.documentId, t.consignmentRef),
    check('edi_documents_category_check', oneOf('category', MESSAGE_CATEGORIES)),
    check('edi_documents_status_check', oneOf('status', EDI_STATUSES)),
    check('edi_documents_direction_check', oneOf('direction', EDI_DIRECTIONS)),
    index('edi_documents_consignment_idx').on(t.consignmentRef),
  ],
);

export const ediMessages = pgTable(
  'edi_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    messageId: text('message_id').notNull(),
    consignmentRef: bigint('consignment_ref', { mode: 'number' })
      .notNull()
      .references(() => ediConsignments.id, { onDelete: 'cascade' }),
    /** The consignment's account, repeated so a list filters and sorts on one index. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    messageType: text('message_type').notNull(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: at('created_at').notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [
    uniqueIndex('edi_messages_message_consignment_key').on(t.messageId, t.consignmentRef),
    check('edi_messages_category_check', oneOf('category', MESSAGE_CATEGORIES)),
    check('edi_messages_direction_check', oneOf('direction', EDI_DIRECTIONS)),
    check('edi_messages_status_check', oneOf('status', EDI_STATUSES)),
    index('edi_messages_consignment_idx').on(t.consignmentRef),
  ],
);

/**
 * Every status reported for a consignment, or one of its documents or messages, as ingested (the
 * entity keeps the one with the latest time). Generated demo data has none: its history is read
 * from the entity's own times.
 */
export const ediStatusEvents = pgTable(
  'edi_status_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    consignmentRef: bigint('consignment_ref', { mode: 'number' })
      .notNull()
      .references(() => ediConsignments.id, { onDelete: 'cascade' }),
    documentRef: bigint('document_ref', { mode: 'number' }).references(() => ediDocuments.id, {
      onDelete: 'cascade',
    }),
    messageRef: bigint('message_ref', { mode: 'number' }).references(() => ediMessages.id, {
      onDelete: 'cascade',
    }),
    status: text('status').notNull(),
    occurredAt: at('occurred_at').notNull(),
    reason: text('reason'),
  },
  (t) => [
    check('edi_status_events_status_check', oneOf('status', EDI_STATUSES)),
    check('edi_status_events_one_entity_check', sql`num_nonnulls(${t.documentRef}, ${t.messageRef}) <= 1`),
    index('edi_status_events_consignment_idx').on(t.consignmentRef, t.occurredAt),
    index('edi_status_events_document_idx')
      .on(t.documentRef, t.occurredAt)
      .where(sql`${t.documentRef} IS NOT NULL`),
    index('edi_status_events_message_idx')
      .on(t.messageRef, t.occurredAt)
      .where(sql`${t.messageRef} IS NOT NULL`),
  ],
);
