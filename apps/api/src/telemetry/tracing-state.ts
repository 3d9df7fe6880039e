import type FastifyOtelInstrumentation from '@fastify/otel';

/**
 * Whether this process traces, kept apart from the SDK (tracing-sdk.ts) so that the application
 * can ask without loading OpenTelemetry's SDK, which a process without tracing never loads.
 */
let running: { fastify: FastifyOtelInstrumentation; stop: () => Promise<void> } | undefined;

export function setTracing(state: NonNullable<typeof running>): void {
  if (running) throw new Error('Tracing has already started in this process');
  running = state;
}

export function isTracing(): boolean {
  return running !== undefined;
}

/** The request-span plugin of @fastify/otel while tracing; undefined otherwise (nothing is registered). */
export function fastifyTracingPlugin() {
  return running?.fastify.plugin();
}

/** Sends what is still buffered and stops tracing; the graceful shutdown calls it last. */
export async function stopTracing(): Promise<void> {
  await running?.stop();
}
