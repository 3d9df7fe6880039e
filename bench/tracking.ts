/**
 * Track and trace at scale: fills the database with the seed generator to each size of
 * BENCH_TRACKING_DOCUMENTS in turn (default 5 000 000 and 20 000 000 documents, smallest first,
 * each fill adding to the last), measures each tracking endpoint through the HTTP API with one
 * client next to the bare SQL of the same queries in the same run, records the plans at the
 * largest size, writes how each scenario's cost grows with the data, and measures ingestion with
 * and without the overview's count triggers.
 *
 * `npm run bench` runs it after the foundation's measurements; `npx tsx bench/tracking.ts` runs it
 * alone and replaces only its own section of docs/performance.md (and the plans in
 * docs/tracking.md). BENCH_TRACKING_DOCUMENTS (e.g. "200000" or "1000000,4000000") and
 * BENCH_TRACKING_REQUESTS (default 200 per scenario) scale it down; BENCH_TRACKING_SCENARIOS picks
 * scenarios by name; BENCH_TRACKING_KEEP=1 keeps the filled database for another run.
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
import { everyCustomer, generateTracking } from '../apps/api/src/seed/tracking-generator.ts';
import {
  measureScenario,
  recorder,
  SCENARIO_TABLE_HEADER,
  type Scenario as ApiScenario,
} from './api-vs-sql.ts';

const SIZES = documentSizes(process.env.BENCH_TRACKING_DOCUMENTS ?? '5000000,20000000');
const REQUESTS = Number(process.env.BENCH_TRACKING_REQUESTS ?? 200);
const KEEP = process.env.BENCH_TRACKING_KEEP === '1';
const WARM_UP = 10;
const root = join(import.meta.dirname, '..');
const workDir = join(import.meta.dirname, '.work-tracking');
const ACCOUNT = 'Mälardalens Vatten AB';

/** BENCH_TRACKING_SCENARIOS: parts of scenario names to measure (e.g. "notContains,overview"); all by default. */
const CHOSEN = process.env.BENCH_TRACKING_SCENARIOS?.split(',').map((part) => part.trim().toLowerCase());
const chosen = (scenario: { group: string; name: string }) =>
  !CHOSEN || CHOSEN.some((part) => `${scenario.group}: ${scenario.name}`.toLowerCase().includes(part));

type Scenario = ApiScenario<'default view' | 'filters' | 'text filter' | 'detail' | 'overview'>;

/** "5000000,20000000" → [5000000, 20000000]: the sizes to measure at, smallest first. */
function documentSizes(value: string): number[] {
  const sizes = value.split(',').map((v) => Number(v.trim().replaceAll('_', '')));
  if (sizes.length === 0 || sizes.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
    throw new Error(`BENCH_TRACKING_DOCUMENTS takes document counts separated by commas, not "${value}"`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

type Filled = { seconds: number; documents: number };

/** Fills the database up to `documents` (a kept or smaller database is topped up, not refilled). */
export async function fillTracking(db: Database, documents: number): Promise<Filled> {
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_documents');
    const existing = rows[0]?.n ?? 0;
    if (existing >= documents) return { seconds: Number.NaN, documents: 0 };
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) / 1000);
    let last = 0;
    const result = await generateTracking({
      client,
      customers: await everyCustomer(client),
      documents: documents - existing,
      // Another seed for each addition, so a second fill does not repeat the first one's values.
      random: new Random(12 + existing),
      now: new Date(),
      bulk: true,
      onProgress: (written) => {
        if (written - last >= 1_000_000) {
          last = written;
          console.log(`  ${written} documents, ${elapsed()} s`);
        }
      },
      onStep: (step) => console.log(`  ${step}, ${elapsed()} s`),
    });
    console.log('vacuuming and analyzing…');
    await client.query('VACUUM (ANALYZE)');
    return { seconds: (performance.now() - started) / 1000, documents: result.documents };
  } finally {
    client.release();
  }
}

type Measured = Awaited<ReturnType<typeof measureScenario>> & { scenario: Scenario };

type SizeResult = {
  size: number;
  filled: Filled;
  files: number;
  documents: number;
  account: number;
  databaseSize: string;
  measured: Measured[];
};

/** The scenarios, with search values taken from the account's data as it is now. */
async function scenariosFor(rec: ReturnType<typeof recorder>, accountId: number): Promise<Scenario[]> {
  const q = (path: string, query = '') => `${path}?activeAccountId=${accountId}${query ? `&${query}` : ''}`;
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
  const names = ['anna', 'lindqvist', 'erik', 'berg', 'maria', 'åkesson', 'karl', 'nils', 'ström', 'sofia'];
  const endings = ['sson', 'qvist', 'ström', 'andersson', 'nilsson'];
  const addresses = ['anna.', 'erik.', '.nilsson@', 'karin', 'johan'];
  const pick = (values: string[], i: number) => encodeURIComponent(values[(i * 37) % values.length]!);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  return [
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
        ['documents', 'externalDocumentId', 'startsWith', (i: number) => pick(externalIds, i).slice(0, -2)],
        ['documents', 'externalDocumentId', 'endsWith', (i: number) => pick(externalIds, i).slice(-6)],
        ['documents', 'invoiceNumber', 'exact', (i: number) => pick(invoices, i)],
        ['documents', 'invoiceNumber', 'contains', (i: number) => pick(invoices, i).slice(2, 6)],
        [
          'documents',
          'eAddress',
          'contains',
          (i: number) => encodeURIComponent(addresses[i % addresses.length]!),
        ],
        ['documents', 'messageId', 'exact', (i: number) => `MSG${pick(externalIds, i).split('-').at(-1)}`],
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
}

export async function runTrackingBench(): Promise<{ performance: string[]; plans: string[] }> {
  if (!KEEP) await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir: workDir });
  await ensureDatabaseExists(postgres.url(), 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 20 });
  const results: SizeResult[] = [];
  let ingestion: string[] = [];
  try {
    await runMigrations(db.$client);
    await seedDemoDataIfEmpty(db.$client, { documents: 2_000, consignments: 50, supportCases: 20 });
    const rec = recorder(db.$client);
    const app = await buildApp({
      // The ingestion rounds measure throughput, not the per-caller limit on writes.
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0', RATE_LIMIT_WRITES: '1000000' }),
      db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const { rows: account } = await rec.original('SELECT id FROM customers WHERE name = $1', [ACCOUNT]);
      const accountId = account[0].id as number;
      for (const size of SIZES) {
        console.log(`filling to ${size} documents…`);
        const filled = await fillTracking(db, size);
        // Signed in anew for each size: a token does not outlive a long fill.
        const headers = { authorization: `Bearer ${await signIn(baseUrl, 'user@example.com')}` };
        const request = async (path: string) => {
          const response = await fetch(`${baseUrl}${path}`, { headers });
          const body = await response.text();
          if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
          return body;
        };
        const measured: Measured[] = [];
        for (const scenario of (await scenariosFor(rec, accountId)).filter(chosen)) {
          const result = await measureScenario(scenario, {
            rec,
            request,
            warmUp: WARM_UP,
            requests: REQUESTS,
          });
          console.log(result.row);
          measured.push({ ...result, scenario });
        }
        const { rows } = await rec.original(
          `SELECT (SELECT count(*)::int FROM tracking_files) AS files,
                  (SELECT count(*)::int FROM tracking_documents) AS documents,
                  (SELECT count(*)::int FROM tracking_documents WHERE customer_id = $1) AS account,
                  pg_size_pretty(pg_database_size('bench')) AS database_size`,
          [accountId],
        );
        const totals = rows[0] as {
          files: number;
          documents: number;
          account: number;
          database_size: string;
        };
        results.push({
          size,
          filled,
          files: totals.files,
          documents: totals.documents,
          account: totals.account,
          databaseSize: totals.database_size,
          measured,
        });
      }
      ingestion = await measureIngestion(db, baseUrl);
    } finally {
      await app.close();
    }
  } finally {
    await db.$client.end();
    await postgres.stop();
    if (!KEEP) await rm(workDir, { recursive: true, force: true });
  }
  return {
    performance: [...describeResults(results), ...ingestion],
    plans: results.at(-1)!.measured.flatMap((m) => m.plans),
  };
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const millions = (n: number) =>
  n >= 1_000_000
    ? `${(n / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} M`
    : n.toLocaleString('en');

function describeResults(results: SizeResult[]): string[] {
  const largest = results.at(-1)!;
  const lines = [
    '## Track and trace at scale',
    '',
    `Measured by \`bench/tracking.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17 with its default settings. The database is filled to each size in turn (BENCH_TRACKING_DOCUMENTS, default 5 and 20 million; each fill adds to the one before), and every scenario is measured at each size. The account measured is ${ACCOUNT}.`,
    '',
    "| documents | files | database | the account's documents | filled in | documents/s |",
    '|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const fillTime = Number.isNaN(r.filled.seconds) ? 'kept' : `${(r.filled.seconds / 60).toFixed(1)} min`;
    const rate = Number.isNaN(r.filled.seconds)
      ? ''
      : Math.round(r.filled.documents / r.filled.seconds).toLocaleString('en');
    lines.push(
      `| ${r.documents.toLocaleString('en')} | ${r.files.toLocaleString('en')} | ${r.databaseSize} | ${r.account.toLocaleString('en')} | ${fillTime} | ${rate} |`,
    );
  }
  const fillSeconds = results.reduce(
    (sum, r) => sum + (Number.isNaN(r.filled.seconds) ? 0 : r.filled.seconds),
    0,
  );
  lines.push(
    '',
    `Filling to ${millions(largest.size)} took ${(fillSeconds / 60).toFixed(1)} minutes in all: the generator writes with COPY in one transaction with the tables' non-unique indexes and foreign keys set aside, then builds each index in one pass and checks each key with one join (\`apps/api/src/seed/bulk-load.ts\`), then VACUUM ANALYZE.`,
    '',
    `### At ${millions(largest.size)} documents`,
    '',
    `One client, requests one after another through HTTP (bearer token, access check, JSON): ${WARM_UP} to warm up, then ${REQUESTS} per scenario, cycling through the variants (different search terms, files, documents). "SQL" runs the statements that request ran, with the same parameters, straight on the pool in the same run (parallel where the handler runs them in parallel).`,
    '',
    ...SCENARIO_TABLE_HEADER,
    ...largest.measured.map((m) => m.row),
    '',
  );
  if (results.length > 1) lines.push(...scalingTable(results));
  return lines;
}

/**
 * p95 of each scenario at every size with the growth from the smallest: a ratio above the
 * account's own growth (in bold) is a query whose cost grows faster than the data it reads.
 */
function scalingTable(results: SizeResult[]): string[] {
  const first = results[0]!;
  const last = results.at(-1)!;
  const growth = last.account / first.account;
  const ratio = (a: number, b: number) => {
    const value = b / a;
    const text = `×${value.toFixed(1)}`;
    return value > growth ? `**${text}**` : text;
  };
  const sizes = results.map((r) => millions(r.size));
  const lines = [
    '### How the cost grows with the data',
    '',
    `p95 in ms at each size, and the growth from ${sizes[0]} to ${sizes.at(-1)}. The account's documents grew ×${growth.toFixed(1)} (${first.account.toLocaleString('en')} → ${last.account.toLocaleString('en')}); a growth above that is in bold.`,
    '',
    `| group | scenario | ${sizes.map((s) => `API ${s}`).join(' | ')} | API growth | ${sizes.map((s) => `SQL ${s}`).join(' | ')} | SQL growth | target p95 | met at ${sizes.at(-1)} |`,
    `|---|---|${sizes.map(() => '---:').join('|')}|---:|${sizes.map(() => '---:').join('|')}|---:|---:|:-:|`,
  ];
  first.measured.forEach((m, i) => {
    const at = results.map((r) => r.measured[i]!);
    const latest = at.at(-1)!;
    lines.push(
      `| ${m.scenario.group} | ${m.scenario.name} | ${at.map((x) => x.apiP95.toFixed(1)).join(' | ')} | ${ratio(m.apiP95, latest.apiP95)} | ${at.map((x) => x.sqlP95.toFixed(1)).join(' | ')} | ${ratio(m.sqlP95, latest.sqlP95)} | ${m.scenario.target ?? ''} | ${latest.met === undefined ? '' : latest.met ? 'yes' : '**no**'} |`,
    );
  });
  lines.push('');
  return lines;
}

const INGEST_CLIENTS = 4;
const INGEST_ROUND_MS = 10_000;
const INGEST_ROUNDS = 3;
const COUNT_TRIGGERS = [
  'tracking_document_counts_insert',
  'tracking_document_counts_update',
  'tracking_document_counts_delete',
];

/**
 * Ingestion through the API (a file, ten documents, their deliveries and a status event per
 * batch, four producers at once) with the overview's count triggers and without them, in
 * alternating rounds of the same run: what keeping the counts costs the producers.
 */
async function measureIngestion(db: Database, baseUrl: string): Promise<string[]> {
  const admin = await signIn(baseUrl, 'sfadmin@example.com');
  const { rows } = await db.$client.query<{ id: number; customer_number: string }>(
    'SELECT id, customer_number FROM customers WHERE name = $1',
    [ACCOUNT],
  );
  const customer = rows[0]!;
  const created = await fetch(`${baseUrl}/api/ingest/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Benchmark producer', customerIds: [customer.id] }),
  });
  if (created.status !== 201) throw new Error(`API key: ${created.status} ${await created.text()}`);
  const { key } = (await created.json()) as { key: string };

  let sequence = 0;
  const batch = () => {
    const fileRef = `BENCH-${process.pid}-${++sequence}`;
    const now = new Date().toISOString();
    const common = (eventId: string) => ({ eventId, customerNumber: customer.customer_number });
    const documents = Array.from({ length: 10 }, (_, i) => `${fileRef}-${i}`);
    return [
      { type: 'file', ...common(`${fileRef}-file`), fileRef, filename: `${fileRef}.xml`, arrivedAt: now },
      ...documents.map((id) => ({
        type: 'document',
        ...common(`${id}-doc`),
        fileRef,
        externalDocumentId: id,
      })),
      ...documents.map((id, i) => ({
        type: 'delivery',
        ...common(`${id}-delivery`),
        externalDocumentId: id,
        deliveryDocumentId: `${id}-kivra`,
        channel: 'kivra',
        status: i % 5 === 0 ? 'rejected' : 'delivered',
        occurredAt: now,
      })),
      { type: 'statusEvent', ...common(`${fileRef}-finished`), fileRef, step: 'finished', occurredAt: now },
    ];
  };
  const round = async () => {
    let documents = 0;
    const started = performance.now();
    const deadline = started + INGEST_ROUND_MS;
    await Promise.all(
      Array.from({ length: INGEST_CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const response = await fetch(`${baseUrl}/api/ingest/tracking`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ records: batch() }),
          });
          const answer = (await response.json()) as { accepted: number; rejected: number };
          if (!response.ok || answer.rejected > 0) throw new Error(`ingestion: ${JSON.stringify(answer)}`);
          documents += 10;
        }
      }),
    );
    return documents / ((performance.now() - started) / 1000);
  };
  const setCounting = (on: boolean) =>
    db.$client.query(
      COUNT_TRIGGERS.map(
        (t) => `ALTER TABLE tracking_documents ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`,
      ).join('; '),
    );

  const rates = { with: [] as number[], without: [] as number[] };
  try {
    await round(); // warm-up
    for (let i = 0; i < INGEST_ROUNDS; i++) {
      await setCounting(false);
      rates.without.push(await round());
      await setCounting(true);
      rates.with.push(await round());
    }
  } finally {
    await setCounting(true);
    // The rounds without the triggers were not counted: count every document again.
    await db.$client.query('SELECT recount_tracking_documents()');
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const without = median(rates.without);
  const withCounts = median(rates.with);
  return [
    '### Ingestion while the overview counts',
    '',
    `\`POST /api/ingest/tracking\` at ${millions(SIZES.at(-1)!)} documents: batches of a file, ten documents, their deliveries and a status event, from ${INGEST_CLIENTS} producers at once, ${INGEST_ROUNDS} rounds of ${INGEST_ROUND_MS / 1000} s each way, alternating (median round). "Without" disables the three statement triggers of migration 0018 that keep \`tracking_document_counts\`.`,
    '',
    '| ingestion | documents/s | share |',
    '|---|---:|---:|',
    `| baseline: without the overview's counts | ${Math.round(without)} | 100 % |`,
    `| with the counts kept in the same transaction | ${Math.round(withCounts)} | ${Math.round((withCounts / without) * 100)} % |`,
    '',
  ];
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

/**
 * A benchmark's results into its section of docs/performance.md, and the plans it measured into
 * its feature's document (docs/<name>.md): `bench/<name>.ts` writes `<name>-bench` and `<name>-plans`.
 */
export async function writeBenchSections(name: string, result: { performance: string[]; plans: string[] }) {
  await replaceSection(join(root, 'docs', 'performance.md'), `${name}-bench`, result.performance);
  await replaceSection(join(root, 'docs', `${name}.md`), `${name}-plans`, [
    '',
    '## Plans measured by the benchmark',
    '',
    `Written by \`bench/${name}.ts\` (EXPLAIN ANALYZE of the statements each scenario runs, first variant).`,
    '',
    ...result.plans,
  ]);
}

export const writeTrackingResults = (result: { performance: string[]; plans: string[] }) =>
  writeBenchSections('tracking', result);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeTrackingResults(await runTrackingBench());
}
