import { z } from 'zod';
import {
  LANGUAGES,
  MARKETS,
  SUPPORT_CASE_MAX_ITEMS,
  SUPPORT_CASE_STATUSES,
  SUPPORT_ITEM_KINDS,
  type SupportCaseStatus,
  type SupportItemKind,
} from '../vocabularies.ts';
import { ZEdiStatus } from './edi-tracking.ts';
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE, text } from './fields.ts';
import { ZDeliveryChannel, ZTrackingStatus } from './tracking.ts';

/**
 * Categories of a support case with their sub-categories (spec 3: category, subCategory). The
 * keys are stored; the web app words them in the user's language.
 */
export const SUPPORT_CATEGORIES = {
  delivery: ['digitalMailbox', 'email', 'sms', 'postal'],
  print: ['layout', 'quality', 'returns'],
  production: ['scheduling', 'deviations'],
  eInvoice: ['addressing', 'format'],
  edi: ['messages', 'connections'],
  account: ['users', 'access'],
  materials: ['stock', 'ordering'],
  other: ['question', 'feedback'],
} as const satisfies Record<string, readonly string[]>;
export type SupportCategory = keyof typeof SUPPORT_CATEGORIES;
export const SUPPORT_CATEGORY_KEYS = Object.keys(SUPPORT_CATEGORIES) as [
  SupportCategory,
  ...SupportCategory[],
];

/** The list filter of spec 4: every status, or all of them. */
export const SUPPORT_CASE_FILTERS = ['all', ...SUPPORT_CASE_STATUSES] as const;
export type SupportCaseFilter = (typeof SUPPORT_CASE_FILTERS)[number];

/** Who moves a case: the customer's users, or the provider's support staff (SF_ADMIN). */
export type SupportSide = 'customer' | 'provider';

/**
 * The status workflow (the spec leaves it open; docs/support.md explains it). A status change not
 * listed for the caller's side is refused. Replies move cases too: see `statusAfterReply`.
 */
export const SUPPORT_CASE_TRANSITIONS: Record<
  SupportSide,
  Record<SupportCaseStatus, readonly SupportCaseStatus[]>
> = {
  provider: {
    needsAttention: ['ongoing', 'onHold', 'waitingForDetails', 'readyForClosure', 'resolved'],
    ongoing: ['onHold', 'waitingForDetails', 'readyForClosure', 'resolved'],
    onHold: ['ongoing', 'waitingForDetails', 'readyForClosure', 'resolved'],
    waitingForDetails: ['ongoing', 'onHold', 'readyForClosure', 'resolved'],
    readyForClosure: ['ongoing', 'resolved'],
    resolved: ['ongoing'],
  },
  customer: {
    needsAttention: [],
    ongoing: [],
    onHold: [],
    waitingForDetails: [],
    // The customer confirms the solution, or says it did not help.
    readyForClosure: ['resolved', 'ongoing'],
    resolved: [],
  },
};

/**
 * The status a reply leaves a case in: the customer's answer to a question or to a proposed
 * solution puts the case back to support; support's first answer takes a new case on.
 */
export function statusAfterReply(side: SupportSide, status: SupportCaseStatus): SupportCaseStatus {
  if (side === 'customer') {
    return status === 'waitingForDetails' || status === 'readyForClosure' ? 'ongoing' : status;
  }
  return status === 'needsAttention' ? 'ongoing' : status;
}

/**
 * The statuses of a case that is still open: every one but resolved (the workflow has no "closed";
 * a case ready for closure still waits for the customer's word). An item's page lists these.
 */
export const SUPPORT_OPEN_STATUSES = SUPPORT_CASE_STATUSES.filter(
  (status): status is Exclude<SupportCaseStatus, 'resolved'> => status !== 'resolved',
);

/* ------------------------------------------------------------------ what a case is about */

/** Item ids are bigints in the database; 15 digits stay exact in a JavaScript number. */
export const SUPPORT_ITEM_ID_MAX = 999_999_999_999_999;

/** One item a case is about: a tracking document or file, an EDI consignment, message or document. */
export const ZSupportItemRef = z
  .object({
    kind: z.enum(SUPPORT_ITEM_KINDS),
    id: z
      .number()
      .int()
      .min(1)
      .max(SUPPORT_ITEM_ID_MAX)
      .describe("The item's number: `id` of a tracking document or file, `ref` of an EDI item"),
  })
  .strict()
  .meta({ id: 'SupportItemRef' });
export type TSupportItemRef = z.infer<typeof ZSupportItemRef>;

/** The key of an item in a list or an address: `trackingDocument:123`. */
export const supportItemKey = (item: TSupportItemRef) => `${item.kind}:${item.id}`;

/** Items as text: `kind:id` pairs separated by commas (`trackingDocument:123,trackingFile:45`). */
export const formatSupportItems = (items: readonly TSupportItemRef[]) => items.map(supportItemKey).join(',');

/**
 * The pairs of the text form, each as an object for the list's checks: an id that is not digits
 * stays text (and is refused as not a number), so every mistake is named at its place in the list.
 */
function parseSupportItems(value: string): unknown[] {
  if (value.trim() === '') return [];
  return value.split(',').map((pair) => {
    const colon = pair.lastIndexOf(':');
    const kind = colon < 0 ? pair.trim() : pair.slice(0, colon).trim();
    const id = colon < 0 ? '' : pair.slice(colon + 1).trim();
    return { kind, id: /^\d{1,30}$/.test(id) ? Number(id) : id };
  });
}

/** A list of items: at most SUPPORT_CASE_MAX_ITEMS, each once. */
const supportItemList = (min: number) =>
  z
    .array(ZSupportItemRef)
    .min(min)
    .max(SUPPORT_CASE_MAX_ITEMS)
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = supportItemKey(item);
        if (seen.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: 'This item is in the list twice.',
            params: { code: 'invalidValue' },
          });
        }
        seen.add(key);
      });
    });

const ITEMS_TEXT_MAX = 2000;
const ITEMS_TEXT =
  '`kind:id` pairs separated by commas, e.g. `trackingDocument:123,ediMessage:45` ' +
  `(at most ${SUPPORT_CASE_MAX_ITEMS}, each once; kinds: ${SUPPORT_ITEM_KINDS.join(', ')})`;

/** The text form of a list of items (a query parameter, a form field), checked as the list. */
const supportItemsText = (min: number) =>
  text().max(ITEMS_TEXT_MAX).transform(parseSupportItems).pipe(supportItemList(min)).describe(ITEMS_TEXT);

/**
 * What a new case is about, as JSON (a list of `{ kind, id }`) or as a form field (the text form):
 * the text is read into the list first, so either way each mistake is named at its place.
 */
const supportItemsInput = z.preprocess((value, context) => {
  if (typeof value !== 'string') return value;
  if (hasInvalidCharacters(value)) {
    context.addIssue({
      code: 'custom',
      message: INVALID_CHARACTERS_MESSAGE,
      params: { code: 'invalidCharacters' },
    });
    return [];
  }
  if (value.length > ITEMS_TEXT_MAX) {
    context.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: ITEMS_TEXT_MAX,
      inclusive: true,
      input: value,
      message: 'Too long',
    });
    return [];
  }
  return parseSupportItems(value);
}, supportItemList(0));

/** How the new-case operation documents `items` (JSON and form alike; the check is the schema above). */
export const ZSupportItemsField = z
  .union([supportItemList(0), text().max(ITEMS_TEXT_MAX)])
  .describe(
    'What the case is about: a list of `{ kind, id }` in JSON; in a multipart form one field, ' +
      ITEMS_TEXT +
      '. Each must be an item of the active account that the caller may see (tracking kinds need track and trace, EDI kinds EDI tracking), or nothing is created (403).',
  );

/** Support case ids are bigints in the database; 15 digits stay exact in a JavaScript number. */
export const ZSupportCaseIdParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'Invalid case id' })
  .transform(Number);

export const ZAttachmentIdParam = z.uuid({ error: 'Invalid attachment id' });

/** Columns the case list sorts by; ties fall back to the newest activity. */
export const SUPPORT_CASE_SORTS = ['updated', 'date', 'caseNumber', 'title', 'status'] as const;
export type SupportCaseSort = (typeof SUPPORT_CASE_SORTS)[number];

export const ZListSupportCasesRequest = z.object({
  status: z.enum(SUPPORT_CASE_FILTERS).default('all'),
  sort: z.enum(SUPPORT_CASE_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).default('desc'),
  subject: text().trim().max(200).optional().describe('Part of the subject (title), any case'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});
export type TListSupportCasesRequest = z.infer<typeof ZListSupportCasesRequest>;

/** Provider staff list every customer's cases; `customerId` narrows to one account. */
export const ZListAllSupportCasesRequest = ZListSupportCasesRequest.extend({
  customerId: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'Invalid customerId' })
    .transform(Number)
    .optional(),
});
export type TListAllSupportCasesRequest = z.infer<typeof ZListAllSupportCasesRequest>;

export const ZSupportAttachment = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    created: z.string().describe('ISO 8601 time'),
  })
  .meta({ id: 'SupportAttachment' });
export type TSupportAttachment = z.infer<typeof ZSupportAttachment>;

export const ZSupportCaseSummary = z
  .object({
    caseId: z.number().int(),
    caseNumber: z.string(),
    customerId: z.number().int(),
    customerName: z.string(),
    title: z.string(),
    category: z.string(),
    subCategory: z.string().nullable(),
    status: z.enum(SUPPORT_CASE_STATUSES),
    type: z.string(),
    owner: z.string().nullable(),
    date: z.string().describe('When the case was opened (ISO 8601)'),
    updated: z.string().describe('Last activity (ISO 8601)'),
  })
  .meta({ id: 'SupportCaseSummary' });
export type TSupportCaseSummary = z.infer<typeof ZSupportCaseSummary>;

export const ZListSupportCasesResponse = z
  .object({
    cases: z.array(ZSupportCaseSummary),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ListSupportCasesResponse' });
export type TListSupportCasesResponse = z.infer<typeof ZListSupportCasesResponse>;

export const ZSupportCaseReply = z
  .object({
    id: z.number().int(),
    authorName: z.string(),
    fromProvider: z.boolean(),
    message: z.string(),
    created: z.string(),
    attachments: z.array(ZSupportAttachment),
  })
  .meta({ id: 'SupportCaseReply' });
export type TSupportCaseReply = z.infer<typeof ZSupportCaseReply>;

/** An item the case is about, as the caller may see it. */
export const ZSupportCaseItem = z
  .object({
    kind: z.enum(SUPPORT_ITEM_KINDS),
    id: z.number().int(),
    label: z
      .string()
      .describe(
        "The item's own id or name when it was linked: external document id, file name, consignment, message or document id",
      ),
    canOpen: z
      .boolean()
      .describe(
        "Whether the caller may open the item's page in the case's account (holds the account with the item's service, and the item is still there)",
      ),
    consignmentId: z
      .string()
      .nullable()
      .describe(
        "An EDI item the caller may open: its consignment's id, which its page's address needs (the item's own id is `label`); null otherwise",
      ),
  })
  .meta({ id: 'SupportCaseItem' });
export type TSupportCaseItem = z.infer<typeof ZSupportCaseItem>;

/** One case (spec 3): the summary, its description and the conversation, oldest first. */
export const ZSupportCase = ZSupportCaseSummary.extend({
  items: z.array(ZSupportCaseItem).describe('What the case is about, in the order they were linked'),
  description: z.string(),
  from: z.string(),
  to: z.string(),
  createdBy: z.string().nullable(),
  attachments: z.array(ZSupportAttachment).describe('Files sent with the case itself'),
  replies: z.array(ZSupportCaseReply),
  allowedStatuses: z
    .array(z.enum(SUPPORT_CASE_STATUSES))
    .describe('The statuses the caller may move the case to now'),
  canReply: z.boolean(),
}).meta({ id: 'SupportCase' });
export type TSupportCase = z.infer<typeof ZSupportCase>;

export const SUPPORT_TITLE_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

/**
 * The text fields of a new case (multipart/form-data: these fields plus up to the configured
 * number of `attachments` files).
 */
export const ZCreateSupportCaseRequest = z
  .object({
    title: text().trim().min(1).max(SUPPORT_TITLE_MAX),
    description: text().trim().min(1).max(SUPPORT_MESSAGE_MAX),
    category: z.enum(SUPPORT_CATEGORY_KEYS),
    subCategory: text().min(1).max(40),
    items: supportItemsInput.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const allowed: readonly string[] = SUPPORT_CATEGORIES[value.category] ?? [];
    if (!allowed.includes(value.subCategory)) {
      context.addIssue({
        code: 'invalid_value',
        values: [...allowed],
        path: ['subCategory'],
        message: 'Choose a sub-category of the chosen category.',
      });
    }
  });
export type TCreateSupportCaseRequest = z.infer<typeof ZCreateSupportCaseRequest>;

export const ZReplyToSupportCaseRequest = z
  .object({ message: text().trim().min(1).max(SUPPORT_MESSAGE_MAX) })
  .strict();
export type TReplyToSupportCaseRequest = z.infer<typeof ZReplyToSupportCaseRequest>;

export const ZChangeSupportCaseStatusRequest = z.object({ status: z.enum(SUPPORT_CASE_STATUSES) }).strict();
export type TChangeSupportCaseStatusRequest = z.infer<typeof ZChangeSupportCaseStatusRequest>;

/** The items to describe for the new-case form. */
export const ZGetSupportItemFactsRequest = z.object({ items: supportItemsText(1) });
export type TGetSupportItemFactsRequest = z.infer<typeof ZGetSupportItemFactsRequest>;

const itemFacts = <K extends SupportItemKind, S extends z.ZodType, F extends z.ZodRawShape>(
  kind: K,
  status: S,
  facts: F,
) =>
  z.object({
    kind: z.literal(kind),
    id: z.number().int(),
    label: z.string().describe('What the case will call it (stored with the case)'),
    status,
    date: z.string().describe('ISO 8601 time: created, arrived or received'),
    ...facts,
  });

const ZEdiFacts = {
  consignmentId: z.string().describe("The consignment's id (the page's address needs it)"),
  senderName: z.string(),
  receiverName: z.string(),
};

/** The key facts of one item, by kind. */
export const ZSupportItemFacts = z
  .discriminatedUnion('kind', [
    itemFacts('trackingDocument', ZTrackingStatus, {
      invoiceNumber: z.string().nullable(),
      recipientName: z.string().nullable(),
      channels: z.array(ZDeliveryChannel),
      filename: z.string(),
      fileId: z.number().int(),
    }),
    itemFacts('trackingFile', ZTrackingStatus, { documentCount: z.number().int() }),
    itemFacts('ediConsignment', ZEdiStatus, ZEdiFacts),
    itemFacts('ediMessage', ZEdiStatus, { ...ZEdiFacts, messageType: z.string() }),
    itemFacts('ediDocument', ZEdiStatus, { ...ZEdiFacts, documentNumber: z.string().nullable() }),
  ])
  .meta({ id: 'SupportItemFacts' });
export type TSupportItemFacts = z.infer<typeof ZSupportItemFacts>;

export const ZGetSupportItemFactsResponse = z
  .object({
    items: z
      .array(ZSupportItemFacts)
      .describe(
        'The asked items the caller may see in the active account, in the asked order; every other one is left out, existing or not',
      ),
  })
  .meta({ id: 'GetSupportItemFactsResponse' });
export type TGetSupportItemFactsResponse = z.infer<typeof ZGetSupportItemFactsResponse>;

/** The open cases about one item (its page shows them). */
export const ZListSupportCasesAboutRequest = z.object({
  kind: z.enum(SUPPORT_ITEM_KINDS),
  itemId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'Invalid item id' })
    .transform(Number)
    .describe('`id` of a tracking document or file, `ref` of an EDI item'),
});
export type TListSupportCasesAboutRequest = z.infer<typeof ZListSupportCasesAboutRequest>;

/** At most this many open cases are listed on an item's page. */
export const SUPPORT_CASES_ABOUT_MAX = 10;

export const ZListSupportCasesAboutResponse = z
  .object({
    cases: z
      .array(
        ZSupportCaseSummary.pick({
          caseId: true,
          caseNumber: true,
          title: true,
          status: true,
          updated: true,
        }),
      )
      .describe(
        `Open cases of the active account about the item, newest activity first, at most ${SUPPORT_CASES_ABOUT_MAX}`,
      ),
  })
  .meta({ id: 'ListSupportCasesAboutResponse' });
export type TListSupportCasesAboutResponse = z.infer<typeof ZListSupportCasesAboutResponse>;

/** What the server accepts as attachments, so the form can say it before uploading. */
export const ZAttachmentRules = z
  .object({
    maxFiles: z.number().int(),
    maxFileSizeMb: z.number(),
    allowedExtensions: z.array(z.string()),
  })
  .meta({ id: 'AttachmentRules' });
export type TAttachmentRules = z.infer<typeof ZAttachmentRules>;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ZGetSupportContactRequest = z.object({
  language: z.enum(LANGUAGES).default('en-SE').describe('Language of the holiday names'),
  at: z.iso
    .datetime({ offset: true })
    // The holiday rules and the search for the next opening need a calendar year near ours.
    .refine((value) => value >= '2000' && value < '2100', { error: 'Choose a moment between 2000 and 2099.' })
    .optional()
    .describe('The moment to answer for (ISO 8601); now when left out'),
});
export type TGetSupportContactRequest = z.infer<typeof ZGetSupportContactRequest>;

export const ZMarketSupportContact = z
  .object({
    market: z.enum(MARKETS),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    timeZone: z.string(),
    hours: z
      .array(z.object({ day: z.enum(WEEKDAYS), opens: z.string().nullable(), closes: z.string().nullable() }))
      .describe('Phone hours per weekday in the market’s time zone (HH:mm); null when closed'),
    isOpen: z.boolean(),
    nextOpening: z.string().nullable().describe('When the phone line opens next (ISO 8601), if ever'),
    closesAt: z.string().nullable().describe('When the open phone line closes (ISO 8601)'),
    upcomingHolidays: z.array(z.object({ date: z.string(), name: z.string() })),
  })
  .meta({ id: 'MarketSupportContact' });
export type TMarketSupportContact = z.infer<typeof ZMarketSupportContact>;

export const ZSupportContact = z
  .object({ at: z.string(), markets: z.array(ZMarketSupportContact) })
  .meta({ id: 'SupportContact' });
export type TSupportContact = z.infer<typeof ZSupportContact>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZGetSupportContactResponse = ZSupportContact;
export type TGetSupportContactResponse = z.infer<typeof ZGetSupportContactResponse>;
export const ZGetAttachmentRulesResponse = ZAttachmentRules;
export type TGetAttachmentRulesResponse = z.infer<typeof ZGetAttachmentRulesResponse>;
export const ZGetSupportCaseResponse = ZSupportCase;
export type TGetSupportCaseResponse = z.infer<typeof ZGetSupportCaseResponse>;
export const ZCreateSupportCaseResponse = ZSupportCase;
export type TCreateSupportCaseResponse = z.infer<typeof ZCreateSupportCaseResponse>;
export const ZReplyToSupportCaseResponse = ZSupportCase;
export type TReplyToSupportCaseResponse = z.infer<typeof ZReplyToSupportCaseResponse>;
export const ZChangeSupportCaseStatusResponse = ZSupportCase;
export type TChangeSupportCaseStatusResponse = z.infer<typeof ZChangeSupportCaseStatusResponse>;
export const ZListAllSupportCasesResponse = ZListSupportCasesResponse;
export type TListAllSupportCasesResponse = z.infer<typeof ZListAllSupportCasesResponse>;
export const ZGetAnySupportCaseResponse = ZSupportCase;
export type TGetAnySupportCaseResponse = z.infer<typeof ZGetAnySupportCaseResponse>;
export const ZAnswerSupportCaseRequest = ZReplyToSupportCaseRequest;
export type TAnswerSupportCaseRequest = z.infer<typeof ZAnswerSupportCaseRequest>;
export const ZAnswerSupportCaseResponse = ZSupportCase;
export type TAnswerSupportCaseResponse = z.infer<typeof ZAnswerSupportCaseResponse>;
export const ZMoveSupportCaseRequest = ZChangeSupportCaseStatusRequest;
export type TMoveSupportCaseRequest = z.infer<typeof ZMoveSupportCaseRequest>;
export const ZMoveSupportCaseResponse = ZSupportCase;
export type TMoveSupportCaseResponse = z.infer<typeof ZMoveSupportCaseResponse>;
