import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { TReport } from '@service-hub/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

/** Storage that takes its time: the body trickles in, so a report is still generating when the app stops. */
function slowed(storage: FileStorage): FileStorage {
  return {
    put: (key, body) =>
      storage.put(
        key,
        Readable.from(
          (async function* () {
            for await (const chunk of body as AsyncIterable<Buffer>) {
              for (let at = 0; at < chunk.length; at += 4096) {
                await delay(25);
                yield chunk.subarray(at, at + 4096);
              }
            }
          })(),
        ),
      ),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
  };
}

type Instance = { app: FastifyInstance; db: Database; close: () => Promise<void> };

describe('[REPORTS] a report survives a restart of the app generating it, and several workers make it once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let filesDir: string;
  const instances: Instance[] = [];

  /** One app instance (its own pool, queue worker and storage) on the shared database and folder. */
  async function startInstance(options: { slow?: boolean } = {}): Promise<Instance> {
    const db = createDatabase(database.url, { max: 5 });
    const config = loadConfig({
      NODE_ENV: 'test',
      HUB_ENVIRONMENT: 'Test',
      LOG_LEVEL: 'silent',
      REPORTS_DIR: join(filesDir, 'reports'),
      ATTACHMENTS_DIR: join(filesDir, 'attachments'),
    });
    const app = await buildApp({ config, db, logger: false });
    if (options.slow) app.storage.reports = slowed(app.storage.reports);
    await app.ready();
    const instance = {
      app,
      db,
      close: async () => {
        instances.splice(instances.indexOf(instance), 1);
        await app.close();
        await db.$client.end();
      },
    };
    instances.push(instance);
    return instance;
  }

  async function signIn(app: FastifyInstance, email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    return response.json<{ token: string }>().token;
  }

  const filesOf = async (customerId: number, reportId: string) =>
    readdir(join(filesDir, 'reports', String(customerId), reportId)).catch(() => []);

  let malardalen: number;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    filesDir = await mkdtemp(join(tmpdir(), 'hub-report-restart-'));
    const probe = createDatabase(database.url, { max: 1 });
    malardalen = (await probe.$client.query("SELECT id FROM customers WHERE name = 'Mälardalens Vatten AB'"))
      .rows[0].id;
    userId = (await probe.$client.query("SELECT id FROM users WHERE email = 'user@example.com'")).rows[0].id;
    await probe.$client.end();
  });
  afterAll(async () => {
    for (const instance of [...instances]) await instance.close();
    await database.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('stopping the app mid-report hands the report back; the next instance finishes it, once', async () => {
    const first = await startInstance({ slow: true });
    const client = reportsClient(first.app, await signIn(first.app, 'user@example.com'), malardalen);
    const ordered = await client.request({ level: 'document', from: '2026-08-01', to: '2026-11-19' });
    expect(ordered.statusCode).toBe(202);
    const { id, rowCount } = ordered.json<TReport>();

    const until = Date.now() + 15_000;
    let generating = false;
    while (!generating && Date.now() < until) {
      const { rows } = await first.db.$client.query<{ status: string }>(
        'SELECT status FROM reports WHERE id = $1',
        [id],
      );
      generating = rows[0]!.status === 'generating';
      if (!generating) await delay(50);
    }
    expect(generating).toBe(true);
    await first.close();

    const { rows: afterStop } = await (
      await startInstance()
    ).db.$client.query<{ status: string }>('SELECT status FROM reports WHERE id = $1', [id]);
    expect(['queued', 'generating', 'ready']).toContain(afterStop[0]!.status);
    const second = instances[0]!;
    const again = reportsClient(second.app, await signIn(second.app, 'user@example.com'), malardalen);
    const report = await again.settled(id, 30_000);
    expect(report).toMatchObject({ status: 'ready', rowCount, rowsWritten: rowCount });
    const download = await again.download(id);
    expect(download.rawPayload.toString('utf8').split('\r\n').length - 2).toBe(rowCount);
    expect(await filesOf(malardalen, id)).toHaveLength(1);
    const notifications = await second.db.$client.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'reportReady' AND payload->>'reportId' = $2`,
      [userId, id],
    );
    expect(notifications.rowCount).toBe(1);
    // One job: the first attempt was interrupted, a retry finished it.
    const jobs = await second.db.$client.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'generate-report.v1' AND data->>'reportId' = $1`,
      [id],
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('with two workers on the queue, every report is generated once', async () => {
    const [one] = instances;
    const two = await startInstance();
    const client = reportsClient(one!.app, await signIn(one!.app, 'user@example.com'), malardalen);
    const ids: string[] = [];
    for (const level of ['file', 'document', 'file', 'document']) {
      ids.push((await client.request({ level, from: '2026-10-01', to: '2026-11-19' })).json<TReport>().id);
    }
    for (const id of ids) expect((await client.settled(id)).status).toBe('ready');
    for (const id of ids) {
      expect(await filesOf(malardalen, id)).toHaveLength(1);
      const { rowCount } = await two.db.$client.query(
        `SELECT 1 FROM notifications WHERE type = 'reportReady' AND payload->>'reportId' = $1`,
        [id],
      );
      expect(rowCount).toBe(1);
    }
  });
});
