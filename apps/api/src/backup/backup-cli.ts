import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createBackup } from './backup.ts';
import { EXIT, exitOnError, fromStart, parseCommand, positiveInteger } from './cli.ts';
import { configuredStores, openTarget } from './target.ts';

const HELP = `Usage: npm run backup -- --out <folder> [--jobs N] [--method auto|copy|pg_dump]

Backs up the Service Hub into a new or empty folder: every table of its database from one
consistent snapshot, with each table's row count and checksum, and the report and attachment
folders with a sha256 per file (an S3 bucket is not copied: its versioning is its backup).
Uses pg_dump when one of the server's version or newer is installed (PATH, PG_BIN_DIR,
/usr/lib/postgresql/*/bin), else the built-in COPY backup (--method chooses).
Uses DATABASE_URL, or the embedded PostgreSQL under HUB_DATA_DIR when it is unset (the running
Hub's, or started for the backup). Restore with npm run restore -- --from <folder>.`;

const values = parseCommand(
  HELP,
  () =>
    parseArgs({
      options: {
        out: { type: 'string' },
        jobs: { type: 'string', default: '2' },
        method: { type: 'string', default: 'auto' },
        help: { type: 'boolean' },
      },
    }).values,
  'out',
);
const method = values.method;
if (method !== 'auto' && method !== 'copy' && method !== 'pg_dump') {
  console.error(`--method must be auto, copy or pg_dump, got '${method}'`);
  process.exit(EXIT.usage);
}
const jobs = positiveInteger('jobs', values.jobs);

try {
  const config = loadConfig();
  const target = await openTarget(config, { create: false });
  try {
    console.log(`backing up ${target.description}`);
    await createBackup({
      databaseUrl: target.url,
      outDir: fromStart(values.out),
      stores: configuredStores(config),
      jobs,
      method,
      log: console.log,
    });
  } finally {
    await target.close();
  }
} catch (error) {
  exitOnError('backup', error);
}
