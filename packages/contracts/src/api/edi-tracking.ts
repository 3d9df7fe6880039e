import { z } from 'zod';
import { EDI_DIRECTIONS, EDI_STATUSES, MESSAGE_CATEGORIES } from '../vocabularies.ts';
import { text } from './fields.ts';
import {
  checkDateFilter,
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

/*
 * EDI track and trace (spec 2, 3, 4, 7): consignments, their documents and messages. The lists
 * take the filters of spec 3 as query parameters; each text filter `x` has its search type in
 * `xOperator` (contains, startsWith, endsWith, exact, notContains), as in track and trace.
 */

export const ZEdiStatus = z.enum(EDI_STATUSES);
export const ZEdiDirection = z.enum(EDI_DIRECTIONS);
export const ZMessageCategory = z.enum(MESSAGE_CATEGORIES);

/** A user holds at most 10 accounts (spec 9), so a list spans at most that many. */
export const EDI_MAX_CUSTOMERS = 10;

/** A consignment, document or message id in a path or filter: the producer's own reference. */
export const ZEdiIdParam = text().regex(/^[\w.:-]{1,100}$/, { error: 'Invalid request' });

const ZCustomerIdList = text()
  .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, { error: 'Invalid request' })
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .pipe(z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(EDI_MAX_CUSTOMERS))
  .describe(
    'Comma-separated ids of accounts the caller holds with EDI tracking (default: the active account); another id is 403',
  );

/** Text filters shared by the three lists; the names and addresses are the consignment's parties. */
export const EDI_TEXT_FILTERS = [
  'senderName',
  'senderAddress',
  'receiverName',
  'receiverAddress',
  'filename',
  'consignmentId',
  'documentId',
  'messageId',
] as const;
export type EdiTextFilter = (typeof EDI_TEXT_FILTERS)[number];

export const EDI_CONSIGNMENT_SORTS = ['receivedAt', 'status', 'filename', 'consignmentId'] as const;
export type EdiConsignmentSort = (typeof EDI_CONSIGNMENT_SORTS)[number];
export const EDI_DOCUMENT_SORTS = ['createdAt', 'status', 'documentId', 'category'] as const;
export type EdiDocumentSort = (typeof EDI_DOCUMENT_SORTS)[number];
export const EDI_MESSAGE_SORTS = ['createdAt', 'status', 'messageId', 'category'] as const;
export type EdiMessageSort = (typeof EDI_MESSAGE_SORTS)[number];

const ediListShape = {
  page: ZPage,
  pageSize: ZPageSize,
  sortDirection: ZSortDirection.optional().describe('Default: newest first for dates, else ascending'),
  cursor: ZCursor.optional(),
  customerIds: ZCustomerIdList.optional(),
  directionType: ZEnumList(EDI_DIRECTIONS).optional().describe('INBOUND, OUTBOUND or both (Any)'),
  status: ZEnumList(EDI_STATUSES).optional(),
  category: ZEnumList(MESSAGE_CATEGORIES).optional(),
  fromDate: ZDateValue.optional().describe('First day (in `timeZone`), inclusive'),
  toDate: ZDateValue.optional().describe('Last day (in `timeZone`), inclusive'),
  timeZone: ZTimeZone.optional(),
  ...textFilterShape(EDI_TEXT_FILTERS),
};

/** A range needs its end after its start and spans at most a year, as in track and trace. */
const checkRange = (
  query: { fromDate?: string | undefined; toDate?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (query.fromDate && query.toDate) checkDateFilter({ dateOperator: 'between', ...query }, ctx);
};

export const ZListEdiConsignmentsRequest = z
  .object({ ...ediListShape, sortBy: z.enum(EDI_CONSIGNMENT_SORTS).default('receivedAt') })
  .superRefine(checkRange);
export type TListEdiConsignmentsRequest = z.infer<typeof ZListEdiConsignmentsRequest>;

export const ZListEdiDocumentsRequest = z
  .object({ ...ediListShape, sortBy: z.enum(EDI_DOCUMENT_SORTS).default('createdAt') })
  .superRefine(checkRange);
export type TListEdiDocumentsRequest = z.infer<typeof ZListEdiDocumentsRequest>;

export const ZListEdiMessagesRequest = z
  .object({ ...ediListShape, sortBy: z.enum(EDI_MESSAGE_SORTS).default('createdAt') })
  .superRefine(checkRange);
export type TListEdiMessagesRequest = z.infer<typeof ZListEdiMessagesRequest>;

export type TEdiListFilter = Omit<
  TListEdiConsignmentsRequest,
  'page' | 'pageSize' | 'cursor' | 'sortBy' | 'sortDirection' | 'customerIds'
>;

const ZAt = z.string().describe('ISO 8601 time');

const ZEdiParty = z.object({
  customerNumber: z
    .string()
    .nullable()
    .describe("A Hub customer's number; null for a trading partner outside"),
  name: z.string(),
  address: z.string(),
});

export const ZEdiConsignmentSummary = z
  .object({
    ref: z
      .number()
      .int()
      .describe("The Hub's own number for it, e.g. to link it to a support case (`ediConsignment:<ref>`)"),
    consignmentId: z.string(),
    customerId: z.number().int().describe('The account whose EDI agreement handled it'),
    direction: ZEdiDirection,
    status: ZEdiStatus,
    filename: z.string(),
    senderName: z.string(),
    receiverName: z.string(),
    receivedAt: ZAt,
    deliveredAt: ZAt.nullable(),
    errorMessage: z.string().nullable().describe('Why it failed, where the data says'),
  })
  .meta({ id: 'EdiConsignmentSummary' });
export type TEdiConsignmentSummary = z.infer<typeof ZEdiConsignmentSummary>;

export const ZEdiDocumentSummary = z
  .object({
    ref: z
      .number()
      .int()
      .describe("The Hub's own number for it, e.g. to link it to a support case (`ediDocument:<ref>`)"),
    documentId: z.string(),
    consignmentId: z.string(),
    customerId: z.number().int().describe('The account whose EDI agreement handled its consignment'),
    direction: ZEdiDirection,
    category: ZMessageCategory,
    status: ZEdiStatus,
    documentNumber: z.string().nullable(),
    senderName: z.string(),
    receiverName: z.string(),
    filename: z.string(),
    createdAt: ZAt,
    errorMessage: z.string().nullable(),
  })
  .meta({ id: 'EdiDocumentSummary' });
export type TEdiDocumentSummary = z.infer<typeof ZEdiDocumentSummary>;

export const ZEdiMessageSummary = z
  .object({
    ref: z
      .number()
      .int()
      .describe("The Hub's own number for it, e.g. to link it to a support case (`ediMessage:<ref>`)"),
    messageId: z.string(),
    consignmentId: z.string(),
    customerId: z.number().int().describe('The account whose EDI agreement handled its consignment'),
    direction: ZEdiDirection,
    category: ZMessageCategory,
    messageType: z.string(),
    status: ZEdiStatus,
    sizeBytes: z.number().int(),
    senderName: z.string(),
    receiverName: z.string(),
    filename: z.string(),
    createdAt: ZAt,
    errorMessage: z.string().nullable(),
  })
  .meta({ id: 'EdiMessageSummary' });
export type TEdiMessageSummary = z.infer<typeof ZEdiMessageSummary>;

export const ZListEdiConsignmentsResponse = pagedList(ZEdiConsignmentSummary).meta({
  id: 'ListEdiConsignmentsResponse',
});
export type TListEdiConsignmentsResponse = z.infer<typeof ZListEdiConsignmentsResponse>;
export const ZListEdiDocumentsResponse = pagedList(ZEdiDocumentSummary).meta({
  id: 'ListEdiDocumentsResponse',
});
export type TListEdiDocumentsResponse = z.infer<typeof ZListEdiDocumentsResponse>;
export const ZListEdiMessagesResponse = pagedList(ZEdiMessageSummary).meta({ id: 'ListEdiMessagesResponse' });
export type TListEdiMessagesResponse = z.infer<typeof ZListEdiMessagesResponse>;

/* ---------------------------------------------------------------- details */

/** One status with its time; `reason` where the data has one. */
export const ZEdiStatusEntry = z.object({ status: ZEdiStatus, at: ZAt, reason: z.string().nullable() });
export type TEdiStatusEntry = z.infer<typeof ZEdiStatusEntry>;

const detailShape = {
  sender: ZEdiParty,
  receiver: ZEdiParty,
  statusHistory: z.array(ZEdiStatusEntry).describe('Oldest first'),
};

export const ZGetEdiConsignmentRequest = z.object({ consignmentId: ZEdiIdParam });
export type TGetEdiConsignmentRequest = z.infer<typeof ZGetEdiConsignmentRequest>;

export const ZGetEdiConsignmentResponse = ZEdiConsignmentSummary.extend({
  ...detailShape,
  customer: z.object({ name: z.string(), customerNumber: z.string() }),
  documents: z.array(ZEdiDocumentSummary),
  messages: z.array(ZEdiMessageSummary),
}).meta({ id: 'EdiConsignment' });
export type TGetEdiConsignmentResponse = z.infer<typeof ZGetEdiConsignmentResponse>;

export const ZGetEdiDocumentRequest = z.object({ documentId: ZEdiIdParam, consignmentId: ZEdiIdParam });
export type TGetEdiDocumentRequest = z.infer<typeof ZGetEdiDocumentRequest>;

const ZEdiSibling = z.object({ id: z.string(), category: ZMessageCategory, status: ZEdiStatus });

export const ZGetEdiDocumentResponse = ZEdiDocumentSummary.extend({
  ...detailShape,
  consignmentStatus: ZEdiStatus,
  messages: z.array(ZEdiSibling.extend({ messageType: z.string() })).describe("The consignment's messages"),
}).meta({ id: 'EdiDocument' });
export type TGetEdiDocumentResponse = z.infer<typeof ZGetEdiDocumentResponse>;

export const ZGetEdiMessageRequest = z.object({ messageId: ZEdiIdParam, consignmentId: ZEdiIdParam });
export type TGetEdiMessageRequest = z.infer<typeof ZGetEdiMessageRequest>;

export const ZGetEdiMessageResponse = ZEdiMessageSummary.extend({
  ...detailShape,
  consignmentStatus: ZEdiStatus,
  documents: z.array(ZEdiSibling).describe("The consignment's documents"),
}).meta({ id: 'EdiMessage' });
export type TGetEdiMessageResponse = z.infer<typeof ZGetEdiMessageResponse>;
