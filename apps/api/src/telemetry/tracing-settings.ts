/** Where finished spans go: OTLP over HTTP (protobuf), or standard output (to look at locally). */
export type TraceExporterKind = 'otlp' | 'console';

const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

/**
 * Whether this process traces, from the standard OpenTelemetry variables only. Off by default: the
 * SDK's own default (`OTEL_TRACES_EXPORTER` unset means otlp to localhost) would make every
 * process send spans nobody asked for. On when `OTEL_TRACES_EXPORTER` names `otlp` or `console`,
 * or when an OTLP endpoint is set and `OTEL_TRACES_EXPORTER` is unset. `OTEL_SDK_DISABLED=true`
 * and `OTEL_TRACES_EXPORTER=none` switch it off whatever else is set. Other exporter names
 * (zipkin, jaeger) are refused rather than ignored.
 */
export function traceExportersOf(env: NodeJS.ProcessEnv): TraceExporterKind[] {
  if (isTrue(env.OTEL_SDK_DISABLED)) return [];
  const named = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (named.includes('none')) return [];
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (named.length === 0 && !endpoint) return [];
  const kinds = named.length === 0 ? ['otlp'] : named;
  const known = kinds.filter((name): name is TraceExporterKind => name === 'otlp' || name === 'console');
  if (known.length < kinds.length) {
    const unknown = kinds.filter((name) => !known.some((kind) => kind === name));
    throw new Error(
      `Invalid environment: OTEL_TRACES_EXPORTER: ${unknown.join(', ')} (expected otlp, console or none)`,
    );
  }
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (known.includes('otlp') && protocol && protocol !== 'http/protobuf') {
    throw new Error(
      `Invalid environment: OTEL_EXPORTER_OTLP_PROTOCOL: ${protocol} (only http/protobuf is built in)`,
    );
  }
  return [...new Set(known)];
}
