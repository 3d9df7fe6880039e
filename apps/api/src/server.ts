import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { createDatabase } from './db/client.ts';
import { DatabaseSetupError } from './db/database-setup-error.ts';
import { exitOnSignals } from './lib/graceful-shutdown.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-accounts.ts';
import { seedDemoDataIfEmpty } from './seed/demo-seed.ts';
import { startMetricsListener } from './telemetry/metrics-listener.ts';
import { stopTracing } from './telemetry/tracing-state.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel });

const opened = await openDatabase(config, {
  info: (m) => logger.info(m),
  error: (m) => logger.error(m),
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseSetupError)) throw error;
  // Something on this machine to fix, said in one sentence: a stack trace would only bury it.
  console.error(error.message);
  process.exit(1);
});
if (config.seedDemoData) {
  // The first seed copies tens of thousands of rows: its statements may outlast the requests' limit.
  // Directly (DATABASE_LISTEN_URL), not through a pooler: the generator sets a plan mode per session.
  const seeding = createDatabase(String(opened.db.$session.connectionString), { max: 2 });
  try {
    const seeded = await seedDemoDataIfEmpty(seeding.$client, { log: (m) => logger.info(m) });
    if (seeded) logger.info('demo data seeded');
  } finally {
    await seeding.$client.end();
  }
}

const app = await buildApp({ config, db: opened.db });
await app.listen({ port: config.port, host: config.host });
// Prometheus's own port (METRICS_PORT), apart from the application's; see docs/operations.md.
const metricsListener =
  config.metrics.listener &&
  (await startMetricsListener({ ...config.metrics.listener, token: config.metrics.token }));

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = process.env.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
const lines = [`Service Hub is running at ${url}`, `  API docs: ${url}/api/docs`];
if (config.seedDemoData) {
  lines.push(`  Demo sign-ins (password: ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS) lines.push(`    ${user.email.padEnd(22)} ${user.roles.join(', ')}`);
}
console.log(`\n${lines.join('\n')}\n`);

exitOnSignals({
  logger: { info: (m) => logger.info(m), error: (o, m) => logger.error(o, m) },
  timeoutMs: config.shutdownTimeoutMs,
  stop: async () => {
    await app.close(); // stops accepting, finishes in-flight requests, then hands running jobs back
    await opened.close(); // closes the pool, then stops the embedded PostgreSQL cleanly
    await metricsListener?.close();
    await stopTracing(); // sends the spans still buffered
  },
});
