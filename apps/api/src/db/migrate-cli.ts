import { loadConfig } from '../config.ts';
import { openDatabase } from './bootstrap.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const opened = await openDatabase(loadConfig(), { info: console.log, error: console.error });
console.log('migrations applied');
await opened.close();
