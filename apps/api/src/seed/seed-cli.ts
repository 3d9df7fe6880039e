import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/bootstrap.ts';
import { seedDemoDataIfEmpty } from './demo-seed.ts';
import { Random } from './random.ts';
import { everyCustomer, generateTracking } from './tracking-generator.ts';

const HELP = `Usage: npm run seed -- [--documents N] [--seed S]

Seeds an empty database with the demo data, then adds N more track-and-trace documents
(with files, deliveries and status logs) spread over all customers, in committed batches.
Uses DATABASE_URL, or the embedded PostgreSQL under HUB_DATA_DIR when it is unset.`;

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const documents = Number.parseInt(values.documents, 10);
if (!Number.isInteger(documents) || documents < 0) {
  console.error(`--documents must be a whole number ≥ 0, got '${values.documents}'`);
  process.exit(2);
}

// Bulk inserts and their index work run for minutes: the statement limit is for web requests.
// Straight to PostgreSQL (DATABASE_LISTEN_URL when DATABASE_URL is a pooler): the pooler's own
// statement limit would apply, and the generator's per-session plan mode needs one session.
const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_LISTEN_URL ?? process.env.DATABASE_URL,
  DATABASE_LISTEN_URL: undefined,
  DATABASE_STATEMENT_TIMEOUT_MS: '0',
});
const opened = await openDatabase(config, { info: console.log, error: console.error });
try {
  if (await seedDemoDataIfEmpty(opened.db.$client, { log: console.log })) console.log('demo data seeded');
  if (documents > 0) {
    const client = await opened.db.$client.connect();
    try {
      const bar = new cliProgress.SingleBar(
        { format: 'documents {bar} {percentage}% | {value}/{total} | {eta_formatted} left' },
        cliProgress.Presets.shades_classic,
      );
      const started = Date.now();
      bar.start(documents, 0);
      const result = await generateTracking({
        client,
        customers: await everyCustomer(client),
        documents,
        random: new Random(Number.parseInt(values.seed, 10) || 1),
        now: new Date(),
        bulk: true,
        onProgress: (written) => bar.update(written),
      });
      bar.stop();
      // VACUUM, not only ANALYZE: the visibility map lets the lists read their indexes alone.
      console.log('vacuuming and analyzing tables…');
      await client.query(
        'VACUUM (ANALYZE) tracking_files, tracking_file_events, tracking_documents, tracking_document_keys, delivery_documents',
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `added ${result.documents} documents in ${result.files} files (${result.deliveries} deliveries, ${result.events} status events) ` +
          `in ${seconds.toFixed(1)} s (${Math.round(result.documents / seconds)} documents/s)`,
      );
    } finally {
      client.release();
    }
  }
} finally {
  await opened.close();
}
