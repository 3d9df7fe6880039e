/** Entry of a queue worker (`node dist/worker.js`, `npm run worker`): tracing first; see start-server.ts. */
import { startTracing } from './telemetry/start-tracing.ts';

await startTracing({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'service-hub-worker' });
await import('./worker.ts');
