import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { expect, inject } from 'vitest';
import { REQUEST_ID_HEADER, ZApiError, type ErrorCode } from '@service-hub/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import type { Resolver } from '../src/modules/webhooks/webhook-address-policy.ts';
import { dropDatabase, TEMPLATE_DATABASE, withDatabase } from './global-setup.ts';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  /** Signs in through the real login endpoint and answers the bearer token. */
  tokenFor: (email: string, password?: string) => Promise<string>;
  /** Id of a seeded customer by name. */
  customerId: (name: string) => Promise<number>;
  /** Id of a user by e-mail address. */
  userId: (email: string) => Promise<string>;
  /**
   * After a test changed rights directly in the database (as another instance or a database tool
   * would): resolves once the app's caches have heard of it, which takes moments.
   */
  cachesHeard: () => Promise<void>;
  /** The newest mail to an address in the development outbox. */
  lastMailTo: (address: string) => Promise<{ subject: string; text: string } | undefined>;
  close: () => Promise<void>;
};

async function idOf<T>(db: Database, sql: string, value: string): Promise<T> {
  const { rows } = await db.$client.query<{ id: T }>(sql, [value]);
  if (!rows[0]) throw new Error(`no row for ${value}`);
  return rows[0].id;
}

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
  options: {
    env?: NodeJS.ProcessEnv;
    configure?: (app: FastifyInstance) => void;
    /** Receives the log (at LOG_LEVEL from env); without it the app logs nothing. */
    logStream?: DestinationStream;
    /** Folder of a web build to serve; without one, screen paths are JSON 404s. */
    webDist?: string;
    /** How webhook host names resolve (see modules/webhooks); default: the system's DNS. */
    webhookResolver?: Resolver;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const db = createDatabase(database.url, { max: 5 });
  // Files (reports, attachments) go to a folder of this test app's own.
  const filesDir = await mkdtemp(join(tmpdir(), 'hub-test-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HUB_ENVIRONMENT: 'Test',
    LOG_LEVEL: 'silent',
    // Webhook tests start their own dispatchers; none runs behind another test's back.
    WEBHOOK_DISPATCHER: '0',
    REPORTS_DIR: join(filesDir, 'reports'),
    ATTACHMENTS_DIR: join(filesDir, 'attachments'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    logger: options.logStream ? { stream: options.logStream } : false,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.webhookResolver ? { webhookResolver: options.webhookResolver } : {}),
  });
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
    customerId: (name) => idOf<number>(db, 'SELECT id FROM customers WHERE name = $1', name),
    userId: (email) => idOf<string>(db, 'SELECT id FROM users WHERE lower(email) = lower($1)', email),
    cachesHeard: () => app.authenticator.heardAllChanges(),
    lastMailTo: async (address) => {
      const { rows } = await db.$client.query<{ subject: string; text: string }>(
        'SELECT subject, text FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
        [address],
      );
      return rows[0];
    },
    close: async () => {
      await app.close();
      await db.$client.end();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A response body without its request id: the id is a random UUID, so a check that the body does not
 * mention some number must not look at it (a UUID contains e.g. "35" now and then).
 */
export function bodyWithoutRequestId(response: { body: string }): string {
  const { requestId: _requestId, ...rest } = JSON.parse(response.body) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * A refusal of a rate limit or lockout: 429 in the one error shape with `errorCode`, and Retry-After
 * in whole seconds, at least 1 and at most the limit's window. Answers the seconds.
 */
export function expectTooManyRequests(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  errorCode: ErrorCode,
  windowSeconds: number,
): number {
  expect(response.statusCode).toBe(429);
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
  expect(ZApiError.strict().parse(response.json())).toEqual({
    status: 429,
    title: 'Too Many Requests',
    detail: expect.stringMatching(/^Too many .+\. Try again in \d+ (second|minute|hour)s?\.$/),
    errorCode,
    requestId: response.headers[REQUEST_ID_HEADER],
  });
  return Number(retryAfter);
}

/**
 * Runs `work` while the user lacks every permission of a service on an account (as an
 * administrator without that service would), then gives them back.
 */
export async function withoutService<T>(
  db: Database,
  email: string,
  customerId: number,
  prefix: string,
  work: () => Promise<T>,
): Promise<T> {
  const { rows } = await db.$client.query<{ row: Record<string, unknown> }>(
    `DELETE FROM customer_user_permissions cup USING permissions p, users u
      WHERE p.id = cup.permission_id AND p.prefix = $3 AND u.id = cup.user_id AND u.email = $1 AND cup.customer_id = $2
      RETURNING to_jsonb(cup.*) AS row`,
    [email, customerId, prefix],
  );
  try {
    return await work();
  } finally {
    await db.$client.query(
      `INSERT INTO customer_user_permissions
       SELECT * FROM jsonb_populate_recordset(NULL::customer_user_permissions, $1::jsonb)`,
      [JSON.stringify(rows.map((r) => r.row))],
    );
  }
}
