/**
 * Entry of a web instance (`node dist/server.js`, `tsx src/start-server.ts`): tracing first, then
 * the server. OpenTelemetry's instrumentations patch fastify, pg and http as they load, and static
 * imports would load them all before any code ran, so the server is imported only once tracing
 * runs (esbuild puts it in a chunk of its own; scripts/build.mjs).
 */
import { startTracing } from './telemetry/start-tracing.ts';

await startTracing({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'service-hub-api' });
await import('./server.ts');
