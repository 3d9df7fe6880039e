import { z } from 'zod';
import {
  EDI_STATUSES,
  REPORT_FORMATS,
  REPORT_LEVELS,
  TRACKING_STATUSES,
  type PermissionPrefix,
} from '../vocabularies.ts';

/**
 * The vocabulary of what the Hub tells customers on its own (issue 22): the events of an account
 * that webhooks carry, the alerts the Hub raises, where each user wants alerts, and what a
 * customer's API key may read. Defined once; the database checks, the API and the web app use it.
 */

/** An event of an account, as a webhook payload names it (`type`). Versioned by the payload, not the name. */
export const HUB_EVENT_TYPES = [
  'document.status_changed',
  'document.delivered',
  'document.rejected',
  'file.arrived',
  'edi_message.status_changed',
  'alert.raised',
  'alert.resolved',
  'report.ready',
] as const;
export type HubEventType = (typeof HUB_EVENT_TYPES)[number];

/**
 * The services whose data each event type tells of: subscribing needs one of them on the account
 * (as reading it in the web app would). Alerts are about either service.
 */
export const HUB_EVENT_SERVICES: Record<HubEventType, readonly PermissionPrefix[]> = {
  'document.status_changed': ['STT'],
  'document.delivered': ['STT'],
  'document.rejected': ['STT'],
  'file.arrived': ['STT'],
  'edi_message.status_changed': ['ETS'],
  'alert.raised': ['STT', 'ETS'],
  'alert.resolved': ['STT', 'ETS'],
  'report.ready': ['STT'],
};

/** The event a "send test event" button sends; never subscribed to, never fanned out. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;

/** What raised an alert. */
export const ALERT_KINDS = [
  /** An expected delivery's deadline passed without a matching file. */
  'missingFile',
  /** Rejected documents over a share or count within a window. */
  'documentsRejected',
  /** Documents not delivered over a share or count within a window. */
  'documentsNotDelivered',
  /** EDI messages in ERROR or NOT_EXISTS. */
  'ediMessageFailed',
  /** A report that failed. */
  'reportFailed',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds a threshold rule may watch (the rest are raised by their own checks). */
export const THRESHOLD_ALERT_KINDS = ['documentsRejected', 'documentsNotDelivered'] as const;
export type ThresholdAlertKind = (typeof THRESHOLD_ALERT_KINDS)[number];

/** A threshold is a share of the window's documents (percent) or a count. */
export const THRESHOLD_MEASURES = ['share', 'count'] as const;
export type ThresholdMeasure = (typeof THRESHOLD_MEASURES)[number];

export const ALERT_STATUSES = ['open', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Which days an expected delivery is due. */
export const EXPECTED_DELIVERY_DAYS = ['businessDays', 'everyDay'] as const;
export type ExpectedDeliveryDays = (typeof EXPECTED_DELIVERY_DAYS)[number];

/** How one deadline of an expected delivery went. */
export const DEADLINE_OUTCOMES = ['onTime', 'late', 'missing'] as const;
export type DeadlineOutcome = (typeof DEADLINE_OUTCOMES)[number];

/** How a user hears of an account's alerts by e-mail. */
export const ALERT_EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type AlertEmailMode = (typeof ALERT_EMAIL_MODES)[number];

/** What a customer's API key may read: track and trace, EDI tracking, or both. */
export const API_KEY_SCOPES = ['tracking:read', 'ediTracking:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** One delivery of an event to a webhook endpoint, as its log shows it. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failing', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Why an attempt was made. */
export const WEBHOOK_ATTEMPT_TRIGGERS = ['event', 'retry', 'replay', 'test'] as const;
export type WebhookAttemptTrigger = (typeof WEBHOOK_ATTEMPT_TRIGGERS)[number];

/*
 * The `data` of each event type, version 1. Webhook payloads wrap it in the envelope
 * (`ZHubEventEnvelope`); docs/webhooks.md and the OpenAPI document's `webhooks` section show both.
 * A field is only ever added to a version; anything else makes a new version.
 */
export const ZDocumentStatusChangedData = z.object({
  documentId: z.number().int(),
  externalDocumentId: z.string(),
  fileId: z.number().int(),
  status: z.enum(TRACKING_STATUSES),
  previousStatus: z.enum(TRACKING_STATUSES),
  channels: z.array(z.string()),
});
export const ZDocumentDeliveryData = z.object({
  documentId: z.number().int(),
  externalDocumentId: z.string(),
  fileId: z.number().int(),
  channel: z.string(),
  deliveryDocumentId: z.string(),
  rejectionReason: z.string().nullable(),
});
export const ZFileArrivedData = z.object({
  fileId: z.number().int(),
  fileRef: z.string(),
  filename: z.string(),
  application: z.string().nullable(),
  arrivedAt: z.string().describe('ISO 8601 time'),
});
export const ZEdiMessageStatusChangedData = z.object({
  messageRowId: z.number().int(),
  messageId: z.string(),
  consignmentId: z.string(),
  status: z.enum(EDI_STATUSES),
  previousStatus: z.enum(EDI_STATUSES),
  reason: z.string().nullable(),
});
export const ZAlertEventData = z.object({
  alertId: z.string(),
  kind: z.enum(ALERT_KINDS),
  status: z.enum(ALERT_STATUSES),
  raisedAt: z.string().describe('ISO 8601 time'),
  resolvedAt: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  resolution: z.record(z.string(), z.unknown()).nullable(),
});
export const ZReportReadyData = z.object({
  reportId: z.string(),
  level: z.enum(REPORT_LEVELS),
  format: z.enum(REPORT_FORMATS),
  from: z.string().describe('ISO 8601 date'),
  to: z.string().describe('ISO 8601 date'),
  rows: z.number().int(),
  /** Null for a report someone ordered; the schedule's id for a scheduled one. */
  scheduleId: z.string().nullable(),
});

/** Each event type's `data`, for writing events and for the OpenAPI document. */
export const HUB_EVENT_DATA = {
  'document.status_changed': ZDocumentStatusChangedData,
  'document.delivered': ZDocumentDeliveryData,
  'document.rejected': ZDocumentDeliveryData,
  'file.arrived': ZFileArrivedData,
  'edi_message.status_changed': ZEdiMessageStatusChangedData,
  'alert.raised': ZAlertEventData,
  'alert.resolved': ZAlertEventData,
  'report.ready': ZReportReadyData,
} as const satisfies Record<HubEventType, z.ZodType>;
export type HubEventData<T extends HubEventType> = z.infer<(typeof HUB_EVENT_DATA)[T]>;
