import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyTracingPlugin, isTracing } from './tracing-state.ts';
import { httpRequestDuration, UNMATCHED_ROUTE } from './metrics.ts';

/**
 * Who called, as far as a span may say: the kind of caller, never who (no id, name or address).
 * `api-key` is a production system with an ingestion key, `account-key` a customer's own system
 * reading its account with an account API key (docs/api-keys.md).
 */
export type CallerKind = 'user' | 'api-key' | 'account-key' | 'anonymous';

/**
 * Marks the request's span with the kind of caller; plugins/access.ts calls it once the caller is
 * authenticated. Requests nobody authenticated stay `anonymous`.
 */
export function markCaller(request: FastifyRequest, kind: CallerKind): void {
  if (isTracing()) request.opentelemetry().span?.setAttribute('hub.caller.kind', kind);
}

/**
 * Per request: the span of @fastify/otel (only when tracing is on; tracing-sdk.ts names it by its
 * route pattern and gives it the request id, so that the id in an error answer or a log line finds
 * the trace), and the duration histogram by method, route pattern and status.
 */
async function requestTelemetryPlugin(app: FastifyInstance) {
  const tracingPlugin = fastifyTracingPlugin();
  if (tracingPlugin) await app.register(tracingPlugin);
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

export default fp(requestTelemetryPlugin, { name: 'request-telemetry' });
