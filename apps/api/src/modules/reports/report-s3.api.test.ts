import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TReport } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';

describe('[REPORTS] with an S3-compatible object store configured (S3_BUCKET, S3_ENDPOINT, …)', () => {
  let server: S3rver;
  let folder: string;
  let ctx: TestContext;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 's3rver-reports-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: folder,
      configureBuckets: [{ name: 'hub-reports', configs: [] }],
    });
    const { port } = await server.run();
    ctx = await createTestApp({
      env: {
        S3_BUCKET: 'hub-reports',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('generates the report into the bucket, downloads it from there and deletes it there', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const user = reportsClient(ctx.app, await ctx.tokenFor('user@example.com'), malardalen);
    const ordered = await user.request({ level: 'document', from: '2026-10-01', to: '2026-11-19' });
    const report = await user.settled(ordered.json<TReport>().id);
    expect(report.status).toBe('ready');
    const { rows } = await ctx.db.$client.query<{ storage_key: string }>(
      'SELECT storage_key FROM reports WHERE id = $1',
      [report.id],
    );
    const key = rows[0]!.storage_key;
    // The object lives in the bucket under the reports prefix; nothing went to the report folder.
    const stored = await fetch(`${ctx.config.storage.objectStore!.endpoint}/hub-reports/reports/${key}`);
    expect(stored.status).toBe(200);
    const download = await user.download(report.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(await stored.arrayBuffer()))).toBe(true);
    expect(download.rawPayload.toString('utf8').split('\r\n').length - 2).toBe(report.rowCount);

    expect((await user.remove(report.id)).statusCode).toBe(204);
    expect(
      (await fetch(`${ctx.config.storage.objectStore!.endpoint}/hub-reports/reports/${key}`)).status,
    ).toBe(404);
  });
});
