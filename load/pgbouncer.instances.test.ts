import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type OpenedDatabase } from '../apps/api/src/db/bootstrap.ts';
import { LiveStream } from '../apps/api/test/live-stream.ts';
import { reportsClient } from '../apps/api/test/reports.ts';
import { startPostgres, type Postgres } from './hub.ts';
import { startPgBouncer, type PgBouncer } from './pooler.ts';

/** Two server connections: one for a transaction held open, one for everything else. */
const SERVER_CONNECTIONS = 2;

/**
 * The API in one process through PgBouncer in transaction mode with only two server connections,
 * so that whatever a statement leaves on its session (a SET, an advisory lock, a LISTEN) is met by
 * the next client. Session work must go to DATABASE_LISTEN_URL. In the instances project, not the
 * api one: like the instances test it needs Debian's PgBouncer, which .ci/run installs, while the
 * api project needs nothing outside npm.
 */
describe('[POOLER] the API through PgBouncer in transaction mode', () => {
  let workDir: string;
  let postgres: Postgres;
  let bouncer: PgBouncer;
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let baseUrl: string;

  /**
   * A setting on every server connection of the pooler: as many clients as it has server
   * connections, each inside a transaction at the same time, so each holds another one.
   */
  const onEveryServerConnection = async (setting: string) => {
    const clients = Array.from({ length: SERVER_CONNECTIONS }, () => new pg.Client(bouncer.url));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      await Promise.all(clients.map((c) => c.query('BEGIN')));
      const values = await Promise.all(
        clients.map(
          async (c) => (await c.query<Record<string, string>>(`SHOW ${setting}`)).rows[0]![setting],
        ),
      );
      await Promise.all(clients.map((c) => c.query('ROLLBACK')));
      return values;
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    }
  };
  const advisoryLocks = async () =>
    (
      await postgres.db.$client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'hub-pooler-'));
    postgres = await startPostgres({ dataDir: join(workDir, 'pg'), database: 'pooled', documents: 300 });
    bouncer = await startPgBouncer({ databaseUrl: postgres.url, poolSize: SERVER_CONNECTIONS });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HUB_SEED: '0',
      DATABASE_URL: bouncer.url,
      DATABASE_LISTEN_URL: postgres.url,
      REPORTS_DIR: join(workDir, 'reports'),
      ATTACHMENTS_DIR: join(workDir, 'attachments'),
    });
    const errors: string[] = [];
    // Migrations run again (nothing pending): their lock and SETs must not reach the pooler.
    opened = await openDatabase(config, { info: () => undefined, error: (m) => errors.push(m) });
    expect(errors).toEqual([]); // the pooler's statement limit is the configured one
    app = await buildApp({ config, db: opened.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await opened?.close();
    await bouncer?.stop();
    await postgres?.close();
    await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('leaves every server connection with the statement limit and no lock limit after migrating', async () => {
    expect(await onEveryServerConnection('statement_timeout')).toEqual(['30s', '30s']);
    expect(await onEveryServerConnection('lock_timeout')).toEqual(['0', '0']);
    expect(await advisoryLocks()).toBe(0);
  });

  it('generates a report, tells its owner over a stream, and leaves nothing on the server connections', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    const { token } = login.json<{ token: string }>();
    const { rows } = await postgres.db.$client.query<{ id: number }>(
      "SELECT id FROM customers WHERE name = 'Göta Bostäder AB'",
    );
    const reports = reportsClient(app, token, rows[0]!.id);
    // The notification reaches the stream only if its LISTEN has a session of its own.
    const stream = await LiveStream.open(baseUrl, token);
    try {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const ordered = await reports.request({
        level: 'document',
        from: day(-60),
        to: day(0),
        language: 'sv',
      });
      expect(ordered.statusCode).toBe(202);
      const { id } = ordered.json<{ id: string }>();
      const report = await reports.settled(id, 60_000);
      expect(report.status).toBe('ready');
      expect((await reports.download(id)).statusCode).toBe(200);
      expect(await stream.shows(id, 10_000)).toBe(true);
    } finally {
      await stream.close();
    }
    // The report lifted the limit for its own transaction only; the queue's setup lock and the
    // job's lease are gone with their transaction and job.
    expect(await onEveryServerConnection('statement_timeout')).toEqual(['30s', '30s']);
    expect(await advisoryLocks()).toBe(0);
  }, 90_000);

  it('leases a running job on a direct connection, not on one of the pooler’s', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    const { rows } = await postgres.db.$client.query<{ id: number }>(
      "SELECT id FROM customers WHERE name = 'Göta Bostäder AB'",
    );
    const reports = reportsClient(app, login.json<{ token: string }>().token, rows[0]!.id);
    // The report's COPY waits for this lock: its job runs, leased, for as long as needed.
    const blocker = new pg.Client(postgres.url);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE tracking_files IN ACCESS EXCLUSIVE MODE');
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const ordered = await reports.request({
        level: 'document',
        from: day(-30),
        to: day(0),
        language: 'sv',
      });
      expect(ordered.statusCode).toBe(202);
      let holders: number[] = [];
      for (let i = 0; i < 300 && holders.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        // Leases are advisory locks of class 7 311 002 (plugins/job-leases.ts) on two int4 keys.
        holders = (
          await postgres.db.$client.query<{ pid: number }>(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7311002 AND objsubid = 2 AND granted",
          )
        ).rows.map((r) => r.pid);
      }
      expect(holders).toHaveLength(1);
      // Through the pooler the lock would sit on a server connection that outlives the process
      // (and that another process's check could land on, finding the job free).
      expect(await bouncer.serverPids()).not.toContain(holders[0]);
      await blocker.query('ROLLBACK');
      const { id } = ordered.json<{ id: string }>();
      expect((await reports.settled(id, 60_000)).status).toBe('ready');
    } finally {
      await blocker.end();
    }
    expect(await advisoryLocks()).toBe(0);
  }, 90_000);

  it('enforces the statement limit through the pooler', async () => {
    // The limit comes from the pooler's connect_query, not from a SET of the application.
    const client = await opened.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL statement_timeout = '100ms'");
      await expect(client.query('SELECT pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await onEveryServerConnection('statement_timeout')).toEqual(['30s', '30s']);
  });
});
