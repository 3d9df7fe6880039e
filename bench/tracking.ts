/**
 * Track and trace at scale: fills BENCH_TRACKING_DOCUMENTS documents (default 5 000 000, about
 * 600 000 files) with the seed generator, then measures each tracking endpoint through the HTTP API
 * with one client, next to the bare SQL of the same queries in the same run, and records the plans.
 *
 * `npm run bench` runs it after the foundation's measurements; `npx tsx bench/tracking.ts` runs it
 * alone and replaces only its own section of docs/performance.md (and the plans in
 * docs/tracking.md). BENCH_TRACKING_DOCUMENTS and BENCH_TRACKING_REQUESTS (default 200 per
 * scenario) scale it down; BENCH_TRACKING_KEEP=1 keeps the filled database for another run.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { Random } from '../apps/api/src/seed/random.ts';
import { generateTracking } from '../apps/api/src/seed/tracking-generator.ts';
import {
  measureScenario,
  recorder,
  SCENARIO_TABLE_HEADER,
  type Scenario as ApiScenario,
} from './api-vs-sql.ts';

const DOCUMENTS = Number(process.env.BENCH_TRACKING_DOCUMENTS ?? 5_000_000);
const REQUESTS = Number(process.env.BENCH_TRACKING_REQUESTS ?? 200);
const KEEP = process.env.BENCH_TRACKING_KEEP === '1';
const WARM_UP = 10;
const root = join(import.meta.dirname, '..');
const workDir = join(import.meta.dirname, '.work-tracking');
const ACCOUNT = 'Mälardalens Vatten AB';

type Scenario = ApiScenario<'default view' | 'filters' | 'text filter' | 'detail' | 'overview'>;

async function fill(db: Database): Promise<{ seconds: number; files: number; documents: number }> {
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_documents');
    const existing = rows[0]?.n ?? 0;
    if (existing >= DOCUMENTS) {
      const files = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_files');
      return { seconds: Number.NaN, files: files.rows[0]!.n, documents: rows[0]!.n };
    }
    const { rows: customers } = await client.query('SELECT id, name, customer_number, market FROM customers');
    const started = performance.now();
    let last = 0;
    const result = await generateTracking({
      client,
      customers: customers.map((c) => ({
        id: c.id,
        name: c.name,
        customerNumber: c.customer_number,
        market: c.market,
        weight: 1,
      })),
      // A kept database that was cut short is filled up to the volume, not beyond it.
      documents: DOCUMENTS - existing,
      random: new Random(12),
      now: new Date(),
      commitEachBatch: true,
      onProgress: (written) => {
        if (written - last >= 250_000) {
          last = written;
          console.log(`  ${written} documents, ${Math.round((performance.now() - started) / 1000)} s`);
        }
      },
    });
    console.log('vacuuming and analyzing…');
    await client.query('VACUUM (ANALYZE)');
    return {
      seconds: (performance.now() - started) / 1000,
      files: result.files,
      documents: result.documents,
    };
  } finally {
    client.release();
  }
}

export async function runTrackingBench(): Promise<{ performance: string[]; plans: string[] }> {
  if (!KEEP) await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir: workDir });
  await ensureDatabaseExists(postgres.url(), 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 20 });
  const lines: string[] = [];
  const plans: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    await runMigrations(db.$client);
    await seedDemoDataIfEmpty(db.$client, { documents: 2_000, consignments: 50, supportCases: 20 });
    console.log(`filling ${DOCUMENTS} documents…`);
    const filled = await fill(db);
    const pool = db.$client;
    const { rows: totals } = await pool.query<{ files: number; documents: number; account: number }>(
      `SELECT (SELECT count(*)::int FROM tracking_files) AS files,
              (SELECT count(*)::int FROM tracking_documents) AS documents,
              (SELECT count(*)::int FROM tracking_documents d JOIN customers c ON c.id = d.customer_id
                WHERE c.name = $1) AS account`,
      [ACCOUNT],
    );
    const { rows: sizes } = await pool.query<{ size: string }>(
      "SELECT pg_size_pretty(pg_database_size('bench')) AS size",
    );

    const rec = recorder(pool);
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
      db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const { rows: account } = await rec.original('SELECT id FROM customers WHERE name = $1', [ACCOUNT]);
      const accountId = account[0].id as number;
      const q = (path: string, query = '') =>
        `${path}?activeAccountId=${accountId}${query ? `&${query}` : ''}`;

      // Real values of the account to search for, so exact searches find something.
      const sample = async (sql: string) =>
        (await rec.original(sql, [accountId])).rows.map((r) => String(Object.values(r)[0]));
      const externalIds = await sample(
        'SELECT external_document_id FROM tracking_documents WHERE customer_id = $1 ORDER BY id DESC LIMIT 400 OFFSET 1000',
      );
      const invoices = await sample(
        'SELECT invoice_number FROM tracking_documents WHERE customer_id = $1 AND invoice_number IS NOT NULL ORDER BY id DESC LIMIT 400 OFFSET 500',
      );
      const filenames = await sample(
        'SELECT filename FROM tracking_files WHERE customer_id = $1 ORDER BY id DESC LIMIT 400 OFFSET 100',
      );
      const fileIds = await sample(
        'SELECT id FROM tracking_files WHERE customer_id = $1 ORDER BY id DESC LIMIT 400',
      );
      const documentIds = await sample(
        'SELECT id FROM tracking_documents WHERE customer_id = $1 ORDER BY id DESC LIMIT 400',
      );
      // Words of the generated names (nordic-names.ts): common ones and rare ones.
      const names = [
        'anna',
        'lindqvist',
        'erik',
        'berg',
        'maria',
        'åkesson',
        'karl',
        'nils',
        'ström',
        'sofia',
      ];
      const endings = ['sson', 'qvist', 'ström', 'andersson', 'nilsson'];
      const addresses = ['anna.', 'erik.', '.nilsson@', 'karin', 'johan'];
      const pick = (values: string[], i: number) => encodeURIComponent(values[(i * 37) % values.length]!);
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

      const scenarios: Scenario[] = [
        {
          group: 'default view',
          name: 'files',
          target: 25,
          variants: 1,
          path: () => q('/api/tracking/stt/files'),
        },
        {
          group: 'default view',
          name: 'documents',
          target: 25,
          variants: 1,
          path: () => q('/api/tracking/stt/documents'),
        },
        {
          group: 'filters',
          name: 'documents, status Rejected',
          variants: 1,
          path: () => q('/api/tracking/stt/documents', 'status=Rejected'),
        },
        {
          group: 'filters',
          name: 'documents, channel Kivra, last 7 days',
          variants: 1,
          path: () => q('/api/tracking/stt/documents', `channel=kivra&dateOperator=from&fromDate=${day(7)}`),
        },
        {
          group: 'filters',
          name: 'documents, page 200 of 50 (offset 9 950)',
          variants: 1,
          path: () => q('/api/tracking/stt/documents', 'page=200&pageSize=50'),
        },
        {
          group: 'filters',
          name: 'files sorted by file name, descending',
          variants: 1,
          path: () => q('/api/tracking/stt/files', 'sortBy=filename&sortDirection=desc'),
        },
        ...(
          [
            [
              'documents',
              'recipientName',
              'contains',
              (i: number) => encodeURIComponent(names[i % names.length]!),
            ],
            [
              'documents',
              'recipientName',
              'endsWith',
              (i: number) => encodeURIComponent(endings[i % endings.length]!),
            ],
            [
              'documents',
              'recipientName',
              'notContains',
              (i: number) => encodeURIComponent(names[i % names.length]!),
            ],
            ['documents', 'externalDocumentId', 'exact', (i: number) => pick(externalIds, i)],
            [
              'documents',
              'externalDocumentId',
              'startsWith',
              (i: number) => pick(externalIds, i).slice(0, -2),
            ],
            ['documents', 'externalDocumentId', 'endsWith', (i: number) => pick(externalIds, i).slice(-6)],
            ['documents', 'invoiceNumber', 'exact', (i: number) => pick(invoices, i)],
            ['documents', 'invoiceNumber', 'contains', (i: number) => pick(invoices, i).slice(2, 6)],
            [
              'documents',
              'eAddress',
              'contains',
              (i: number) => encodeURIComponent(addresses[i % addresses.length]!),
            ],
            [
              'documents',
              'messageId',
              'exact',
              (i: number) => `MSG${pick(externalIds, i).split('-').at(-1)}`,
            ],
            ['documents', 'filename', 'contains', () => 'reminders'],
            ['files', 'filename', 'contains', () => 'invoices'],
            ['files', 'filename', 'exact', (i: number) => pick(filenames, i)],
            ['files', 'filename', 'endsWith', (i: number) => pick(filenames, i).slice(-12)],
            ['files', 'receiverName', 'contains', () => 'production'],
            ['files', 'subCustomerId', 'startsWith', (i: number) => `SUB${i % 10}`],
          ] as const
        ).map(([list, field, operator, value]): Scenario => ({
          group: 'text filter',
          name: `${list}, ${field} ${operator}`,
          target: 100,
          variants: 10,
          path: (i) => q(`/api/tracking/stt/${list}`, `${field}=${value(i)}&${field}Operator=${operator}`),
        })),
        {
          group: 'detail',
          name: 'file (delivery per channel, status log, details)',
          target: 20,
          variants: 50,
          path: (i) => q(`/api/tracking/stt/files/${fileIds[i % fileIds.length]}`),
        },
        {
          group: 'detail',
          name: 'document (deliveries, timeline)',
          target: 20,
          variants: 50,
          path: (i) => q(`/api/tracking/stt/documents/${documentIds[i % documentIds.length]}`),
        },
        {
          group: 'overview',
          name: 'last 30 days',
          target: 150,
          variants: 1,
          path: () => q('/api/tracking/stt/overview'),
        },
      ];

      const request = async (path: string) => {
        const response = await fetch(`${baseUrl}${path}`, { headers });
        const body = await response.text();
        if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
        return body;
      };

      log(`## Track and trace at scale`);
      log('');
      log(
        `Measured by \`bench/tracking.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17 with its default settings, shared with other work on the machine. ${totals[0]!.documents.toLocaleString('en')} documents in ${totals[0]!.files.toLocaleString('en')} files over 48 customers (database ${sizes[0]!.size}); the account measured (${ACCOUNT}) has ${totals[0]!.account.toLocaleString('en')} documents.`,
      );
      log('');
      if (!Number.isNaN(filled.seconds)) {
        log(
          `Filling took ${(filled.seconds / 60).toFixed(1)} minutes (${Math.round(filled.documents / filled.seconds)} documents/s with every index, then VACUUM ANALYZE).`,
        );
        log('');
      }
      log(
        `One client, requests one after another through HTTP (bearer token, access check, JSON): ${WARM_UP} to warm up, then ${REQUESTS} per scenario, cycling through the variants (different search terms, files, documents). "SQL" runs the statements that request ran, with the same parameters, straight on the pool in the same run (parallel where the handler runs them in parallel).`,
      );
      log('');
      for (const line of SCENARIO_TABLE_HEADER) log(line);

      for (const scenario of scenarios) {
        const measured = await measureScenario(scenario, {
          rec,
          request,
          warmUp: WARM_UP,
          requests: REQUESTS,
        });
        log(measured.row);
        plans.push(...measured.plans);
      }
      log('');
    } finally {
      await app.close();
    }
  } finally {
    await db.$client.end();
    await postgres.stop();
    if (!KEEP) await rm(workDir, { recursive: true, force: true });
  }
  return { performance: lines, plans };
}

/** Replaces the text between two marker lines of a document (appends the block when missing). */
export async function replaceSection(file: string, marker: string, body: readonly string[]) {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  const block = [start, ...body, end].join('\n');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
}

export async function writeTrackingResults(result: { performance: string[]; plans: string[] }) {
  await replaceSection(join(root, 'docs', 'performance.md'), 'tracking-bench', result.performance);
  await replaceSection(join(root, 'docs', 'tracking.md'), 'tracking-plans', [
    '## Plans measured by the benchmark',
    '',
    'Written by `bench/tracking.ts` (EXPLAIN ANALYZE of the statements each scenario runs, first variant).',
    '',
    ...result.plans,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeTrackingResults(await runTrackingBench());
}
