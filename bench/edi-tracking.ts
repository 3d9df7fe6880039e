/**
 * EDI tracking at scale: fills BENCH_EDI_MESSAGES messages (default 1 000 000) in
 * BENCH_EDI_CONSIGNMENTS consignments (default 300 000) with the demo seed's EDI generator, then
 * measures each EDI list and detail through the HTTP API with one client, next to the bare SQL of
 * the same statements in the same run, and records the plans.
 *
 * `npm run bench` runs it after track and trace; `npx tsx bench/edi-tracking.ts` runs it alone and
 * replaces only its own section of docs/performance.md (and the plans in docs/edi-tracking.md).
 * BENCH_EDI_REQUESTS (default 200 per scenario) scales the measuring; BENCH_EDI_KEEP=1 keeps the
 * filled database for another run.
 */
import { mkdir, rm } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Market, PermissionPrefix } from '@service-hub/contracts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedEdi } from '../apps/api/src/seed/demo-activity.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { Random } from '../apps/api/src/seed/random.ts';
import {
  measureScenario,
  recorder,
  SCENARIO_TABLE_HEADER,
  type Scenario as ApiScenario,
} from './api-vs-sql.ts';
import { writeBenchSections } from './tracking.ts';

const CONSIGNMENTS = Number(process.env.BENCH_EDI_CONSIGNMENTS ?? 300_000);
const MESSAGES = Number(process.env.BENCH_EDI_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_EDI_REQUESTS ?? 200);
const KEEP = process.env.BENCH_EDI_KEEP === '1';
const WARM_UP = 10;
const workDir = join(import.meta.dirname, '.work-edi');
const ACCOUNT = 'Göta Bostäder AB';

type Scenario = ApiScenario<'default view' | 'filters' | 'name search' | 'detail'>;

/** What the plans show (the plans themselves: docs/edi-tracking.md, written by this run). */
const notes = (load: string) => [
  'Reading the plans (EXPLAIN ANALYZE of every scenario in [edi-tracking.md](edi-tracking.md#plans-measured-by-the-benchmark)):',
  '',
  "- **Default views** (errors first, everything newest first): an index-only scan of `(customer_id, time DESC, id DESC) INCLUDE (status, direction, category, consignment_ref)` on the one table of the list; status, direction and category filter inside the index, the page reads only its own 26 rows. Documents and messages carry their consignment's account for exactly this.",
  '- **Counting** stops at 10 001 rows (`LIMIT` inside the count), so "everything" costs at most that many index entries however large the account.',
  '- **Name and address searches** on consignments use the per-account trigram GIN indexes for selective words and the per-account covering index `(customer_id, id) INCLUDE (names, addresses, file name, id)` when most consignments match (a common word, "does not contain"): the account\'s rows are spread over the whole table, so reading them from the heap costs one page each. On documents and messages the matching consignments are found first, then their documents or messages in list order from `(consignment_ref, created_at DESC, id DESC) INCLUDE (customer_id)`.',
  '- **Details** are one statement each: the consignment by its unique id, its documents, messages and status events by `consignment_ref`, aggregated to JSON in PostgreSQL.',
  `- The machine is shared with other engineers' builds and tests (load average ${load} at the end of the run, on ${cpus().length} cores): p50 is the steady cost; p95 carries their interference, as the SQL p95 of the same statements shows.`,
];

/** Fills up to the volume with the demo seed's generator (a kept database is only topped up). */
export async function fillEdi(
  db: Database,
  consignments = CONSIGNMENTS,
  messages = MESSAGES,
): Promise<{ seconds: number }> {
  const client = await db.$client.connect();
  try {
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    const max = async (table: string) =>
      (await client.query<{ n: number }>(`SELECT coalesce(max(id), 0)::int AS n FROM ${table}`)).rows[0]!.n;
    const existing = await count('edi_consignments');
    if (existing >= consignments) return { seconds: Number.NaN };
    const { rows } = await client.query<{
      id: number;
      name: string;
      customer_number: string;
      market: Market;
      services: PermissionPrefix[];
    }>(
      `SELECT c.id, c.name, c.customer_number, c.market,
              coalesce(array_agg(DISTINCT p.prefix) FILTER (WHERE p.prefix IS NOT NULL), '{}') AS services
         FROM customers c
         LEFT JOIN customer_permissions cp ON cp.customer_id = c.id
         LEFT JOIN permissions p ON p.id = cp.permission_id
        GROUP BY c.id ORDER BY c.id`,
    );
    const started = performance.now();
    await seedEdi(
      client,
      new Random(13),
      rows.map((c) => ({
        id: c.id,
        name: c.name,
        customerNumber: c.customer_number,
        market: c.market,
        services: c.services,
      })),
      new Date(),
      consignments - existing,
      {
        messages: messages - (await count('edi_messages')),
        firstId: {
          consignment: (await max('edi_consignments')) + 1,
          document: (await max('edi_documents')) + 1,
          message: (await max('edi_messages')) + 1,
        },
        onProgress: (n) => {
          if (n % 60_000 === 0)
            console.log(`  ${n} consignments, ${Math.round((performance.now() - started) / 1000)} s`);
        },
      },
    );
    console.log('vacuuming and analyzing…');
    await client.query('VACUUM (ANALYZE)');
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}

export async function runEdiTrackingBench(): Promise<{ performance: string[]; plans: string[] }> {
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
    console.log(`filling ${CONSIGNMENTS} consignments with ${MESSAGES} messages…`);
    const filled = await fillEdi(db);
    const pool = db.$client;
    const { rows: totals } = await pool.query<{
      consignments: number;
      documents: number;
      messages: number;
      account: number;
      accountMessages: number;
      customers: number;
    }>(
      `SELECT (SELECT count(*)::int FROM edi_consignments) AS consignments,
              (SELECT count(*)::int FROM edi_documents) AS documents,
              (SELECT count(*)::int FROM edi_messages) AS messages,
              (SELECT count(DISTINCT customer_id)::int FROM edi_consignments) AS customers,
              (SELECT count(*)::int FROM edi_consignments e JOIN customers c ON c.id = e.customer_id
                WHERE c.name = $1) AS account,
              (SELECT count(*)::int FROM edi_messages e JOIN customers c ON c.id = e.customer_id
                WHERE c.name = $1) AS "accountMessages"`,
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
      const sample = async (sql: string) =>
        (await rec.original(sql, [accountId])).rows.map((r) => Object.values(r).map(String));
      const consignments = await sample(
        'SELECT consignment_id FROM edi_consignments WHERE customer_id = $1 ORDER BY id DESC LIMIT 400',
      );
      const messages = await sample(
        'SELECT m.message_id, c.consignment_id FROM edi_messages m JOIN edi_consignments c ON c.id = m.consignment_ref WHERE m.customer_id = $1 ORDER BY m.id DESC LIMIT 400',
      );
      const documents = await sample(
        'SELECT d.document_id, c.consignment_id FROM edi_documents d JOIN edi_consignments c ON c.id = d.consignment_ref WHERE d.customer_id = $1 ORDER BY d.id DESC LIMIT 400',
      );
      // Names of the partners and customers the generator writes: common and rare words.
      const names = ['nordic', 'baltic', 'hanseatic', 'pharma', 'polar', 'byggevare', 'bostäder', 'kraft'];
      const addresses = ['hamburg', 'tallinn', 'oulunsalo', 'södertälje', 'brøndby', 'tønsberg'];
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const errorsFirst = `status=ERROR,NOT_EXISTS&fromDate=${day(7)}`;
      const pick = (values: string[][], i: number) => values[(i * 37) % values.length]!;
      const word = (values: string[], i: number) => encodeURIComponent(values[i % values.length]!);

      const scenarios: Scenario[] = [
        ...(['consignments', 'messages', 'documents'] as const).flatMap((list): Scenario[] => [
          {
            group: 'default view',
            name: `${list}: errors first (ERROR, NOT_EXISTS, last 7 days)`,
            target: 25,
            variants: 1,
            path: () => q(`/api/tracking/ets/${list}`, errorsFirst),
          },
          {
            group: 'default view',
            name: `${list}: everything, newest first`,
            target: 25,
            variants: 1,
            path: () => q(`/api/tracking/ets/${list}`),
          },
        ]),
        {
          group: 'filters',
          name: 'messages: outbound invoices, last 30 days',
          variants: 1,
          path: () =>
            q('/api/tracking/ets/messages', `directionType=OUTBOUND&category=invoice&fromDate=${day(30)}`),
        },
        {
          group: 'filters',
          name: 'consignments: page 200 of 50 (offset 9 950)',
          variants: 1,
          path: () => q('/api/tracking/ets/consignments', 'page=200&pageSize=50'),
        },
        {
          group: 'filters',
          name: 'messages: message id exact',
          variants: 10,
          path: (i) =>
            q('/api/tracking/ets/messages', `messageId=${pick(messages, i)[0]}&messageIdOperator=exact`),
        },
        {
          group: 'filters',
          name: 'consignments: consignment id starts with',
          variants: 10,
          path: (i) =>
            q(
              '/api/tracking/ets/consignments',
              `consignmentId=${pick(consignments, i)[0]!.slice(0, -2)}&consignmentIdOperator=startsWith`,
            ),
        },
        ...(
          [
            ['consignments', 'senderName', 'contains', names],
            ['consignments', 'receiverName', 'contains', names],
            ['consignments', 'receiverName', 'startsWith', names],
            ['consignments', 'senderAddress', 'endsWith', addresses],
            ['messages', 'senderName', 'contains', names],
            ['messages', 'receiverName', 'notContains', names],
            ['documents', 'receiverAddress', 'contains', addresses],
          ] as const
        ).map(([list, field, operator, words]): Scenario => ({
          group: 'name search',
          name: `${list}: ${field} ${operator}`,
          target: 100,
          variants: words.length,
          path: (i) =>
            q(`/api/tracking/ets/${list}`, `${field}=${word([...words], i)}&${field}Operator=${operator}`),
        })),
        {
          group: 'detail',
          name: 'consignment (parties, history, documents, messages)',
          target: 20,
          variants: 50,
          path: (i) => q(`/api/tracking/ets/consignments/${pick(consignments, i)[0]}`),
        },
        {
          group: 'detail',
          name: 'message (history, sibling documents)',
          target: 20,
          variants: 50,
          path: (i) => q(`/api/tracking/ets/messages/${pick(messages, i).join('/')}`),
        },
        {
          group: 'detail',
          name: 'document (history, sibling messages)',
          target: 20,
          variants: 50,
          path: (i) => q(`/api/tracking/ets/documents/${pick(documents, i).join('/')}`),
        },
      ];

      const request = async (path: string) => {
        const response = await fetch(`${baseUrl}${path}`, { headers });
        const body = await response.text();
        if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
        return body;
      };

      const t = totals[0]!;
      log('## EDI tracking');
      log('');
      log(
        `Measured by \`bench/edi-tracking.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17 with its default settings, shared with other work on the machine. ${t.messages.toLocaleString('en')} messages and ${t.documents.toLocaleString('en')} documents in ${t.consignments.toLocaleString('en')} consignments of ${t.customers} accounts over 90 days (database ${sizes[0]!.size}); the account measured (${ACCOUNT}) has ${t.account.toLocaleString('en')} consignments and ${t.accountMessages.toLocaleString('en')} messages.`,
      );
      log('');
      if (!Number.isNaN(filled.seconds)) {
        log(
          `Filling took ${(filled.seconds / 60).toFixed(1)} minutes (the demo seed's EDI generator with COPY, every index in place, then VACUUM ANALYZE).`,
        );
        log('');
      }
      log(
        `One client, requests one after another through HTTP (bearer token, access check, JSON): ${WARM_UP} to warm up, then ${REQUESTS} per scenario, cycling through the variants (search words, consignments, messages, documents). "SQL" runs the statements that request ran, with the same parameters, straight on the pool in the same run (parallel where the handler runs them in parallel).`,
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
      for (const note of notes(
        loadavg()
          .map((n) => n.toFixed(1))
          .join(' / '),
      ))
        log(note);
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

export const writeEdiTrackingResults = (result: { performance: string[]; plans: string[] }) =>
  writeBenchSections('edi-tracking', result);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeEdiTrackingResults(await runEdiTrackingBench());
}
