import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { EXIT, exitOnError, fromStart, parseCommand } from './cli.ts';
import { restoreBackup } from './restore.ts';
import { configuredStores, openTarget } from './target.ts';

const HELP = `Usage: npm run restore -- --from <folder> [--data-dir <new folder>] [--force]

Restores a backup of npm run backup into an empty database and empty file folders, in one
transaction, then checks every table's row count and checksum and every file's sha256 against
the backup's manifest. The target is DATABASE_URL, or the embedded PostgreSQL under --data-dir
(a new data folder) or HUB_DATA_DIR. Refuses a target that already holds the Hub's tables or files
unless --force (which replaces them), and a backup of another release (other migrations).`;

const values = parseCommand(
  HELP,
  () =>
    parseArgs({
      options: {
        from: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean' },
      },
    }).values,
  'from',
);
if (values['data-dir'] && process.env.DATABASE_URL) {
  console.error('--data-dir is for the embedded database: unset DATABASE_URL, or leave --data-dir out.');
  process.exit(EXIT.usage);
}

try {
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { HUB_DATA_DIR: fromStart(values['data-dir']) } : {}),
  });
  const target = await openTarget(config, { create: true });
  try {
    console.log(`restoring into ${target.description}`);
    await restoreBackup({
      databaseUrl: target.url,
      fromDir: fromStart(values.from),
      stores: configuredStores(config),
      force: values.force,
      log: console.log,
    });
  } finally {
    await target.close();
  }
} catch (error) {
  exitOnError('restore', error);
}
