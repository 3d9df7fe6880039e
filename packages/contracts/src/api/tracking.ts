import { z } from 'zod';
import {
  DELIVERY_CHANNEL_KEYS,
  DELIVERY_STATUSES,
  PROCESSING_STEPS,
  TRACKING_STATUSES,
} from '../vocabularies.ts';
import {
  checkDateFilter,
  dateFilterShape,
  pagedList,
  textFilterShape,
  ZCursor,
  ZDateValue,
  ZEnumList,
  ZPage,
  ZPageSize,
  ZSortDirection,
  ZTimeZone,
} from './list-query.ts';

/** A file or document id in a path: digits that fit PostgreSQL's bigint and JavaScript numbers. */
export const ZTrackingIdParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'Invalid request' })
  .transform(Number)
  .pipe(z.number().int().min(1));

export const ZTrackingStatus = z.enum(TRACKING_STATUSES);
export const ZDeliveryChannel = z.enum(DELIVERY_CHANNEL_KEYS);
export const ZDeliveryStatus = z.enum(DELIVERY_STATUSES);
export const ZProcessingStep = z.enum(PROCESSING_STEPS);

const ZAt = z.string().describe('ISO 8601 time');

/* ------------------------------------------------------------------ lists */

/** Text fields of a file that the files list filters on. */
export const FILE_TEXT_FILTERS = [
  'filename',
  'subCustomerId',
  'customerAgreement',
  'application',
  'itemReference',
  'senderName',
  'receiverName',
] as const;
export type FileTextFilter = (typeof FILE_TEXT_FILTERS)[number];
export const FILE_SORTS = ['arrivedAt', 'status', 'filename', 'documentCount'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** Text fields of a document that the documents list filters on (`filename`: the document's file). */
export const DOCUMENT_TEXT_FILTERS = [
  'externalDocumentId',
  'invoiceNumber',
  'messageId',
  'recipientName',
  'eAddress',
  'filename',
] as const;
export type DocumentTextFilter = (typeof DOCUMENT_TEXT_FILTERS)[number];
export const DOCUMENT_SORTS = ['createdAt', 'status', 'externalDocumentId'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

const listShape = {
  page: ZPage,
  pageSize: ZPageSize,
  sortDirection: ZSortDirection.optional().describe('Default: newest first for dates, else ascending'),
  cursor: ZCursor.optional(),
  status: ZEnumList(TRACKING_STATUSES).optional(),
  channel: ZEnumList(DELIVERY_CHANNEL_KEYS).optional(),
  ...dateFilterShape,
};

export const ZListTrackingFilesRequest = z
  .object({
    ...listShape,
    sortBy: z.enum(FILE_SORTS).default('arrivedAt'),
    ...textFilterShape(FILE_TEXT_FILTERS),
  })
  .superRefine(checkDateFilter);
export type TListTrackingFilesRequest = z.infer<typeof ZListTrackingFilesRequest>;

export const ZListTrackingDocumentsRequest = z
  .object({
    ...listShape,
    sortBy: z.enum(DOCUMENT_SORTS).default('createdAt'),
    fileId: z
      .string()
      // Kept as the digits it arrives as: PostgreSQL reads them as the bigint id.
      .regex(/^\d{1,15}$/, { error: 'Invalid request' })
      .optional()
      .describe("Only this file's documents"),
    ...textFilterShape(DOCUMENT_TEXT_FILTERS),
  })
  .superRefine(checkDateFilter);
export type TListTrackingDocumentsRequest = z.infer<typeof ZListTrackingDocumentsRequest>;

export const ZTrackingFileSummary = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    status: ZTrackingStatus,
    channels: z.array(ZDeliveryChannel),
    arrivedAt: ZAt,
    documentCount: z.number().int(),
    subCustomerId: z.string().nullable(),
    customerAgreement: z.string().nullable(),
    application: z.string().nullable(),
    itemReference: z.string().nullable(),
    senderName: z.string().nullable(),
    receiverName: z.string().nullable(),
    deliveryMode: z.string().nullable(),
    lastStep: ZProcessingStep.nullable(),
    lastStepAt: ZAt.nullable(),
  })
  .meta({ id: 'TrackingFileSummary' });
export type TTrackingFileSummary = z.infer<typeof ZTrackingFileSummary>;

export const ZTrackingDocumentSummary = z
  .object({
    id: z.number().int(),
    fileId: z.number().int(),
    filename: z.string(),
    externalDocumentId: z.string(),
    invoiceNumber: z.string().nullable(),
    messageId: z.string().nullable(),
    messageType: z.string().nullable(),
    eAddress: z.string().nullable(),
    recipientName: z.string().nullable(),
    status: ZTrackingStatus,
    channels: z.array(ZDeliveryChannel),
    createdAt: ZAt,
  })
  .meta({ id: 'TrackingDocumentSummary' });
export type TTrackingDocumentSummary = z.infer<typeof ZTrackingDocumentSummary>;

export const ZListTrackingFilesResponse = pagedList(ZTrackingFileSummary).meta({
  id: 'ListTrackingFilesResponse',
});
export type TListTrackingFilesResponse = z.infer<typeof ZListTrackingFilesResponse>;
export const ZListTrackingDocumentsResponse = pagedList(ZTrackingDocumentSummary).meta({
  id: 'ListTrackingDocumentsResponse',
});
export type TListTrackingDocumentsResponse = z.infer<typeof ZListTrackingDocumentsResponse>;

/* ---------------------------------------------------------------- details */

const ZParty = z.object({
  name: z.string().nullable(),
  streetAddress: z.string().nullable(),
  postalCode: z.string().nullable(),
  postOffice: z.string().nullable(),
  countryCode: z.string().nullable(),
});

const ZCustomerRef = z.object({ name: z.string(), customerNumber: z.string() });

export const ZChannelDelivery = z.object({
  channel: ZDeliveryChannel,
  documents: z.number().int(),
  pages: z.number().int(),
  delivered: z.number().int(),
  rejected: z.number().int(),
  notDelivered: z.number().int(),
  pending: z.number().int(),
});
export type TChannelDelivery = z.infer<typeof ZChannelDelivery>;

export const ZStatusLogEntry = z.object({
  step: ZProcessingStep,
  occurredAt: ZAt,
  detail: z.string().nullable(),
});
export type TStatusLogEntry = z.infer<typeof ZStatusLogEntry>;

export const ZTrackingFile = ZTrackingFileSummary.extend({
  externalId: z.string().nullable(),
  deliveryFileIds: z.array(z.string()),
  customer: ZCustomerRef,
  receiverCustomer: ZCustomerRef.nullable(),
  category: z.string().nullable(),
  code: z.string().nullable(),
  countryCode: z.string().nullable(),
  direction: z.string(),
  envelopes: z.number().int(),
  sheets: z.number().int(),
  inserts: z.number().int(),
  quantity: z.number().int(),
  sender: ZParty,
  receiver: ZParty,
  materials: z.array(z.object({ code: z.string(), name: z.string(), quantity: z.number().int() })),
  deliveryChannels: z.array(ZChannelDelivery),
  statusLog: z.array(ZStatusLogEntry),
}).meta({ id: 'TrackingFile' });
export type TTrackingFile = z.infer<typeof ZTrackingFile>;

export const ZDeliveryDocument = z.object({
  channel: ZDeliveryChannel,
  deliveryDocumentId: z.string(),
  pages: z.number().int(),
  status: ZDeliveryStatus,
  statusAt: ZAt,
  rejectionReason: z.string().nullable(),
});
export type TDeliveryDocument = z.infer<typeof ZDeliveryDocument>;

/** One moment in a document's life: a processing step of its file or a channel's report. */
export const ZTimelineEntry = z.object({
  at: ZAt,
  step: ZProcessingStep.nullable(),
  channel: ZDeliveryChannel.nullable(),
  status: ZDeliveryStatus.nullable(),
  detail: z.string().nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

export const ZTrackingDocument = ZTrackingDocumentSummary.extend({
  customer: ZCustomerRef,
  fileArrivedAt: ZAt,
  deliveries: z.array(ZDeliveryDocument),
  timeline: z.array(ZTimelineEntry),
}).meta({ id: 'TrackingDocument' });
export type TTrackingDocument = z.infer<typeof ZTrackingDocument>;

/* --------------------------------------------------------------- overview */

export const ZGetTrackingOverviewRequest = z
  .object({
    fromDate: ZDateValue.optional().describe('First day; default 29 days before toDate'),
    toDate: ZDateValue.optional().describe('Last day; default today'),
    timeZone: ZTimeZone.optional(),
  })
  .superRefine((query, ctx) =>
    checkDateFilter(
      query.fromDate ? { dateOperator: 'between', ...query, toDate: query.toDate ?? query.fromDate } : {},
      ctx,
    ),
  );
export type TGetTrackingOverviewRequest = z.infer<typeof ZGetTrackingOverviewRequest>;

const statusCounts = z.object(
  Object.fromEntries(TRACKING_STATUSES.map((s) => [s, z.number().int()])),
) as z.ZodObject<Record<(typeof TRACKING_STATUSES)[number], z.ZodNumber>>;
const channelCounts = z.object(
  Object.fromEntries(DELIVERY_CHANNEL_KEYS.map((c) => [c, z.number().int()])),
) as z.ZodObject<Record<(typeof DELIVERY_CHANNEL_KEYS)[number], z.ZodNumber>>;

export const ZGetTrackingOverviewResponse = z
  .object({
    fromDate: z.string(),
    toDate: z.string(),
    timeZone: z.string(),
    files: z.object({ total: z.number().int(), byStatus: statusCounts }),
    documents: z.object({ total: z.number().int(), byStatus: statusCounts, byChannel: channelCounts }),
    /** Documents per channel and day, every day of the range. */
    channelsByDay: z.array(z.object({ date: z.string(), channels: channelCounts })),
    attention: z.object({
      files: z.array(ZTrackingFileSummary),
      documents: z.array(ZTrackingDocumentSummary),
    }),
  })
  .meta({ id: 'GetTrackingOverviewResponse' });
export type TGetTrackingOverviewResponse = z.infer<typeof ZGetTrackingOverviewResponse>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZGetTrackingFileResponse = ZTrackingFile;
export type TGetTrackingFileResponse = z.infer<typeof ZGetTrackingFileResponse>;
export const ZGetTrackingDocumentResponse = ZTrackingDocument;
export type TGetTrackingDocumentResponse = z.infer<typeof ZGetTrackingDocumentResponse>;
export const ZExportTrackingFilesRequest = ZListTrackingFilesRequest;
export type TExportTrackingFilesRequest = z.infer<typeof ZExportTrackingFilesRequest>;
export const ZExportTrackingDocumentsRequest = ZListTrackingDocumentsRequest;
export type TExportTrackingDocumentsRequest = z.infer<typeof ZExportTrackingDocumentsRequest>;
