import Fastify from 'fastify';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { DatabaseSetupError } from './db/database-setup-error.ts';
import { exitOnSignals } from './lib/graceful-shutdown.ts';
import databasePlugin from './plugins/database.ts';
import jobsPlugin, { jobsOptionsOf } from './plugins/jobs.ts';
import storagePlugin from './plugins/storage.ts';
import webhookDispatcherPlugin from './jobs/webhook-dispatcher-plugin.ts';
import { systemResolver } from './modules/webhooks/webhook-address-policy.ts';
import { createCrmConnector } from './modules/crm/create-crm-connector.ts';
import databaseTelemetryPlugin from './telemetry/database-telemetry.ts';
import { startMetricsListener } from './telemetry/metrics-listener.ts';
import { stopTracing } from './telemetry/tracing-state.ts';
import { setAlertLinkBase } from './modules/alert-notifications/alert-routing.ts';

/**
 * Works the job queue and nothing else (`npm run worker`): reports, e-mails, schedules and
 * clean-ups, against the same database and file storage as the web instances, which can then run
 * with RUN_JOBS=0. Any number of workers may run; each job runs once. A worker also sends webhooks
 * unless WEBHOOK_DISPATCHER=0 (whatever RUN_JOBS says, like the queue).
 */
const loaded = loadConfig();
const config = {
  ...loaded,
  runJobs: true,
  webhooks: { ...loaded.webhooks, dispatch: process.env.WEBHOOK_DISPATCHER !== '0' },
};
const logger = pino({ level: config.logLevel });

const opened = await openDatabase(config, {
  info: (m) => logger.info(m),
  error: (m) => logger.error(m),
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseSetupError)) throw error;
  console.error(error.message);
  process.exit(1);
});

// Alerts raised by the evaluation jobs here link to the Hub in their e-mails, as in the API.
setAlertLinkBase(config.publicUrl);
const worker = Fastify({ logger: { level: config.logLevel } });
await worker.register(databasePlugin, { db: opened.db });
await worker.register(databaseTelemetryPlugin);
await worker.register(storagePlugin, config.storage);
await worker.register(jobsPlugin, jobsOptionsOf(config, createCrmConnector(config, opened.db)));
// Webhooks go out from every worker (several at once are safe: SKIP LOCKED and leases).
if (config.webhooks.dispatch)
  await worker.register(webhookDispatcherPlugin, {
    policy: { allowLoopback: config.webhooks.allowLoopback, resolve: systemResolver },
    publicUrl: config.publicUrl,
  });
await worker.ready();
// A worker's only port: job durations and failures, queue depth and the pool (METRICS_PORT).
const metricsListener =
  config.metrics.listener &&
  (await startMetricsListener({ ...config.metrics.listener, token: config.metrics.token }));
logger.info('Service Hub worker is working the job queue');

exitOnSignals({
  logger: { info: (m) => logger.info(m), error: (o, m) => logger.error(o, m) },
  timeoutMs: config.shutdownTimeoutMs,
  stop: async () => {
    await worker.close(); // running jobs finish, or long ones hand themselves back to the queue
    await opened.close();
    await metricsListener?.close();
    await stopTracing(); // sends the spans still buffered
  },
});
