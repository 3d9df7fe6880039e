import { z } from 'zod';
import {
  ALERT_KINDS,
  ALERT_STATUSES,
  DEADLINE_OUTCOMES,
  EXPECTED_DELIVERY_DAYS,
  THRESHOLD_MEASURES,
  type AlertKind,
} from './events.ts';
import { TRACKING_STATUSES, type PermissionPrefix } from '../vocabularies.ts';
import { text, optionalText } from './fields.ts';
import { ZDateValue, ZEnumList, ZPage, ZPageSize } from './list-query.ts';

/*
 * Expected deliveries ("a file matching INV_*.xml by 06:00 Europe/Oslo on business days") and the
 * alert page of an account (issue 22). docs/alerts.md describes the rules.
 */

/** The service an alert's kind belongs to: only users holding it on the account see the alert. */
export const ALERT_KIND_SERVICE: Record<AlertKind, Extract<PermissionPrefix, 'STT' | 'ETS'>> = {
  missingFile: 'STT',
  documentsRejected: 'STT',
  documentsNotDelivered: 'STT',
  ediMessageFailed: 'ETS',
  // A report is made of track and trace data; the reports page needs STT.
  reportFailed: 'STT',
};

/* ------------------------------------------------------------------ expected deliveries */

export const MAX_FILENAME_PATTERN_LENGTH = 200;
export const MAX_EXPECTED_DELIVERY_NAME_LENGTH = 100;
/** A minimum document count above this is a typo, not a file. */
export const MAX_MIN_DOCUMENTS = 10_000_000;
/** How many past deadlines a rule shows. */
export const SHOWN_DEADLINES = 10;

// C0 and C1 control characters (tab, newline, escape…): no file name carries them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A file name pattern: `*` any characters, `?` one character; the whole name, case-insensitive. */
export const ZFilenamePattern = text()
  .min(1)
  .max(MAX_FILENAME_PATTERN_LENGTH)
  .refine((value) => !CONTROL_CHARACTERS.test(value), {
    error: 'This field contains characters that are not allowed.',
    params: { code: 'invalidCharacters' },
  })
  .refine((value) => value.trim() !== '', {
    error: 'This field cannot be empty.',
    params: { code: 'required' },
  })
  .describe('File name pattern: * any characters, ? one character; whole name, case-insensitive');

/** The IANA time zones the runtime knows (plus UTC, which the list leaves out). */
export function isKnownTimeZone(value: string): boolean {
  return value === 'UTC' || Intl.supportedValuesOf('timeZone').includes(value);
}

export const ZIanaTimeZone = text()
  .max(64)
  .refine(isKnownTimeZone, { error: 'Unknown time zone.', params: { code: 'invalidValue' } })
  .describe('IANA time zone, e.g. Europe/Oslo');

/** A wall-clock time of day, `HH:MM` (24 hours). */
export const ZDeadlineTime = text()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time format HH:mm.' })
  .describe('Wall-clock deadline HH:MM in the time zone');

const expectedDeliveryFields = {
  name: text().trim().min(1).max(MAX_EXPECTED_DELIVERY_NAME_LENGTH),
  filenamePattern: ZFilenamePattern,
  application: optionalText(100).describe('The producing application the file must come from; null: any'),
  deadline: ZDeadlineTime,
  timeZone: ZIanaTimeZone.optional().describe("Default: the account market's time zone"),
  days: z.enum(EXPECTED_DELIVERY_DAYS).default('businessDays'),
  minDocuments: z
    .number()
    .int()
    .min(1)
    .max(MAX_MIN_DOCUMENTS)
    .nullish()
    .transform((value) => value ?? null)
    .describe('The matching file must hold at least this many documents; null: any'),
  enabled: z.boolean().default(true),
};

export const ZCreateExpectedDeliveryRequest = z.object(expectedDeliveryFields).strict();
export type TCreateExpectedDeliveryRequest = z.input<typeof ZCreateExpectedDeliveryRequest>;

export const ZUpdateExpectedDeliveryRequest = ZCreateExpectedDeliveryRequest;
export type TUpdateExpectedDeliveryRequest = z.input<typeof ZUpdateExpectedDeliveryRequest>;

export const ZExpectedDeliveryIdParam = z.object({ id: z.string().uuid() });

/** One past deadline of a rule and how it went. */
export const ZDeadlineResult = z
  .object({
    deadlineAt: z.string().describe('ISO 8601 time'),
    outcome: z.enum(DEADLINE_OUTCOMES),
    lateMinutes: z.number().int().nullable(),
    fileId: z.number().int().nullable().describe('The matching file, once one arrived'),
    arrivedAt: z.string().nullable(),
  })
  .meta({ id: 'DeadlineResult' });
export type TDeadlineResult = z.infer<typeof ZDeadlineResult>;

export const ZExpectedDelivery = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    filenamePattern: z.string(),
    application: z.string().nullable(),
    deadline: z.string(),
    timeZone: z.string(),
    days: z.enum(EXPECTED_DELIVERY_DAYS),
    minDocuments: z.number().int().nullable(),
    enabled: z.boolean(),
    nextDeadlineAt: z.string().describe('ISO 8601 time of the next deadline that is checked'),
    lastDeadlines: z.array(ZDeadlineResult).describe(`The last ${SHOWN_DEADLINES}, newest first`),
    created: z.string(),
    modified: z.string(),
  })
  .meta({ id: 'ExpectedDelivery' });
export type TExpectedDelivery = z.infer<typeof ZExpectedDelivery>;

export const ZListExpectedDeliveriesResponse = z.object({
  rules: z.array(ZExpectedDelivery),
  applications: z
    .array(z.string())
    .describe("The applications the account's files came from in the last month, to choose from"),
  defaultTimeZone: z.string().describe("The account market's time zone"),
});
export type TListExpectedDeliveriesResponse = z.infer<typeof ZListExpectedDeliveriesResponse>;

export const ZGetExpectedDeliveryResponse = ZExpectedDelivery;
export type TGetExpectedDeliveryResponse = z.infer<typeof ZGetExpectedDeliveryResponse>;
export const ZCreateExpectedDeliveryResponse = ZExpectedDelivery;
export type TCreateExpectedDeliveryResponse = z.infer<typeof ZCreateExpectedDeliveryResponse>;
export const ZUpdateExpectedDeliveryResponse = ZExpectedDelivery;
export type TUpdateExpectedDeliveryResponse = z.infer<typeof ZUpdateExpectedDeliveryResponse>;

/* ------------------------------------------------------------------ alerts */

/**
 * What a missing-file alert carries (`details`): enough to word it and to link to the tracking list
 * around the deadline.
 */
export const ZMissingFileDetails = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  filenamePattern: z.string(),
  application: z.string().nullable(),
  deadline: z.string().describe('HH:MM'),
  deadlineAt: z.string().describe('ISO 8601 time'),
  /** Files that arrived after this (the previous deadline) and by the deadline counted. */
  windowStartAt: z.string(),
  timeZone: z.string(),
  minDocuments: z.number().int().nullable(),
});
export type TMissingFileDetails = z.infer<typeof ZMissingFileDetails>;

/**
 * What the threshold alerts carry (docs/alerts.md, "Threshold alerts"): the rule, its channel
 * (null: every channel), the window counted, the allowed and the measured value (a share in
 * percent or a count), the documents behind it, and the tracking statuses counted (for the link
 * to the filtered list). The evaluation writes exactly this; the alert page and e-mails read it.
 */
export const ZThresholdDetails = z.object({
  ruleId: z.string(),
  channel: z.string().nullable(),
  measure: z.enum(THRESHOLD_MEASURES),
  threshold: z.number(),
  windowMinutes: z.number().int(),
  minDocuments: z.number().int(),
  measured: z.number(),
  matching: z.number().int(),
  total: z.number().int(),
  statuses: z.array(z.enum(TRACKING_STATUSES)),
  from: z.string().describe('ISO 8601 time'),
  to: z.string().describe('ISO 8601 time'),
});
export type TThresholdDetails = z.infer<typeof ZThresholdDetails>;

/** What an EDI alert carries, as far as the alert page reads it: the message it is about. */
export const ZEdiMessageFailedDetails = z.object({
  messageId: z.string().optional(),
  consignmentId: z.string().optional(),
  status: z.string().optional(),
});

/** What a failed report's alert carries, as far as the alert page reads it. */
export const ZReportFailedDetails = z.object({ reportId: z.string().optional() });

/** Why an alert was resolved, as far as the alert page words it. */
export const ZAlertResolution = z.object({
  reason: z.string().optional(),
  lateMinutes: z.number().optional(),
  fileId: z.number().optional(),
  nextDeadlineAt: z.string().optional(),
});

export const ZAlert = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(ALERT_KINDS),
    status: z.enum(ALERT_STATUSES),
    details: z.record(z.string(), z.unknown()),
    raisedAt: z.string(),
    resolvedAt: z.string().nullable(),
    resolution: z.record(z.string(), z.unknown()).nullable(),
    acknowledgement: z
      .object({
        at: z.string(),
        byName: z.string().nullable().describe('null: the user no longer exists'),
        comment: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Alert' });
export type TAlert = z.infer<typeof ZAlert>;

export const ZListAlertsRequest = z.object({
  status: z.enum(ALERT_STATUSES).optional(),
  kind: ZEnumList(ALERT_KINDS).optional(),
  fromDate: ZDateValue.optional().describe('Raised on or after this day (UTC)'),
  toDate: ZDateValue.optional().describe('Raised on or before this day (UTC)'),
  page: ZPage,
  pageSize: ZPageSize,
});
export type TListAlertsRequest = z.infer<typeof ZListAlertsRequest>;

export const ZListAlertsResponse = z.object({
  totalCount: z.number().int(),
  result: z.array(ZAlert),
});
export type TListAlertsResponse = z.infer<typeof ZListAlertsResponse>;

export const ZCountOpenAlertsResponse = z.object({ open: z.number().int() });
export type TCountOpenAlertsResponse = z.infer<typeof ZCountOpenAlertsResponse>;

export const MAX_ACKNOWLEDGEMENT_LENGTH = 1000;

export const ZAcknowledgeAlertRequest = z
  .object({ comment: text().trim().min(1).max(MAX_ACKNOWLEDGEMENT_LENGTH) })
  .strict();
export type TAcknowledgeAlertRequest = z.input<typeof ZAcknowledgeAlertRequest>;
export const ZAcknowledgeAlertResponse = ZAlert;
export type TAcknowledgeAlertResponse = z.infer<typeof ZAcknowledgeAlertResponse>;

export const ZAlertIdParam = z.object({ id: z.string().uuid() });
