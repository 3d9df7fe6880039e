import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { BatchSpanProcessor, ConsoleSpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TraceExporterKind } from './tracing-settings.ts';

/** Span processors for the exporters that the standard variables name (tracing-settings.ts). */
export function exportingSpanProcessors(kinds: TraceExporterKind[]): SpanProcessor[] {
  return kinds.map(
    (kind) =>
      // OTLPTraceExporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and
      // _COMPRESSION itself; BatchSpanProcessor the OTEL_BSP_* limits.
      new BatchSpanProcessor(kind === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter()),
  );
}
