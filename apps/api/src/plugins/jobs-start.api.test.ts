import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';

type Started = { app: FastifyInstance; db: Database };

describe('[JOBS] starting the queue', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function app(url: string, env: Record<string, string>): Promise<Started> {
    const db = createDatabase(url, { max: 4, connectTimeoutMs: 1000 });
    const built = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), db, logger: false });
    cleanups.push(async () => {
      await built.close();
      await db.$client.end();
    });
    return { app: built, db };
  }

  it('lets several workers start at once on a database without the queues (no deadlock, none fails)', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      const workers = await Promise.all([1, 2, 3, 4].map(() => app(database.url, { RUN_JOBS: '1' })));
      const results = await Promise.allSettled(workers.map((w) => w.app.ready()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
        'started',
        'started',
        'started',
        'started',
      ]);
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    }
  }, 120_000);

  it('a web instance whose first job met an unreachable database queues jobs once it is back', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const proxy = await startTcpProxy(database.url);
    cleanups.push(proxy.close);
    const web = await app(proxy.url, { RUN_JOBS: '0' });
    await web.app.ready();
    const { purgeExpiredJob } = await import('../jobs/purge-expired.job.ts');

    await proxy.down();
    await expect(web.app.enqueueJob(purgeExpiredJob, {})).rejects.toThrow();
    await proxy.up();
    await expect(web.app.enqueueJob(purgeExpiredJob, {})).resolves.toBeUndefined();
    const { rows } = await web.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`,
      [purgeExpiredJob.name],
    );
    expect(rows[0]!.n).toBe(1);
  }, 60_000);
});
