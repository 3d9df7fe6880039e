import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { dropDatabase, TEMPLATE_DATABASE, withDatabase } from './global-setup.ts';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  /** Signs in through the real login endpoint and answers the bearer token. */
  tokenFor: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

/** A fresh copy of the seeded template database, owned by one test file. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseServerUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
  return { url: withDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * The whole application (not listening) on its own copy of the demo database. Pass
 * `configure` to add test-only routes before the app is sealed.
 */
export async function createTestApp(
  options: { env?: NodeJS.ProcessEnv; configure?: (app: FastifyInstance) => void } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const db = createDatabase(database.url, { max: 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    HUB_ENVIRONMENT: 'Test',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({ config, db, logger: false });
  options.configure?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    tokenFor: async (email, password = DEMO_PASSWORD) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    close: async () => {
      await app.close();
      await db.$client.end();
      await database.drop();
    },
  };
}
