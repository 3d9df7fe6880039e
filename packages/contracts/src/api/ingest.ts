import { z } from 'zod';
import {
  DELIVERY_CHANNEL_KEYS,
  DELIVERY_STATUSES,
  EDI_DIRECTIONS,
  EDI_STATUSES,
  MESSAGE_CATEGORIES,
  PROCESSING_STEPS,
} from '../vocabularies.ts';
import { ZFieldError } from '../errors.ts';
import { text, ZInt32Id } from './fields.ts';

/* ------------------------------------------------------------- API keys */

/** The header that carries a machine credential (the ingestion API). */
export const API_KEY_HEADER = 'x-api-key';

export const ZApiKey = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    keyPrefix: z.string().describe('The first characters of the key, to tell keys apart'),
    customers: z.array(z.object({ id: z.number().int(), name: z.string(), customerNumber: z.string() })),
    created: z.string(),
    createdBy: z.string().nullable().describe('E-mail address of who created it'),
    lastUsedAt: z.string().nullable().describe('Last accepted call, to the minute'),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZListApiKeysResponse = z.array(ZApiKey);
export type TListApiKeysResponse = z.infer<typeof ZListApiKeysResponse>;

export const ZCreateApiKeyRequest = z
  .object({
    name: text().trim().min(1).max(100),
    customerIds: z.array(ZInt32Id).min(1).max(200).describe('The customers whose data the key may deliver'),
  })
  .strict();
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZCreateApiKeyResponse = ZApiKey.extend({
  key: z.string().describe('The key itself: shown this once, only its hash is kept'),
}).meta({ id: 'CreatedApiKey' });
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;

/* --------------------------------------------------------------- records */

const ZTime = z.iso.datetime({ offset: true }).describe('ISO 8601 time with offset');
const shortText = (max: number) => text().max(max);

const common = {
  eventId: text()
    .min(1)
    .max(200)
    .describe('Unique per customer: a repeated event is acknowledged and not applied again'),
  customerNumber: text().min(1).max(32).describe('The sending customer'),
};

const ZParty = z
  .object({
    name: shortText(200).optional(),
    streetAddress: shortText(200).optional(),
    postalCode: shortText(20).optional(),
    postOffice: shortText(100).optional(),
    countryCode: text().length(2).optional(),
  })
  .strict();

export const ZIngestFile = z
  .object({
    type: z.literal('file'),
    ...common,
    fileRef: text().min(1).max(200).describe("The producer's reference of the file, unique per customer"),
    filename: text().min(1).max(400),
    arrivedAt: ZTime,
    receiverCustomerNumber: text()
      .min(1)
      .max(32)
      .optional()
      .describe('A Hub customer that receives the file'),
    subCustomerId: shortText(100).optional(),
    customerAgreement: shortText(100).optional(),
    application: shortText(100).optional(),
    category: shortText(100).optional(),
    code: shortText(50).optional(),
    countryCode: text().length(2).optional(),
    deliveryMode: shortText(100).optional(),
    itemReference: shortText(100).optional(),
    quantity: z.number().int().min(0).max(100_000_000).optional(),
    envelopes: z.number().int().min(0).max(100_000_000).optional(),
    sheets: z.number().int().min(0).max(100_000_000).optional(),
    inserts: z.number().int().min(0).max(100_000_000).optional(),
    deliveryFileIds: z.array(shortText(100)).max(100).optional(),
    sender: ZParty.optional(),
    receiver: ZParty.optional(),
    materials: z
      .array(
        z
          .object({
            code: shortText(50),
            name: shortText(200),
            quantity: z.number().int().min(0).max(100_000_000),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict()
  .meta({ id: 'IngestFile' });

export const ZIngestDocument = z
  .object({
    type: z.literal('document'),
    ...common,
    fileRef: text()
      .min(1)
      .max(200)
      .describe('The file the document belongs to (sent before or in the same batch)'),
    externalDocumentId: text().min(1).max(200).describe('Unique per customer'),
    invoiceNumber: shortText(100).optional(),
    messageId: shortText(200).optional(),
    messageType: shortText(50).optional(),
    eAddress: shortText(320).optional(),
    recipientName: shortText(200).optional(),
    createdAt: ZTime.optional().describe("Default: the file's arrival"),
  })
  .strict()
  .meta({ id: 'IngestDocument' });

export const ZIngestDelivery = z
  .object({
    type: z.literal('delivery'),
    ...common,
    externalDocumentId: text().min(1).max(200),
    deliveryDocumentId: text()
      .min(1)
      .max(200)
      .describe("The channel's id of the delivery, unique per document"),
    channel: z.enum(DELIVERY_CHANNEL_KEYS),
    status: z.enum(DELIVERY_STATUSES),
    occurredAt: ZTime.describe('When the channel reported the status; the latest report wins'),
    pages: z.number().int().min(0).max(100_000).optional(),
    rejectionReason: shortText(500).optional(),
  })
  .strict()
  .meta({ id: 'IngestDelivery' });

export const ZIngestStatusEvent = z
  .object({
    type: z.literal('statusEvent'),
    ...common,
    fileRef: text().min(1).max(200),
    step: z.enum(PROCESSING_STEPS),
    occurredAt: ZTime.describe('The status log keeps every event; the latest step by this time is current'),
    detail: shortText(500).optional(),
  })
  .strict()
  .meta({ id: 'IngestStatusEvent' });

/* ----------------------------------------------------------- EDI records */

const ediId = (what: string) =>
  text().regex(/^[\w.:-]{1,100}$/, { error: `Letters, digits and . _ : - only (${what}).` });

const ZEdiParty = z
  .object({
    customerNumber: text()
      .min(1)
      .max(32)
      .optional()
      .describe('A Hub customer on this side (may open the consignment); absent for a partner outside'),
    name: text().min(1).max(200),
    address: text().min(1).max(400),
  })
  .strict();

export const ZIngestEdiConsignment = z
  .object({
    type: z.literal('ediConsignment'),
    ...common,
    consignmentId: ediId('consignmentId').describe('The interchange reference, unique across customers'),
    direction: z.enum(EDI_DIRECTIONS),
    filename: text().min(1).max(400),
    sender: ZEdiParty,
    receiver: ZEdiParty,
    receivedAt: ZTime,
  })
  .strict()
  .meta({ id: 'IngestEdiConsignment' });

export const ZIngestEdiDocument = z
  .object({
    type: z.literal('ediDocument'),
    ...common,
    consignmentId: ediId('consignmentId').describe('Sent before or in the same batch'),
    documentId: ediId('documentId').describe('Unique within its consignment'),
    category: z.enum(MESSAGE_CATEGORIES),
    documentNumber: shortText(100).optional(),
    createdAt: ZTime.optional().describe("Default: the consignment's arrival"),
  })
  .strict()
  .meta({ id: 'IngestEdiDocument' });

export const ZIngestEdiMessage = z
  .object({
    type: z.literal('ediMessage'),
    ...common,
    consignmentId: ediId('consignmentId').describe('Sent before or in the same batch'),
    messageId: ediId('messageId').describe('Unique within its consignment'),
    category: z.enum(MESSAGE_CATEGORIES),
    messageType: text().min(1).max(50).describe('EDIFACT or other type, e.g. ORDERS'),
    direction: z.enum(EDI_DIRECTIONS),
    sizeBytes: z.number().int().min(0).max(2_000_000_000).optional(),
    createdAt: ZTime.optional().describe("Default: the consignment's arrival"),
  })
  .strict()
  .meta({ id: 'IngestEdiMessage' });

export const ZIngestEdiStatusEvent = z
  .object({
    type: z.literal('ediStatusEvent'),
    ...common,
    consignmentId: ediId('consignmentId'),
    documentId: ediId('documentId').optional().describe("The consignment's document it is about"),
    messageId: ediId('messageId').optional().describe("The consignment's message it is about"),
    status: z.enum(EDI_STATUSES),
    occurredAt: ZTime.describe('The history keeps every event; the status with the latest time is current'),
    reason: shortText(500).optional().describe('Why, for ERROR and NOT_EXISTS'),
  })
  .strict()
  .refine((event) => !(event.documentId && event.messageId), {
    error: 'An event is about the consignment, one document or one message.',
    path: ['messageId'],
    params: { code: 'invalidValue' },
  })
  .meta({ id: 'IngestEdiStatusEvent' });

export const ZIngestRecord = z.discriminatedUnion('type', [
  ZIngestFile,
  ZIngestDocument,
  ZIngestDelivery,
  ZIngestStatusEvent,
  ZIngestEdiConsignment,
  ZIngestEdiDocument,
  ZIngestEdiMessage,
  ZIngestEdiStatusEvent,
]);
export type TIngestRecord = z.infer<typeof ZIngestRecord>;

export const INGEST_BATCH_LIMIT = 1000;

export const ZIngestTrackingRequest = z
  .object({ records: z.array(ZIngestRecord).min(1).max(INGEST_BATCH_LIMIT) })
  .strict()
  .meta({ id: 'IngestBatch' });
export type TIngestTrackingRequest = z.input<typeof ZIngestTrackingRequest>;

export const INGEST_OUTCOMES = ['accepted', 'duplicate', 'rejected'] as const;
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];

export const ZIngestTrackingResponse = z
  .object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.number().int(),
    results: z.array(
      z.object({
        index: z.number().int(),
        eventId: z.string().nullable(),
        outcome: z.enum(INGEST_OUTCOMES),
        errors: z.array(ZFieldError).optional(),
      }),
    ),
  })
  .meta({ id: 'IngestBatchResult' });
export type TIngestTrackingResponse = z.infer<typeof ZIngestTrackingResponse>;
