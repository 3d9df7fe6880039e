// Writes the OpenAPI document the server generates to apps/api/openapi.json, from which the web
// client's types are generated (`npm run api:client`). No database is needed to describe routes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { apiRoot } from '../src/lib/paths.ts';

// A pool opens connections only when one is asked for, and describing the routes asks for none.
const db = createDatabase('postgres://openapi@127.0.0.1:1/openapi');
const app = await buildApp({ config: loadConfig({ RUN_JOBS: '0' }), db, logger: false });
await app.ready();
await writeFile(join(apiRoot, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await db.$client.end();
