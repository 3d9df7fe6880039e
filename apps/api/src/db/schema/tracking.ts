import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type AnyPgColumn,
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

/*
 * The five tracking tables are partitioned by month (docs/deployment.md, "Native partitioning by
 * month"): drizzle describes the partitioned parents; 0017_tracking-partitions.sql makes them
 * partitioned and jobs/create-tracking-partitions.job.ts creates the months. A primary or unique key of a
 * partitioned table must hold its partition key, so every key below ends with the time column,
 * and children copy their parent's time so that their foreign keys can name it.
 */

/**
 * A child's composite foreign key to its file or document: deleting the parent deletes it, and a
 * new time on the parent (a re-ingested `arrived_at` or `created_at`) is copied down, moving the
 * child to the matching month.
 */
const fileOf = (name: string, t: { fileId: AnyPgColumn; fileArrivedAt: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.fileId, t.fileArrivedAt],
    foreignColumns: [trackingFiles.id, trackingFiles.arrivedAt],
  })
    .onDelete('cascade')
    .onUpdate('cascade');
const documentOf = (name: string, t: { documentId: AnyPgColumn; documentCreatedAt: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.documentId, t.documentCreatedAt],
    foreignColumns: [trackingDocuments.id, trackingDocuments.createdAt],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/** An outgoing file a customer sent for print or digital delivery (spec 3, "Tracking file"). */
export const trackingFiles = pgTable(
  'tracking_files',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The producing system's own reference (ingestion API); unique per customer by `tracking_file_keys`. */
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
    primaryKey({ name: 'tracking_files_pkey', columns: [t.id, t.arrivedAt] }),
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
    index('tracking_files_receiver_idx')
      .on(t.receiverCustomerId)
      .where(sql`${t.receiverCustomerId} IS NOT NULL`),
  ],
);

/** The file's status log: processing steps in the order they happened. */
export const trackingFileEvents = pgTable(
  'tracking_file_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    /** The file's `arrived_at`, the partition key: a file's status log lives in the file's month. */
    fileArrivedAt: at('file_arrived_at').notNull(),
    step: text('step').notNull(),
    occurredAt: at('occurred_at').notNull(),
    detail: text('detail'),
  },
  (t) => [
    primaryKey({ name: 'tracking_file_events_pkey', columns: [t.id, t.fileArrivedAt] }),
    fileOf('tracking_file_events_file_fk', t),
    check('tracking_file_events_step_check', oneOf('step', PROCESSING_STEPS)),
    index('tracking_file_events_file_idx').on(t.fileId, t.occurredAt),
  ],
);

export const trackingDocuments = pgTable(
  'tracking_documents',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    /** Copied from the file for the foreign key (the file's partition key). */
    fileArrivedAt: at('file_arrived_at').notNull(),
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
    primaryKey({ name: 'tracking_documents_pkey', columns: [t.id, t.createdAt] }),
    fileOf('tracking_documents_file_fk', t),
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
    index('tracking_documents_file_idx').on(t.fileId, t.fileArrivedAt),
    /** Sorting by the producer's document id; its uniqueness is `tracking_document_keys`. */
    index('tracking_documents_customer_external_idx').on(t.customerId, t.externalDocumentId),
  ],
);

/**
 * How many documents an account has per hour (UTC), status and set of channels: the overview's
 * counts without reading the documents. Written only by the triggers of migration 0018, in the
 * transaction that changes the documents, as deltas (+n, −n) appended without a lock, so
 * concurrent ingestion never waits on a shared counter; `merged` rows are what
 * compact_tracking_document_counts() made of earlier deltas, one per key. The sum over a key is
 * exact at every moment.
 */
export const trackingDocumentCounts = pgTable(
  'tracking_document_counts',
  {
    customerId: integer('customer_id').notNull(),
    hour: at('hour').notNull(),
    status: text('status').notNull(),
    channels: text('channels').array().notNull(),
    documents: integer('documents').notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('tracking_document_counts_customer_hour_idx').on(t.customerId, t.hour),
    // The deltas alone, for the fold every minute (without it each fold reads the whole table).
    index('tracking_document_counts_deltas_idx')
      .on(t.hour)
      .where(sql`NOT merged`),
    uniqueIndex('tracking_document_counts_merged_key')
      .on(t.customerId, t.hour, t.status, t.channels)
      .where(sql`merged`),
  ],
);

/** One delivery of a document through one channel. */
export const deliveryDocuments = pgTable(
  'delivery_documents',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    /** The document's `created_at`, the partition key: a document's deliveries share its month. */
    documentCreatedAt: at('document_created_at').notNull(),
    deliveryDocumentId: text('delivery_document_id').notNull(),
    channel: text('channel').notNull(),
    pages: integer('pages').notNull().default(0),
    status: text('status').notNull(),
    statusAt: at('status_at').notNull(),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    primaryKey({ name: 'delivery_documents_pkey', columns: [t.id, t.documentCreatedAt] }),
    documentOf('delivery_documents_document_fk', t),
    check('delivery_documents_channel_check', oneOf('channel', DELIVERY_CHANNEL_KEYS)),
    check('delivery_documents_status_check', oneOf('status', DELIVERY_STATUSES)),
    uniqueIndex('delivery_documents_document_delivery_key').on(
      t.documentId,
      t.deliveryDocumentId,
      t.documentCreatedAt,
    ),
  ],
);

/**
 * Every status a channel reported for a delivery, as ingested (the delivery keeps the one with the
 * latest time). Generated demo data has none: its deliveries report once.
 */
export const deliveryDocumentEvents = pgTable(
  'delivery_document_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    /** The document's `created_at`, copied through the delivery (partition key). */
    documentCreatedAt: at('document_created_at').notNull(),
    status: text('status').notNull(),
    occurredAt: at('occurred_at').notNull(),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    primaryKey({ name: 'delivery_document_events_pkey', columns: [t.id, t.documentCreatedAt] }),
    foreignKey({
      name: 'delivery_document_events_delivery_fk',
      columns: [t.deliveryId, t.documentCreatedAt],
      foreignColumns: [deliveryDocuments.id, deliveryDocuments.documentCreatedAt],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('delivery_document_events_status_check', oneOf('status', DELIVERY_STATUSES)),
    index('delivery_document_events_delivery_idx').on(t.deliveryId, t.occurredAt),
  ],
);

/**
 * The ingestion API's idempotency: a customer's file reference names one file. Unpartitioned, as
 * a unique key across months cannot live on the partitioned table; written in the transaction
 * that inserts the file. The foreign key is deferred so that the key can be claimed (with the
 * file's id taken from its sequence) before the file row exists (DEFERRABLE INITIALLY DEFERRED is
 * in 0017_tracking-partitions.sql: drizzle cannot express it).
 */
export const trackingFileKeys = pgTable(
  'tracking_file_keys',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileArrivedAt: at('file_arrived_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tracking_file_keys_pkey', columns: [t.customerId, t.externalId] }),
    fileOf('tracking_file_keys_file_fk', t),
    // Time first: the purge finds a month's keys by range, the foreign key by both columns.
    index('tracking_file_keys_file_idx').on(t.fileArrivedAt, t.fileId),
  ],
);

/** The same for documents: a customer's `external_document_id` names one document. */
export const trackingDocumentKeys = pgTable(
  'tracking_document_keys',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    externalDocumentId: text('external_document_id').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    documentCreatedAt: at('document_created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tracking_document_keys_pkey', columns: [t.customerId, t.externalDocumentId] }),
    documentOf('tracking_document_keys_document_fk', t),
    index('tracking_document_keys_document_idx').on(t.documentCreatedAt, t.documentId),
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
