import { z } from 'zod';
import { HUB_EVENT_TYPES, hubEventEnvelopeOf, ZWebhookTestEnvelope } from '@service-hub/contracts';

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header' as const,
    required: true,
    description:
      'The delivery’s id (`msg_…`): the same on every retry and replay, so receivers can drop repeats',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header' as const,
    required: true,
    description: 'When this attempt was sent, in seconds since 1970 (signed; reject old ones)',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header' as const,
    required: true,
    description:
      'Standard Webhooks signatures (`v1,<base64 HMAC-SHA256>`), space-separated: two during a secret rotation',
    schema: { type: 'string' },
  },
];

/** JSON Schema of a payload, without `$schema` (the document's dialect applies). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' });
  return rest;
}

const operation = (type: string, schema: z.ZodType) => ({
  post: {
    operationId: `webhook:${type}`,
    summary: `${type} (payload version 1)`,
    description:
      'Sent to the account’s endpoints that subscribed to this type, signed by the Standard Webhooks ' +
      'specification (docs/webhooks.md). Answer 2xx within 10 seconds; anything else is retried with ' +
      'back-off for 24 hours.',
    tags: ['webhooks'],
    // The receiver asks the Hub for no credential of an OpenAPI security scheme: it checks the
    // signature headers below. Empty, like the public operations, so the description's lint (and
    // openapi-typescript, which runs it) sees security stated on every operation.
    security: [],
    parameters: SIGNATURE_HEADERS,
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(schema) } } },
    responses: { '2XX': { description: 'Received; any other answer or none is retried' } },
  },
});

/** The OpenAPI 3.1 `webhooks` section: one entry per event type, its payload from the contracts. */
export function webhooksSection() {
  return Object.fromEntries([
    ...HUB_EVENT_TYPES.map((type) => [type, operation(type, hubEventEnvelopeOf(type))]),
    ['webhook.test', operation('webhook.test', ZWebhookTestEnvelope)],
  ]);
}
