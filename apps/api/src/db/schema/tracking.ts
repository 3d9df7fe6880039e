import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import {
  DELIVERY_CHANNEL_KEYS,
  DELIVERY_STATUSES,
  PROCESSING_STEPS,
  TRACKING_STATUSES,
} from '@service-hub/contracts';
import { at, oneOf } from './columns.ts';
import { customers } from './customers.ts';

/** An outgoing file a customer sent for print or digital delivery (spec 3, "Tracking file"). */
export const trackingFiles = pgTable(
  'tracking_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    deliveryFileIds: text('delivery_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subCustomerId: text('sub_customer_id'),
    customerAgreement: text('customer_agreement'),
    application: text('application'),
    category: text('category'),
    code: text('code'),
    countryCode: varchar('country_code', { length: 2 }),
    direction: text('direction').notNull().default('OUTBOUND'),
    status: text('status').notNull(),
    arrivedAt: at('arrived_at').notNull(),
    documentCount: integer('document_count').notNull().default(0),
    envelopes: integer('envelopes').notNull().default(0),
    sheets: integer('sheets').notNull().default(0),
    inserts: integer('inserts').notNull().default(0),
    deliveryMode: text('delivery_mode'),
    quantity: integer('quantity').notNull().default(0),
    itemReference: text('item_reference'),
    senderName: text('sender_name'),
    senderStreetAddress: text('sender_street_address'),
    senderPostalCode: text('sender_postal_code'),
    senderPostOffice: text('sender_post_office'),
    senderCountryCode: varchar('sender_country_code', { length: 2 }),
    receiverName: text('receiver_name'),
    receiverStreetAddress: text('receiver_street_address'),
    receiverPostalCode: text('receiver_postal_code'),
    receiverPostOffice: text('receiver_post_office'),
    receiverCountryCode: varchar('receiver_country_code', { length: 2 }),
    /** Print materials used: [{ code, name, quantity }]. */
    materials: jsonb('materials')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    check('tracking_files_status_check', oneOf('status', TRACKING_STATUSES)),
    index('tracking_files_customer_arrived_idx').on(t.customerId, t.arrivedAt.desc(), t.id.desc()),
    index('tracking_files_customer_status_arrived_idx').on(t.customerId, t.status, t.arrivedAt.desc()),
    index('tracking_files_filename_trgm_idx').using('gin', sql`lower(${t.filename}) gin_trgm_ops`),
  ],
);

/** The file's status log: processing steps in the order they happened. */
export const trackingFileEvents = pgTable(
  'tracking_file_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => trackingFiles.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    occurredAt: at('occurred_at').notNull(),
    detail: text('detail'),
  },
  (t) => [
    check('tracking_file_events_step_check', oneOf('step', PROCESSING_STEPS)),
    index('tracking_file_events_file_idx').on(t.fileId, t.occurredAt),
  ],
);

export const trackingDocuments = pgTable(
  'tracking_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => trackingFiles.id, { onDelete: 'cascade' }),
    /** Copied from the file so that document lists filter by account without a join. */
    customerId: integer('customer_id').notNull(),
    externalDocumentId: text('external_document_id').notNull(),
    invoiceNumber: text('invoice_number'),
    messageId: text('message_id'),
    messageType: text('message_type'),
    eAddress: text('e_address'),
    recipientName: text('recipient_name'),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('tracking_documents_status_check', oneOf('status', TRACKING_STATUSES)),
    index('tracking_documents_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index('tracking_documents_customer_status_created_idx').on(t.customerId, t.status, t.createdAt.desc()),
    index('tracking_documents_file_idx').on(t.fileId),
    index('tracking_documents_customer_external_idx').on(t.customerId, t.externalDocumentId),
    index('tracking_documents_customer_invoice_idx').on(t.customerId, t.invoiceNumber),
  ],
);

/** One delivery of a document through one channel. */
export const deliveryDocuments = pgTable(
  'delivery_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => trackingDocuments.id, { onDelete: 'cascade' }),
    deliveryDocumentId: text('delivery_document_id').notNull(),
    channel: text('channel').notNull(),
    pages: integer('pages').notNull().default(0),
    status: text('status').notNull(),
    statusAt: at('status_at').notNull(),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    check('delivery_documents_channel_check', oneOf('channel', DELIVERY_CHANNEL_KEYS)),
    check('delivery_documents_status_check', oneOf('status', DELIVERY_STATUSES)),
    index('delivery_documents_document_idx').on(t.documentId),
  ],
);
