import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZGetHealthResponse,
  ZGetReadinessResponse,
  type TRuntimeConfig,
  ZGetRuntimeConfigResponse,
} from '@service-hub/contracts';

export type SystemRoutesOptions = { runtimeConfig: TRuntimeConfig };

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { runtimeConfig }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'The process is up',
        response: { 200: ZGetHealthResponse, 400: ZApiError },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'The database is reachable (503 otherwise)',
        response: { 200: ZGetReadinessResponse, 400: ZApiError, 503: ZGetReadinessResponse },
      },
    },
    async (request, reply) => {
      try {
        await app.db.$client.query('SELECT 1');
        return { status: 'ready' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );

  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getRuntimeConfig',
        tags: ['system'],
        summary: 'Runtime configuration of the web app',
        response: { 200: ZGetRuntimeConfigResponse, 400: ZApiError, 500: ZApiError },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return runtimeConfig;
    },
  );
};
