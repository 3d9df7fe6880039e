import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  ZApiError,
  ZListApiKeysResponse,
  ZCreateApiKeyRequest,
  ZCreateApiKeyResponse,
  ZIngestTrackingRequest,
  ZIngestTrackingResponse,
} from '@service-hub/contracts';
import { unauthenticated } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { listApiKeys } from './api-keys.repository.ts';
import { createApiKey, revokeKey } from './api-keys.service.ts';
import { ingestBatch } from './ingest.service.ts';

const PROVIDER_STAFF = { access: { roles: ['SF_ADMIN' as const] } };

/**
 * The ingestion API for production and print systems (machine credentials), and the API keys that
 * provider staff create for them.
 */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ingest/tracking',
    {
      config: { access: 'apiKey' },
      bodyLimit: 8 * 1024 * 1024,
      // The schema documents the records; they are checked one by one in the service, so that a
      // bad record is answered on its own instead of failing the batch.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        operationId: 'ingestTracking',
        tags: ['ingestion'],
        summary:
          'Files, documents, deliveries and status events, and EDI consignments, documents, messages and ' +
          'their status events, from a production system, in one batch',
        description:
          `Authenticate with \`${API_KEY_HEADER}\`. Each record is answered on its own: \`accepted\`, ` +
          '`duplicate` (its `eventId` was applied before; nothing changes, so resending is safe) or `rejected` ' +
          'with field errors; good records are kept. Accepted records are committed before the answer. ' +
          'Within a batch files and EDI consignments come first, then documents and messages, deliveries and ' +
          'status events. Events may arrive out of order: logs keep every event, and statuses follow the latest ' +
          'time. An EDI consignment names the sending customer as its sender or receiver.',
        body: ZIngestTrackingRequest,
        response: { 200: ZIngestTrackingResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      if (!request.machine) throw unauthenticated();
      return ingestBatch(app.db, request.machine, request.body);
    },
  );

  app.get(
    '/api/ingest/api-keys',
    {
      config: PROVIDER_STAFF,
      schema: {
        operationId: 'listApiKeys',
        tags: ['ingestion'],
        summary:
          'API keys of production systems, with their customers and last use (provider administrators)',
        response: { 200: ZListApiKeysResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async () => listApiKeys(app.db),
  );

  app.post(
    '/api/ingest/api-keys',
    {
      config: PROVIDER_STAFF,
      schema: {
        operationId: 'createApiKey',
        tags: ['ingestion'],
        summary: 'Creates an API key for the named customers; the key is shown in this answer only',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreateApiKeyResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(app.db, principalOf(request), request.body, request.id)),
  );

  app.delete(
    '/api/ingest/api-keys/:id',
    {
      config: PROVIDER_STAFF,
      schema: {
        operationId: 'revokeApiKey',
        tags: ['ingestion'],
        summary: 'Revokes an API key at once',
        params: z.object({ id: z.string().uuid() }),
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await revokeKey(app.db, principalOf(request), request.params.id, request.id);
      return reply.code(204).send();
    },
  );
};
