/**
 * The spec's vocabularies (sections 3, 4, 6 and 9), defined once for the API, the database
 * check constraints, the seed data and the web app.
 */

export const MARKETS = ['DK', 'FI', 'NO', 'SE'] as const;
export type Market = (typeof MARKETS)[number];

/** Languages of the UI; the first is the default and the fallback for anything unsupported. */
export const LANGUAGES = ['en-SE', 'sv', 'no', 'da', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-SE';

/**
 * Roles as stored for a user. CustomerAdministrator and ProviderAdministrator are the server's
 * names; the signed-in user also carries ADMIN for either of them (see `effectiveRoles`).
 */
export const STORED_ROLES = [
  'CustomerUser',
  'CustomerAdministrator',
  'ProviderAdministrator',
  'SF_ADMIN',
] as const;
export type StoredRole = (typeof STORED_ROLES)[number];
export const ROLES = [...STORED_ROLES, 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export function effectiveRoles(stored: readonly StoredRole[]): Role[] {
  const roles: Role[] = [...stored];
  if (stored.includes('CustomerAdministrator') || stored.includes('ProviderAdministrator'))
    roles.push('ADMIN');
  return roles;
}

/** Service permission prefixes; a route requirement is met by any permission with that prefix. */
export const PERMISSION_PREFIXES = [
  'STT',
  'WOD',
  'AI',
  'IBF',
  'EA',
  'ETS',
  'SUP',
  'LIT',
  'JIR',
  'EC',
] as const;
export type PermissionPrefix = (typeof PERMISSION_PREFIXES)[number];

/** Prefixes never granted together with customer access (spec 5 and 9). */
export const EXCLUDED_GRANT_PREFIXES: readonly PermissionPrefix[] = ['AI', 'WOD', 'EA', 'IBF'];

/** Services whose screens live elsewhere; their routes open the address the environment supplies. */
export const EXTERNAL_SERVICES = ['WOD', 'AI', 'IBF', 'EA', 'LIT', 'JIR'] as const;
export type ExternalService = (typeof EXTERNAL_SERVICES)[number];

export const MAX_ACCOUNTS_PER_USER = 10;

export const TRACKING_STATUSES = [
  'Delivered',
  'DeliveredWithRejections',
  'NotDelivered',
  'PartiallyDelivered',
  'PartiallyDeliveredWithRejections',
  'Rejected',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const EDI_STATUSES = ['DELIVERED', 'ERROR', 'NOT_EXISTS', 'RECEIVED'] as const;
export type EdiStatus = (typeof EDI_STATUSES)[number];

export const EDI_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export type EdiDirection = (typeof EDI_DIRECTIONS)[number];

export const MESSAGE_CATEGORIES = [
  'customs',
  'dispatchAdvice',
  'invoice',
  'logistics',
  'order',
  'orderResponse',
  'other',
  'priceCatalogue',
] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export const SUPPORT_CASE_STATUSES = [
  'needsAttention',
  'onHold',
  'ongoing',
  'readyForClosure',
  'resolved',
  'waitingForDetails',
] as const;
export type SupportCaseStatus = (typeof SUPPORT_CASE_STATUSES)[number];

/** Delivery and processing steps (spec 4), in the order a file passes through them. */
export const PROCESSING_STEPS = [
  'registered',
  'registeredInFile',
  'received',
  'processing',
  'started',
  'working',
  'waiting',
  'finished',
  'printFileCreated',
  'productionFileCreated',
  'printingStarted',
  'printing',
  'printingPaused',
  'printingMaterialDeviation',
  'printingFinished',
  'envelopingStarted',
  'enveloping',
  'envelopingPaused',
  'envelopingMaterialDeviation',
  'envelopingFinished',
  'postProcessingStarted',
  'postProcessingFinished',
  'reprints',
  'reprintsFinished',
  'delivered',
  'deliveredWithRejections',
  'partiallyDelivered',
  'partiallyDeliveredWithRejections',
  'rejected',
  'verified',
  'verifiedDelivered',
  'opened',
  'paymentOpened',
  'approvedForPayment',
  'paid',
  'canceled',
  'deleted',
  'error',
  'fileEmpty',
  'validationFailed',
  'deviations',
  'unassignedDocuments',
  'test',
] as const;
export type ProcessingStep = (typeof PROCESSING_STEPS)[number];

/** Delivery channels with their stable numeric ids (ids 0, 7 and 9 share one tooltip). */
export const DELIVERY_CHANNELS = [
  { id: 0, key: 'email' },
  { id: 1, key: 'sms' },
  { id: 2, key: 'print' },
  { id: 3, key: 'eBoks' },
  { id: 4, key: 'digipost' },
  { id: 5, key: 'kivra' },
  { id: 6, key: 'minaMeddelanden' },
  { id: 7, key: 'vipps' },
  { id: 8, key: 'internetBankEInvoice' },
  { id: 9, key: 'b2bInvoiceNetwork' },
  { id: 10, key: 'eArchive' },
  { id: 11, key: 'custom' },
] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]['key'];
export const DELIVERY_CHANNEL_KEYS = DELIVERY_CHANNELS.map((c) => c.key) as [
  DeliveryChannel,
  ...DeliveryChannel[],
];

/** Operators of a text filter (spec 4); every comparison ignores letter case. */
export const TEXT_FILTER_OPERATORS = ['contains', 'startsWith', 'endsWith', 'exact', 'notContains'] as const;
export type TextFilterOperator = (typeof TEXT_FILTER_OPERATORS)[number];

/** Operators of a date filter (spec 4): is, is before, is between, is from, between times, not. */
export const DATE_FILTER_OPERATORS = ['is', 'before', 'between', 'from', 'betweenTimes', 'not'] as const;
export type DateFilterOperator = (typeof DATE_FILTER_OPERATORS)[number];

/** Lists whose filter sets can be saved as views and whose columns users choose. */
export const SAVED_VIEW_LISTS = [
  'tracking.files',
  'tracking.documents',
  'ediTracking.consignments',
  'ediTracking.messages',
  'ediTracking.documents',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
/** The service permission a list needs. */
export const SAVED_VIEW_LIST_SERVICE: Record<SavedViewList, PermissionPrefix> = {
  'tracking.files': 'STT',
  'tracking.documents': 'STT',
  'ediTracking.consignments': 'ETS',
  'ediTracking.messages': 'ETS',
  'ediTracking.documents': 'ETS',
};

/** Status of one delivery document in one channel. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'rejected', 'notDelivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MFA_TYPES = ['app', 'email'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

export const REPORT_LEVELS = ['document', 'file'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
/** queued → generating → ready (→ expired after the retention) or failed; see docs/reports.md. */
export const REPORT_STATUSES = ['queued', 'generating', 'ready', 'failed', 'expired'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** CSV (the spec's type) and, beyond it, Excel workbooks. */
export const REPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Why a report failed; the web app words each in the user's language. */
export const REPORT_FAILURES = ['tooLarge', 'generationFailed'] as const;
export type ReportFailure = (typeof REPORT_FAILURES)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_MAX_RECORDS = 1_000_000;
export const REPORT_RETENTION_DAYS = 90;
/** Longest time frame of one report (the spec leaves the number open). */
export const REPORT_MAX_RANGE_DAYS = 366;

/** EDI connect orders: submitted → inProgress → testing → live, or rejected (docs/edi-connect.md). */
export const DEPLOYMENT_REQUEST_STATUSES = [
  'submitted',
  'inProgress',
  'testing',
  'live',
  'rejected',
] as const;
export type DeploymentRequestStatus = (typeof DEPLOYMENT_REQUEST_STATUSES)[number];

export const TOAST_AUTO_HIDE_MS = 3000;
export const MOBILE_SIDEBAR_BREAKPOINT_PX = 480;

/*
 * Defaults of the lists and the dashboard. They live here, beside the vocabularies and away from
 * the zod schemas, so a page that only links to a list does not load zod with it.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** The tracking overview (dashboard) looks this many days back; these statuses need attention. */
export const OVERVIEW_DEFAULT_DAYS = 30;
export const ATTENTION_STATUSES = [
  'Rejected',
  'NotDelivered',
  'PartiallyDelivered',
  'PartiallyDeliveredWithRejections',
] as const satisfies readonly (typeof TRACKING_STATUSES)[number][];
/** The overview's newest files and documents needing attention: this many of each. */
export const OVERVIEW_ATTENTION_ROWS = 5;

/** The statuses the default view and the dashboard lead with: what failed. */
export const EDI_PROBLEM_STATUSES = [
  'ERROR',
  'NOT_EXISTS',
] as const satisfies readonly (typeof EDI_STATUSES)[number][];
/** The default view looks this many days back. */
export const EDI_DEFAULT_DAYS = 7;

/** Items a support case can be about, each opened on its own page (issue 25). */
export const SUPPORT_ITEM_KINDS = [
  'trackingDocument',
  'trackingFile',
  'ediConsignment',
  'ediMessage',
  'ediDocument',
] as const;
export type SupportItemKind = (typeof SUPPORT_ITEM_KINDS)[number];
/** At most this many items in one support case. */
export const SUPPORT_CASE_MAX_ITEMS = 25;

/** What the header search finds, in the order its groups are shown. */
export const SEARCH_RESULT_KINDS = [
  ...SUPPORT_ITEM_KINDS,
  'supportCase',
  'report',
  'customer',
  'user',
] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];
/** Results per kind in one answer, recent searches and recently opened items kept per user. */
export const SEARCH_RESULTS_PER_KIND = 5;
export const SEARCH_RECENT_KEPT = 8;
