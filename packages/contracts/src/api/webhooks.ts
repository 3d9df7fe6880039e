import { z } from 'zod';
import { PAGE_SIZES } from '../vocabularies.ts';
import {
  HUB_EVENT_DATA,
  HUB_EVENT_TYPES,
  WEBHOOK_ATTEMPT_TRIGGERS,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_TEST_EVENT,
  type HubEventType,
} from './events.ts';
import { text } from './fields.ts';
import { ZPage, ZPageSize } from './list-query.ts';

/*
 * Webhooks of a customer account (issue 22): its endpoints, their signing secrets (shown once) and
 * the delivery log with every attempt. docs/webhooks.md describes the payloads and the signatures.
 */

export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
/** A rotation's overlap, in hours: the old secret keeps signing this long (0: it stops at once). */
export const MAX_WEBHOOK_OVERLAP_HOURS = 7 * 24;
export const DEFAULT_WEBHOOK_OVERLAP_HOURS = 24;
/** Deliveries one "replay failed" call sends again at most; the answer says when more matched. */
export const MAX_WEBHOOK_REPLAY = 1000;
/** How long the log keeps deliveries, their attempts and the events (days). */
export const WEBHOOK_RETENTION_DAYS = 30;

/** Why the Hub refuses an address (the web app words each; docs/webhooks.md lists them). */
export const WEBHOOK_URL_PROBLEMS = [
  /** Not https (http only to loopback where the installation allows it). */
  'notHttps',
  /** A user name or password, or a fragment, in the address. */
  'notAllowedParts',
  /** The host names no address (DNS). */
  'unresolvable',
  /** The host is, or resolves to, a loopback, private, link-local, metadata… address. */
  'blockedAddress',
] as const;
export type WebhookUrlProblem = (typeof WEBHOOK_URL_PROBLEMS)[number];

/** What went wrong in an attempt without an answer, as the log shows it. */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'timeout',
  'refused',
  'unresolvable',
  'blockedAddress',
  'tls',
  'connection',
  'redirect',
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

const LOOPBACK_HOST = /^(127(\.\d{1,3}){3}|\[::1\]|localhost)$/i;

/**
 * An endpoint's address: an absolute https URL without credentials or fragment. Plain http is let
 * through only to a loopback host, which the server refuses unless WEBHOOKS_ALLOW_LOOPBACK is set
 * (tests and the bench).
 */
export const ZWebhookUrl = text()
  .trim()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .refine((value) => URL.canParse(value), {
    error: 'Enter a full https:// address.',
    params: { code: 'invalidFormat' },
  })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
    },
    { error: 'The address must start with https://.', params: { code: 'invalidValue', reason: 'notHttps' } },
  )
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.username === '' && url.password === '' && url.hash === '';
    },
    {
      error: 'Leave user name, password and # out of the address.',
      params: { code: 'invalidValue', reason: 'notAllowedParts' },
    },
  )
  .describe('An https address that receives the events; checked against private addresses (SSRF)');

export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event type.';

export const ZWebhookEventTypes = z
  .array(z.enum(HUB_EVENT_TYPES))
  .min(1, { error: WEBHOOK_EVENTS_REQUIRED })
  .max(HUB_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, {
    error: 'Name each event type once.',
    params: { code: 'invalidValue' },
  })
  .describe('The event types the endpoint receives');

export const ZWebhookEndpointIdParam = z.object({ endpointId: z.uuid({ error: 'Invalid endpoint id' }) });
export const ZWebhookDeliveryIdParam = z.object({
  deliveryId: text().regex(/^msg_[0-9a-f]{32}$/, { error: 'Invalid delivery id' }),
});

/** An endpoint as its administrators see it; the secret itself only in the answers that create one. */
export const ZWebhookEndpoint = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(HUB_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.enum(['manual', 'failing']).nullable(),
    disabledAt: z.string().nullable(),
    failingSince: z.string().nullable().describe('The first failed delivery since the last success'),
    /** Until when the previous secret still signs after a rotation; null without an overlap. */
    previousSecretExpiresAt: z.string().nullable(),
    created: z.string(),
    modified: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZListWebhookEndpointsResponse = z.array(ZWebhookEndpoint);
export type TListWebhookEndpointsResponse = z.infer<typeof ZListWebhookEndpointsResponse>;
export const ZGetWebhookEndpointResponse = ZWebhookEndpoint;
export type TGetWebhookEndpointResponse = z.infer<typeof ZGetWebhookEndpointResponse>;

export const ZCreateWebhookEndpointRequest = z
  .object({
    url: ZWebhookUrl,
    description: text().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).default(''),
    eventTypes: ZWebhookEventTypes,
  })
  .strict();
export type TCreateWebhookEndpointRequest = z.input<typeof ZCreateWebhookEndpointRequest>;

/** The secret is here and nowhere else: the Hub never shows it again. */
export const ZCreateWebhookEndpointResponse = z
  .object({
    endpoint: ZWebhookEndpoint,
    secret: z.string().describe('The signing secret (whsec_…), shown this once'),
  })
  .meta({ id: 'CreateWebhookEndpointResponse' });
export type TCreateWebhookEndpointResponse = z.infer<typeof ZCreateWebhookEndpointResponse>;

export const ZUpdateWebhookEndpointRequest = z
  .object({
    url: ZWebhookUrl.optional(),
    description: text().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).optional(),
    eventTypes: ZWebhookEventTypes.optional(),
    enabled: z.boolean().optional().describe('false stops deliveries; true starts them again'),
  })
  .strict();
export type TUpdateWebhookEndpointRequest = z.input<typeof ZUpdateWebhookEndpointRequest>;
export const ZUpdateWebhookEndpointResponse = ZWebhookEndpoint;
export type TUpdateWebhookEndpointResponse = z.infer<typeof ZUpdateWebhookEndpointResponse>;

export const ZRotateWebhookSecretRequest = z
  .object({
    overlapHours: z
      .number()
      .int()
      .min(0)
      .max(MAX_WEBHOOK_OVERLAP_HOURS)
      .default(DEFAULT_WEBHOOK_OVERLAP_HOURS)
      .describe('How long the old secret keeps signing beside the new one (hours, 0 to 168)'),
  })
  .strict();
export type TRotateWebhookSecretRequest = z.input<typeof ZRotateWebhookSecretRequest>;

export const ZRotateWebhookSecretResponse = z
  .object({
    endpoint: ZWebhookEndpoint,
    secret: z.string().describe('The new signing secret (whsec_…), shown this once'),
  })
  .meta({ id: 'RotateWebhookSecretResponse' });
export type TRotateWebhookSecretResponse = z.infer<typeof ZRotateWebhookSecretResponse>;

/** One attempt to deliver, as the log shows it. */
export const ZWebhookAttempt = z
  .object({
    at: z.string(),
    trigger: z.enum(WEBHOOK_ATTEMPT_TRIGGERS),
    httpStatus: z.number().int().nullable(),
    latencyMs: z.number().int(),
    responseExcerpt: z.string().nullable().describe('The first kilobyte of the answer'),
    error: z.enum(WEBHOOK_ATTEMPT_ERRORS).nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDeliveryEventType = z.enum([...HUB_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
export type WebhookDeliveryEventType = z.infer<typeof ZWebhookDeliveryEventType>;

/** One event for one endpoint: its `webhook-id`, state and attempts (newest last). */
export const ZWebhookDelivery = z
  .object({
    id: z.string().describe('The `webhook-id` header, the same on every attempt and replay'),
    endpointId: z.uuid(),
    endpointUrl: z.string(),
    eventType: ZWebhookDeliveryEventType,
    sequence: z.number().int().nullable().describe("The event's sequence; null for a test event"),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    nextAttemptAt: z.string().nullable(),
    created: z.string(),
    attempts: z.array(ZWebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

const ISO_INSTANT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A moment in ISO 8601 with its offset (2026-11-26T08:00:00Z), from 1970 on; answered as UTC. */
const ZInstant = text()
  .max(40)
  .refine(
    (value) => {
      const year = Number(ISO_INSTANT.exec(value)?.[1] ?? 0);
      return year >= 1970 && year <= 9000 && !Number.isNaN(Date.parse(value));
    },
    { error: 'Date and time format ISO 8601 (2026-11-26T08:00:00Z).', params: { code: 'invalidFormat' } },
  )
  .transform((value) => new Date(value).toISOString());

export const ZListWebhookDeliveriesRequest = z
  .object({
    endpointId: z.uuid({ error: 'Invalid endpoint id' }).optional(),
    eventType: ZWebhookDeliveryEventType.optional(),
    state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
    from: ZInstant.optional().describe('Deliveries created at or after this time (ISO 8601)'),
    to: ZInstant.optional().describe('Deliveries created before this time (ISO 8601)'),
    page: ZPage,
    pageSize: ZPageSize,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    error: 'The end is before the start.',
    path: ['to'],
    params: { code: 'endBeforeStart' },
  });
export type TListWebhookDeliveriesRequest = z.infer<typeof ZListWebhookDeliveriesRequest>;

export const ZListWebhookDeliveriesResponse = z
  .object({
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.union(PAGE_SIZES.map((size) => z.literal(size))),
    result: z.array(ZWebhookDelivery),
  })
  .meta({ id: 'ListWebhookDeliveriesResponse' });
export type TListWebhookDeliveriesResponse = z.infer<typeof ZListWebhookDeliveriesResponse>;

export const ZReplayWebhookDeliveryResponse = ZWebhookDelivery;
export type TReplayWebhookDeliveryResponse = z.infer<typeof ZReplayWebhookDeliveryResponse>;
export const ZSendWebhookTestEventResponse = ZWebhookDelivery;
export type TSendWebhookTestEventResponse = z.infer<typeof ZSendWebhookTestEventResponse>;

export const ZReplayFailedWebhookDeliveriesRequest = z
  .object({
    from: ZInstant,
    to: ZInstant,
    endpointId: z.uuid({ error: 'Invalid endpoint id' }).optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), {
    error: 'The end is before the start.',
    path: ['to'],
    params: { code: 'endBeforeStart' },
  });
export type TReplayFailedWebhookDeliveriesRequest = z.input<typeof ZReplayFailedWebhookDeliveriesRequest>;

export const ZReplayFailedWebhookDeliveriesResponse = z
  .object({
    replayed: z.number().int().describe(`Deliveries sent again (at most ${MAX_WEBHOOK_REPLAY})`),
    remaining: z.number().int().describe('Failed or failing deliveries of the range left for another call'),
  })
  .meta({ id: 'ReplayFailedWebhookDeliveriesResponse' });
export type TReplayFailedWebhookDeliveriesResponse = z.infer<typeof ZReplayFailedWebhookDeliveriesResponse>;

/** The `data` of a test event. */
export const ZWebhookTestData = z.object({
  endpointId: z.uuid(),
  message: z.string(),
});

/** The payload of every delivery, version 1: the event's data in a fixed envelope. */
export function hubEventEnvelope<T extends z.ZodType>(type: z.ZodType<string>, data: T) {
  return z.object({
    type,
    timestamp: z.string().describe('When the event happened (ISO 8601)'),
    sequence: z
      .number()
      .int()
      .describe('Grows with every event of the Hub: order events of one document by it, not by arrival'),
    version: z.literal(1),
    account: z.object({ id: z.number().int(), customerNumber: z.string() }),
    data,
  });
}

/** An event type's payload, for the OpenAPI document's `webhooks` section. */
export const hubEventEnvelopeOf = (type: HubEventType) =>
  hubEventEnvelope(z.literal(type), HUB_EVENT_DATA[type]);
export const ZWebhookTestEnvelope = hubEventEnvelope(z.literal(WEBHOOK_TEST_EVENT), ZWebhookTestData);
