import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { traceExportersOf } from './tracing-settings.ts';

/**
 * Starts OpenTelemetry tracing if the standard variables ask for it (tracing-settings.ts), or with
 * the given span processors (tests). Must run before fastify, pg and http are loaded: the
 * instrumentations patch modules as they load, so the entry files (start-server.ts,
 * start-worker.ts) await this and only then import the application. Without tracing the SDK is
 * not even loaded, and the application asks tracing-state.ts, which then answers "off".
 */
export async function startTracing(options: {
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  spanProcessors?: SpanProcessor[];
}): Promise<void> {
  const kinds = options.spanProcessors ? [] : traceExportersOf(options.env ?? process.env);
  if (!options.spanProcessors && kinds.length === 0) return;
  const spanProcessors =
    options.spanProcessors ?? (await import('./trace-exporters.ts')).exportingSpanProcessors(kinds);
  const { startTracingSdk } = await import('./tracing-sdk.ts');
  startTracingSdk({ serviceName: options.serviceName, spanProcessors });
}
