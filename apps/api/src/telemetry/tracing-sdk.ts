import FastifyOtelInstrumentation from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { UNMATCHED_ROUTE } from './metrics.ts';
import { RedactingSpanProcessor } from './span-redaction.ts';
import { setTracing } from './tracing-state.ts';

/**
 * Asked every few seconds by probes and Prometheus: a trace each would bury the requests of people.
 * (They are still counted in the request histogram.)
 */
const UNTRACED_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * Starts OpenTelemetry with these span processors (after the redaction): the request spans of
 * Fastify, the http and undici calls, and the SQL statements. Loaded by start-tracing.ts only when
 * tracing is on.
 *
 * The tracer provider and the instrumentations are set up here rather than with
 * @opentelemetry/sdk-node's NodeSDK: that also loads the gRPC, log and metric exporters, none of
 * which is used, and took 0.3–0.8 s more to load, paid by every process and by every API test file
 * (each traces). What NodeSDK would add from the environment is kept: the provider reads
 * OTEL_TRACES_SAMPLER(_ARG) and the span limits, the resource OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES, the exporter OTEL_EXPORTER_OTLP_*; propagation is W3C trace context.
 */
export function startTracingSdk(options: { serviceName: string; spanProcessors: SpanProcessor[] }): void {
  const fastifyInstrumentation = new FastifyOtelInstrumentation({
    ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
    // The request span and the handler's; a span per hook would multiply every request's spans by
    // the dozen hooks each route has, for time that the request span already shows.
    instrumentHooks: false,
    requestHook: (span, request) => {
      // Named by the route pattern (never the URL, which holds ids and link tokens; span-redaction.ts).
      span.updateName(`${request.method} ${request.routeOptions.url ?? UNMATCHED_ROUTE}`);
      // The request id of the answer's header, its error body and its log lines; the caller's kind
      // until plugins/access.ts has authenticated one (request-telemetry.ts, markCaller).
      span.setAttributes({ 'hub.request_id': request.id, 'hub.caller.kind': 'anonymous' });
    },
  });
  const provider = new NodeTracerProvider({
    resource: detectResources({ detectors: [envDetector] }).merge(
      resourceFromAttributes({ 'service.name': options.serviceName }),
    ),
    // The redaction runs first so that no exporter sees a span before it.
    spanProcessors: [new RedactingSpanProcessor(), ...options.spanProcessors],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Headers are recorded only when named (`headersToSpanAttributes`): none are, so neither
      // Authorization nor Cookie ever is. The query string goes in span-redaction.ts.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
      }),
      new UndiciInstrumentation(),
      // Statement text without parameter values (enhancedDatabaseReporting stays false), and only
      // inside a request or job: pg-boss's polling and the LISTEN connections would otherwise
      // make a trace every second of nothing. A pool checkout is no span of its own (its wait is
      // the pool metrics' to show): it would add a span to each statement's.
      new PgInstrumentation({
        enhancedDatabaseReporting: false,
        requireParentSpan: true,
        ignoreConnectSpans: true,
      }),
      fastifyInstrumentation,
    ],
  });
  setTracing({ fastify: fastifyInstrumentation, stop: () => provider.shutdown() });
}
