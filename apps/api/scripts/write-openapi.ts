// Writes the OpenAPI document the server generates to apps/api/openapi.json, from which the web
// client's types are generated (`npm run api:client`). No database is needed to describe routes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { apiRoot } from '../src/lib/paths.ts';

// The job plugin reads the pool's connection options when it registers; nothing connects.
const db = { $client: { options: {} } } as unknown as Database;
const app = await buildApp({ config: loadConfig({ RUN_JOBS: '0' }), db, logger: false });
await app.ready();
await writeFile(join(apiRoot, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
