import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_CHANNEL_KEYS,
  DELIVERY_STATUSES,
  PROCESSING_STEPS,
  TRACKING_STATUSES,
} from '@service-hub/contracts';
import { at, oneOf } from './columns.ts';
import { customers } from './customers.ts';

/** `channels <@ ARRAY[…]`: a list of delivery channels holds only known ones. */
const knownChannels = (column: string) =>
  sql.raw(`${column} <@ ARRAY[${DELIVERY_CHANNEL_KEYS.map((c) => `'${c}'`).join(', ')}]::text[]`);

/** An outgoing file a customer sent for print or digital delivery (spec 3, "Tracking file"). */
export const trackingFiles = pgTable(
  'tracking_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The producing system's own reference (ingestion API); unique per customer. */
    externalId: text('external_id'),
    /**
     * A customer of the Hub that receives the file, besides its sender (`customer_id`): both may
     * open it (spec 6, the 403 rule of the detail endpoints).
     */
    receiverCustomerId: integer('receiver_customer_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
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
    /** Every channel the file's documents went through, for the channel filter. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The status log's step with the latest time (events may arrive out of order). */
    lastStep: text('last_step'),
    lastStepAt: at('last_step_at'),
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
    check('tracking_files_channels_check', knownChannels('channels')),
    check('tracking_files_last_step_check', oneOf('last_step', PROCESSING_STEPS)),
    // Text filters use trigram indexes per customer (btree_gin), created in 0007_tracking-custom.sql.
    // (customer_id, arrived_at DESC, id DESC) INCLUDE (status, channels), the default view and the
    // overview, is in 0007_tracking-custom.sql too: drizzle cannot express INCLUDE.
    index('tracking_files_customer_status_arrived_idx').on(
      t.customerId,
      t.status,
      t.arrivedAt.desc(),
      t.id.desc(),
    ),
    index('tracking_files_customer_filename_idx').on(t.customerId, sql`lower(${t.filename})`, t.id),
    index('tracking_files_customer_documents_idx').on(t.customerId, t.documentCount, t.id),
    uniqueIndex('tracking_files_customer_external_key')
      .on(t.customerId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('tracking_files_receiver_idx')
      .on(t.receiverCustomerId)
      .where(sql`${t.receiverCustomerId} IS NOT NULL`),
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
    /** Every channel the document went through, for the channel filter and the overview. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('tracking_documents_status_check', oneOf('status', TRACKING_STATUSES)),
    check('tracking_documents_channels_check', knownChannels('channels')),
    // The default view's index (with INCLUDE) and the trigram indexes of the text filters are in
    // 0007_tracking-custom.sql.
    index('tracking_documents_customer_status_created_idx').on(
      t.customerId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('tracking_documents_file_idx').on(t.fileId),
    /** The producer's document id identifies a document of a customer (ingestion, sorting). */
    uniqueIndex('tracking_documents_customer_external_key').on(t.customerId, t.externalDocumentId),
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
    uniqueIndex('delivery_documents_document_delivery_key').on(t.documentId, t.deliveryDocumentId),
  ],
);

/**
 * Every status a channel reported for a delivery, as ingested (the delivery keeps the one with the
 * latest time). Generated demo data has none: its deliveries report once.
 */
export const deliveryDocumentEvents = pgTable(
  'delivery_document_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveryDocuments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    occurredAt: at('occurred_at').notNull(),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    check('delivery_document_events_status_check', oneOf('status', DELIVERY_STATUSES)),
    index('delivery_document_events_delivery_idx').on(t.deliveryId, t.occurredAt),
  ],
);

/**
 * Ingested event ids, per customer: a repeated event is acknowledged without being applied again.
 * Rows are written in the transaction that applies the event, so an acknowledged event is stored.
 */
export const trackingIngestedEvents = pgTable(
  'tracking_ingested_events',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    apiKeyId: uuid('api_key_id'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.eventId] })],
);
