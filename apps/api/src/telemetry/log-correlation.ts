import { trace } from '@opentelemetry/api';
import { isTracing } from './tracing-state.ts';

/**
 * pino's `mixin`: while tracing, every log line written inside a span carries its trace and span
 * id, next to the request id that Fastify adds, so that the request id of an error answer finds
 * the log lines, and they the trace. Undefined without tracing: pino then calls nothing per line.
 */
export function traceLogMixin(): (() => { traceId?: string; spanId?: string }) | undefined {
  if (!isTracing()) return undefined;
  return () => {
    const context = trace.getActiveSpan()?.spanContext();
    return context ? { traceId: context.traceId, spanId: context.spanId } : {};
  };
}
