import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { observePool } from './pool-metrics.ts';
import { observeQueues } from './queue-metrics.ts';

/** The pool's use and wait and the job queues' depth and age in the metrics, for as long as the app lives. */
async function databaseTelemetryPlugin(app: FastifyInstance) {
  const unobservePool = observePool(app.db.$client);
  const unobserveQueues = observeQueues(app.db.$client, (error) =>
    app.log.warn(
      { errMessage: error instanceof Error ? error.message : String(error) },
      'queue metrics unavailable',
    ),
  );
  app.addHook('onClose', async () => {
    unobserveQueues();
    unobservePool();
  });
}

export default fp(databaseTelemetryPlugin, { name: 'database-telemetry', dependencies: ['database'] });
