import { z } from 'zod';
import { SEARCH_RESULT_KINDS } from '../vocabularies.ts';
import { text } from './fields.ts';

/** The longest search text: identifiers and names are far shorter. */
export const SEARCH_QUERY_MAX = 100;
/** Names (recipients, partners, subjects) are searched from this many characters on. */
export const SEARCH_NAME_MIN = 3;

/** The field of the item the search text matched, so the result can say why it is there. */
export const SEARCH_MATCH_FIELDS = [
  'externalDocumentId',
  'invoiceNumber',
  'messageId',
  'eAddress',
  'recipientName',
  'filename',
  'consignmentId',
  'senderName',
  'receiverName',
  'documentId',
  'caseNumber',
  'subject',
  'timeFrame',
  'customerName',
  'customerNumber',
  'userName',
  'email',
] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];

const ZSearchAccount = z
  .object({ id: z.number().int(), name: z.string(), customerNumber: z.string() })
  .meta({ id: 'SearchAccount' });

export const ZSearchResult = z
  .object({
    kind: z.enum(SEARCH_RESULT_KINDS),
    id: z
      .string()
      .describe(
        "The item's id in its page's address: a number for tracking items and cases, the EDI id for EDI items, a UUID for reports and users",
      ),
    key: z
      .string()
      .describe("The item's own key in the Hub (a support case names the items it is about by it)"),
    consignmentId: z
      .string()
      .nullable()
      .describe("An EDI message's or document's consignment (their pages' addresses name both)"),
    title: z.string().describe('The identifier or name that names the item'),
    detail: z.string().nullable().describe('A second fact: recipient, file name, partners, subject, e-mail…'),
    matchedField: z.enum(SEARCH_MATCH_FIELDS),
    exact: z.boolean().describe('The whole field equals the search text (ignoring case)'),
    status: z
      .string()
      .nullable()
      .describe("The item's status in its own vocabulary (tracking, EDI, support, report)"),
    date: z.string().nullable().describe('When the item was created or last changed (ISO 8601)'),
    account: ZSearchAccount.nullable().describe(
      'The account the item belongs to; null for customers and users',
    ),
  })
  .meta({ id: 'SearchResult' });
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchGroup = z
  .object({
    kind: z.enum(SEARCH_RESULT_KINDS),
    results: z.array(ZSearchResult),
    more: z.boolean().describe('More items of this kind match than are shown'),
  })
  .meta({ id: 'SearchGroup' });
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

export const ZSearchRequest = z.object({
  q: text().trim().min(1).max(SEARCH_QUERY_MAX).describe('An identifier, a name or the start of one'),
});
export type TSearchRequest = z.infer<typeof ZSearchRequest>;

export const ZSearchResponse = z
  .object({
    query: z.string(),
    groups: z.array(ZSearchGroup).describe('Only kinds with matches, in the order of SEARCH_RESULT_KINDS'),
  })
  .meta({ id: 'SearchResponse' });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const ZGetSearchHistoryResponse = z
  .object({
    searches: z.array(z.object({ query: z.string(), usedAt: z.string() })),
    opened: z
      .array(ZSearchResult)
      .describe(
        'Items opened from the search, newest first, as they are now; those no longer visible are left out',
      ),
  })
  .meta({ id: 'SearchHistory' });
export type TGetSearchHistoryResponse = z.infer<typeof ZGetSearchHistoryResponse>;

export const ZRecordSearchOpenedRequest = z
  .object({
    query: text().trim().min(1).max(SEARCH_QUERY_MAX),
    kind: z.enum(SEARCH_RESULT_KINDS),
    id: text().min(1).max(200),
    consignmentId: text().min(1).max(200).nullable().default(null),
    accountId: z.number().int().min(1).max(2_147_483_647).nullable(),
  })
  .strict();
export type TRecordSearchOpenedRequest = z.input<typeof ZRecordSearchOpenedRequest>;
