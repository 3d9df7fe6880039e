import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableChecksum, useStableTextOutput } from '../apps/api/src/backup/catalog.ts';
import { readManifest, type Manifest } from '../apps/api/src/backup/manifest.ts';
import { EMBEDDED_DATABASE_NAME } from '../apps/api/src/db/bootstrap.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/api/src/db/embedded-postgres.ts';
import { signIn, startPostgres, startProcess, type HubProcess, type Postgres } from './hub.ts';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** Runs `npm run backup` / `npm run restore`'s command line as the operator would; answers its exit and output. */
async function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(tsx, [join(root, 'apps', 'api', 'src', 'backup', `${name}-cli.ts`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: undefined, DATABASE_LISTEN_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/**
 * The proof of `npm run backup` and `npm run restore`: a seeded Hub runs as real processes and is
 * kept busy (track-and-trace ingestion, support cases with attachments, report orders, sign-ins)
 * while it is backed up; then it is destroyed (processes stopped, data folder and file stores
 * deleted), restored into a new embedded data folder, and started again on it. Every table must
 * hold what the backup's snapshot held (counts and checksums), every file its sha256, a user must
 * sign in and see their documents and reports, and a job queued before the backup must still run.
 */
describe('[INSTANCES] a busy Hub backed up, destroyed and restored into a new data folder', () => {
  let work: string;
  let postgres: Postgres | undefined;
  let restored: EmbeddedDatabase | undefined;
  const processes: HubProcess[] = [];
  let manifest: Manifest;
  let backupOutput: string;
  let databasePassword: string;
  let sourceDocumentsAtEnd: number;
  let readyReport: { id: string; sha256: string };
  let queuedReportId: string;
  let accountId: number;
  let writesDuringBackup = 0;

  const files = (dir: string) => ({
    REPORTS_DIR: join(dir, 'reports'),
    ATTACHMENTS_DIR: join(dir, 'attachments'),
  });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'hub-backup-instances-'));
    // As root, PostgreSQL runs as the postgres user: the restored cluster stays in here too.
    await chmod(work, 0o755);
    postgres = await startPostgres({ dataDir: join(work, 'pg'), database: 'hub', documents: 2000 });
    const stores = files(join(work, 'files'));
    const api = await startProcess('server', {
      name: 'api',
      databaseUrl: postgres.url,
      env: { ...stores, RUN_JOBS: '0', RATE_LIMIT_WRITES: '100000', RATE_LIMIT_SIGN_IN: '100000' },
    });
    processes.push(api);
    // A worker says it is ready at level info.
    const worker = await startProcess('worker', {
      name: 'worker',
      databaseUrl: postgres.url,
      env: { ...stores, LOG_LEVEL: 'info' },
    });
    processes.push(worker);
    const base = api.url!;

    const user = await signIn(base, 'user@example.com');
    const me = (await (
      await fetch(`${base}/api/v3/user`, { headers: { authorization: `Bearer ${user}` } })
    ).json()) as {
      customers: { id: number; name: string }[];
    };
    accountId = me.customers.find((c) => c.name === 'Göta Bostäder AB')!.id;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const orderReport = async () => {
      const response = await fetch(`${base}/api/reports?activeAccountId=${accountId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'document', from: day(-60), to: day(0), language: 'en-SE' }),
      });
      if (response.status !== 202)
        throw new Error(`report order: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    };
    const download = (id: string) =>
      fetch(`${base}/api/reports/${id}/download?activeAccountId=${accountId}`, {
        headers: { authorization: `Bearer ${user}` },
      });

    // A report generated (its file written) before the backup.
    const readyId = await orderReport();
    let body: Buffer | undefined;
    for (let i = 0; i < 600 && !body; i++) {
      const answer = await download(readyId);
      if (answer.status === 200) body = Buffer.from(await answer.arrayBuffer());
      else await new Promise((r) => setTimeout(r, 100));
    }
    if (!body) throw new Error('the report before the backup was not generated');
    readyReport = { id: readyId, sha256: createHash('sha256').update(body).digest('hex') };

    // With the worker stopped, this report's job waits in the queue, and is in the backup.
    await worker.stop();
    queuedReportId = await orderReport();

    // A production system's API key for the ingestion writes.
    const admin = await signIn(base, 'sfadmin@example.com');
    const { rows: malardalen } = await postgres.db.$client.query<{ id: number; customer_number: string }>(
      "SELECT id, customer_number FROM customers WHERE name = 'Mälardalens Vatten AB'",
    );
    const keyAnswer = await fetch(`${base}/api/ingest/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Backup test line', customerIds: [malardalen[0]!.id] }),
    });
    const { key } = (await keyAnswer.json()) as { key: string };

    // Busy: writes of every kind until the backup is done.
    let busy = true;
    let backupRunning = false;
    let round = 0;
    const ingest = async (n: number) => {
      const fileRef = `BACKUP-${n}`;
      const records = [
        {
          type: 'file',
          eventId: `${fileRef}-file`,
          customerNumber: malardalen[0]!.customer_number,
          fileRef,
          filename: `${fileRef}.xml`,
          arrivedAt: new Date().toISOString(),
          deliveryMode: 'B-economy',
          sender: {
            name: 'Mälardalens Vatten AB',
            postalCode: '721 30',
            postOffice: 'Västerås',
            countryCode: 'SE',
          },
        },
        ...Array.from({ length: 20 }, (_, d) => ({
          type: 'document',
          eventId: `${fileRef}-D${d}-doc`,
          customerNumber: malardalen[0]!.customer_number,
          fileRef,
          externalDocumentId: `${fileRef}-D${d}`,
          recipientName: 'Karin Ek',
        })),
      ];
      const answer = await fetch(`${base}/api/ingest/tracking`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ records }),
      });
      if (answer.status !== 200) throw new Error(`ingest: ${answer.status} ${await answer.text()}`);
    };
    const openCase = async (n: number) => {
      const form = new FormData();
      form.append('title', `Backup test case ${n}`);
      form.append('description', 'Opened while the Hub was being backed up.');
      form.append('category', 'print');
      form.append('subCategory', 'layout');
      form.append(
        'attachments',
        new Blob([`%PDF-1.4\n% case ${n}\n%%EOF\n`], { type: 'application/pdf' }),
        `case-${n}.pdf`,
      );
      const answer = await fetch(`${base}/api/v2/support/cases?activeAccountId=${accountId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}` },
        body: form,
      });
      if (answer.status !== 201) throw new Error(`support case: ${answer.status} ${await answer.text()}`);
    };
    const load = (async () => {
      while (busy) {
        const n = round++;
        const during = backupRunning;
        await Promise.all([
          ingest(n),
          openCase(n),
          n % 5 === 0 ? orderReport() : undefined,
          n % 3 === 0 ? signIn(base, 'user@example.com') : undefined,
        ]);
        if (during && backupRunning) writesDuringBackup++;
      }
    })();
    while (round < 2) await new Promise((r) => setTimeout(r, 50));

    backupRunning = true;
    const backup = await runCli('backup', ['--out', join(work, 'backup')], {
      DATABASE_URL: postgres.url,
      ...stores,
    });
    backupRunning = false;
    busy = false;
    await load;
    backupOutput = backup.output;
    databasePassword = decodeURIComponent(new URL(postgres.url).password);
    if (backup.code !== 0) throw new Error(`backup exited with ${backup.code}: ${backup.output}`);
    manifest = await readManifest(join(work, 'backup'));
    const { rows } = await postgres.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tracking_documents',
    );
    sourceDocumentsAtEnd = rows[0]!.n;

    // Destroyed: processes stopped, the database's data folder and both file stores deleted.
    await Promise.all(processes.splice(0).map((p) => p.stop()));
    await postgres.close();
    postgres = undefined;
    await rm(join(work, 'pg'), { recursive: true, force: true });
    await rm(join(work, 'files'), { recursive: true, force: true });
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await postgres?.close();
    await restored?.stop();
    if (restored) await rm(dirname(restored.databaseDir), { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }, 120_000);

  it('took the backup while the Hub kept writing, from one snapshot', () => {
    expect(backupOutput).toContain('with the built-in COPY backup');
    expect(backupOutput).not.toContain(databasePassword);
    expect(writesDuringBackup).toBeGreaterThan(0);
    // Writes went on after the snapshot: the restore must give the snapshot, not the end state.
    expect(sourceDocumentsAtEnd).toBeGreaterThan(
      manifest.tables.find((t) => t.name === 'tracking_documents')!.rows,
    );
    expect(existsSync(join(work, 'pg'))).toBe(false);
  });

  it('restores into a new data folder: every table and file as the backup recorded it', async () => {
    const dataDir = join(work, 'restored');
    const restore = await runCli('restore', ['--from', join(work, 'backup'), '--data-dir', dataDir], {
      REPORTS_DIR: undefined,
      ATTACHMENTS_DIR: undefined,
    });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("every table's count and checksum equal the backup's");

    // Checked here again, on the restored cluster, independently of the restore's own check.
    restored = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: restored.url(EMBEDDED_DATABASE_NAME) });
    await client.connect();
    try {
      await useStableTextOutput(client);
      for (const table of manifest.tables)
        expect(await tableChecksum(client, table), `${table.schema}.${table.name}`).toEqual({
          schema: table.schema,
          name: table.name,
          rows: table.rows,
          checksum: table.checksum,
        });
      // Every attachment the snapshot names has its file: files are copied after the snapshot.
      const { rows: attachments } = await client.query<{ storage_key: string }>(
        'SELECT storage_key FROM support_attachments WHERE storage_key IS NOT NULL',
      );
      expect(attachments.length).toBeGreaterThan(0);
      for (const { storage_key: key } of attachments)
        expect(existsSync(join(dataDir, 'files', 'attachments', ...key.split('/'))), key).toBe(true);
    } finally {
      await client.end();
    }
    const stored = manifest.stores.flatMap((s) => s.files.map((f) => ({ ...f, store: s.name })));
    expect(stored.some((f) => f.store === 'reports')).toBe(true);
    for (const file of stored)
      expect(await sha256(join(dataDir, 'files', file.store, ...file.path.split('/'))), file.path).toBe(
        file.sha256,
      );
  }, 300_000);

  it('runs on the restored data: a user signs in, sees their documents and reports, and the queued job runs', async () => {
    const url = restored!.url(EMBEDDED_DATABASE_NAME);
    const stores = files(join(work, 'restored', 'files'));
    const api = await startProcess('server', {
      name: 'restored-api',
      databaseUrl: url,
      env: { ...stores, RUN_JOBS: '0' },
    });
    processes.push(api);
    const base = api.url!;
    const token = await signIn(base, 'user@example.com');
    const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const documents = (await (
      await get(`/api/tracking/stt/documents?activeAccountId=${accountId}`)
    ).json()) as {
      result: unknown[];
    };
    expect(documents.result.length).toBeGreaterThan(0);
    const ready = await get(`/api/reports/${readyReport.id}/download?activeAccountId=${accountId}`);
    expect(ready.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await ready.arrayBuffer()))
        .digest('hex'),
    ).toBe(readyReport.sha256);

    // The job queued before the backup: a worker of the restored Hub picks it up.
    expect(
      (await get(`/api/reports/${queuedReportId}/download?activeAccountId=${accountId}`)).status,
    ).not.toBe(200);
    processes.push(
      await startProcess('worker', {
        name: 'restored-worker',
        databaseUrl: url,
        env: { ...stores, LOG_LEVEL: 'info' },
      }),
    );
    let status = 0;
    for (let i = 0; i < 600 && status !== 200; i++) {
      status = (await get(`/api/reports/${queuedReportId}/download?activeAccountId=${accountId}`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  }, 120_000);
});
