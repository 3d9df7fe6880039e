/**
 * The header search at scale: one database with BENCH_SEARCH_DOCUMENTS track-and-trace documents
 * (default 5 000 000) and BENCH_SEARCH_EDI_MESSAGES EDI messages (default 1 000 000, in 300 000
 * consignments), filled with the demo seed's generators. A user holds 10 accounts with track and
 * trace, EDI tracking and support; each search goes through the HTTP API next to the bare SQL of
 * the same statements in the same run, and the plans are recorded.
 *
 * `npm run bench` runs it after EDI tracking; `npx tsx bench/search.ts` runs it alone and replaces
 * only its own section of docs/performance.md (and the plans in docs/search.md).
 * BENCH_SEARCH_REQUESTS (default 200 per scenario) scales the measuring; BENCH_SEARCH_KEEP=1 keeps
 * the filled database for another run.
 */
import { mkdir, rm } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { measureScenario, recorder, SCENARIO_TABLE_HEADER, type Scenario } from './api-vs-sql.ts';
import { fillEdi } from './edi-tracking.ts';
import { fillTracking, writeBenchSections } from './tracking.ts';

const DOCUMENTS = Number(process.env.BENCH_SEARCH_DOCUMENTS ?? 5_000_000);
const MESSAGES = Number(process.env.BENCH_SEARCH_EDI_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const KEEP = process.env.BENCH_SEARCH_KEEP === '1';
const WARM_UP = 10;
const HELD_ACCOUNTS = 10;
const SEARCHER = 'search-bench@example.com';
const workDir = join(import.meta.dirname, '.work-search');

/**
 * The searcher: a copy of the demo customer user, holding ten accounts — those with EDI traffic
 * first, then by their number of documents (the largest answers) — with track and trace, EDI
 * tracking and support on each.
 */
async function createSearcher(pool: ReturnType<typeof createDatabase>['$client']): Promise<number[]> {
  // Accounts with EDI traffic first (the demo data has it only where EDI tracking is on); none that
  // asks for a second factor, which a benchmark cannot give.
  const { rows: accounts } = await pool.query<{ id: number }>(
    `SELECT d.customer_id AS id
       FROM tracking_documents d
       JOIN customers c ON c.id = d.customer_id AND NOT c.is_mfa_enabled
       LEFT JOIN (SELECT DISTINCT customer_id FROM edi_consignments) e ON e.customer_id = d.customer_id
      GROUP BY d.customer_id, e.customer_id IS NOT NULL
      ORDER BY e.customer_id IS NOT NULL DESC, count(*) DESC LIMIT $1`,
    [HELD_ACCOUNTS],
  );
  const ids = accounts.map((a) => a.id);
  // The accounts get the three services themselves: a user's grant needs the account's.
  await pool.query(
    `INSERT INTO customer_permissions (customer_id, permission_id)
     SELECT c, cup.permission_id
       FROM unnest($1::int[]) c, users t
       JOIN customer_user_permissions cup ON cup.user_id = t.id
       JOIN permissions p ON p.id = cup.permission_id AND p.prefix IN ('STT', 'ETS', 'SUP')
      WHERE t.email = 'user@example.com'
     ON CONFLICT DO NOTHING`,
    [ids],
  );
  // A kept database has the searcher from the run before: made anew, with today's accounts.
  await pool.query('DELETE FROM users WHERE email = $1', [SEARCHER]);
  await pool.query(
    `WITH template AS (SELECT * FROM users WHERE email = 'user@example.com'),
          searcher AS (
            INSERT INTO users (id, email, username, first_name, last_name, display_name, email_verified, enabled, language, password_hash)
            SELECT gen_random_uuid(), $1, $1, 'Sara', 'Search', 'Sara Search', true, true, language, password_hash FROM template
            RETURNING id),
          roles AS (INSERT INTO user_roles (user_id, role) SELECT id, 'CustomerUser' FROM searcher),
          held AS (
            INSERT INTO user_customers (user_id, customer_id) SELECT s.id, c FROM searcher s, unnest($2::int[]) c)
     INSERT INTO customer_user_permissions (user_id, customer_id, permission_id)
     SELECT DISTINCT s.id, c, cup.permission_id
       FROM searcher s, unnest($2::int[]) c, template t
       JOIN customer_user_permissions cup ON cup.user_id = t.id
       JOIN permissions p ON p.id = cup.permission_id AND p.prefix IN ('STT', 'ETS', 'SUP')`,
    [SEARCHER, ids],
  );
  return ids;
}

export async function runSearchBench(): Promise<{ performance: string[]; plans: string[] }> {
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
    console.log(`filling to ${DOCUMENTS} documents…`);
    await fillTracking(db, DOCUMENTS);
    console.log(`filling to ${MESSAGES} EDI messages…`);
    await fillEdi(db, Math.round(MESSAGES * 0.3), MESSAGES);
    const pool = db.$client;
    const accountIds = await createSearcher(pool);
    const { rows: totals } = await pool.query<{ documents: number; messages: number; held: number }>(
      `SELECT (SELECT count(*)::int FROM tracking_documents) AS documents,
              (SELECT count(*)::int FROM edi_messages) AS messages,
              (SELECT count(*)::int FROM tracking_documents WHERE customer_id = ANY($1)) AS held`,
      [accountIds],
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
        body: JSON.stringify({ email: SEARCHER, password: 'demo-password' }),
      });
      if (!login.ok) throw new Error(`sign-in as ${SEARCHER}: ${login.status}`);
      const { token } = (await login.json()) as { token?: string };
      if (!token) throw new Error(`sign-in as ${SEARCHER} gave no token`);
      const request = async (path: string) => {
        const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.text();
        if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
        return body;
      };
      // Values from the held accounts' data as it is now, spread over the accounts and months.
      const sample = async (sql: string) =>
        (await rec.original(sql, [accountIds])).rows.map((r) => String(Object.values(r)[0]));
      const spread = 'ORDER BY md5(id::text) LIMIT 50';
      const invoices = await sample(
        `SELECT invoice_number FROM tracking_documents WHERE customer_id = ANY($1) AND invoice_number IS NOT NULL ${spread}`,
      );
      const externalIds = await sample(
        `SELECT external_document_id FROM tracking_documents WHERE customer_id = ANY($1) ${spread}`,
      );
      const filenames = await sample(
        `SELECT filename FROM tracking_files WHERE customer_id = ANY($1) ${spread}`,
      );
      const recipients = await sample(
        `SELECT recipient_name FROM tracking_documents WHERE customer_id = ANY($1) AND recipient_name IS NOT NULL ${spread}`,
      );
      const messages = await sample(
        `SELECT message_id FROM edi_messages WHERE customer_id = ANY($1) ${spread}`,
      );
      const partners = await sample(
        `SELECT sender_name FROM edi_consignments WHERE customer_id = ANY($1) ${spread}`,
      );
      const pick = (values: string[], i: number) => values[(i * 7) % values.length]!;
      const search = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
      const firstWord = (value: string, length: number) => value.split(/\s+/)[0]!.slice(0, length);
      const scenarios: Scenario[] = [
        {
          group: 'exact',
          name: 'invoice number',
          target: 50,
          variants: 20,
          path: (i) => search(pick(invoices, i)),
        },
        {
          group: 'exact',
          name: 'external document id',
          target: 50,
          variants: 20,
          path: (i) => search(pick(externalIds, i)),
        },
        {
          group: 'exact',
          name: 'EDI message id',
          target: 50,
          variants: 20,
          path: (i) => search(pick(messages, i)),
        },
        {
          group: 'exact',
          name: 'file name',
          target: 50,
          variants: 20,
          path: (i) => search(pick(filenames, i)),
        },
        {
          group: 'prefix',
          name: 'recipient name, first 4 letters',
          target: 150,
          variants: 20,
          path: (i) => search(firstWord(pick(recipients, i), 4)),
        },
        {
          group: 'prefix',
          name: 'file name, first 8 characters',
          target: 150,
          variants: 20,
          path: (i) => search(pick(filenames, i).slice(0, 8)),
        },
        {
          group: 'prefix',
          name: 'EDI partner name, first 5 letters',
          target: 150,
          variants: 20,
          path: (i) => search(firstWord(pick(partners, i), 5)),
        },
        {
          group: 'prefix',
          name: 'invoice number, all but the last 3 digits',
          target: 150,
          variants: 20,
          path: (i) => search(pick(invoices, i).slice(0, -3)),
        },
      ];
      log('## Search across accounts (bench/search.ts)');
      log('');
      log(
        `Measured by \`bench/search.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17 with its default settings. ${totals[0]!.documents.toLocaleString('en')} track-and-trace documents and ${totals[0]!.messages.toLocaleString('en')} EDI messages; the searching user holds ${HELD_ACCOUNTS} accounts (${totals[0]!.held.toLocaleString('en')} of the documents) with track and trace, EDI tracking and support. Each scenario: ${REQUESTS} requests over ${20} values taken from the accounts' data, through \`GET /api/search\` with a signed-in user's token, each followed by the same statements as bare SQL. Targets from issue 25: an exact identifier p95 ≤ 50 ms, a prefix p95 ≤ 150 ms.`,
      );
      log('');
      log(...([SCENARIO_TABLE_HEADER[0]] as [string]));
      log(SCENARIO_TABLE_HEADER[1]!);
      for (const scenario of scenarios) {
        const result = await measureScenario(scenario, { rec, request, warmUp: WARM_UP, requests: REQUESTS });
        log(result.row);
        plans.push(...result.plans);
      }
      log('');
      log(
        `The machine is shared (load average ${loadavg()[0]!.toFixed(1)} at the end of the run, on ${cpus().length} cores): p50 is the steady cost, p95 carries other work, as the SQL p95 of the same statements shows. The plans are in [search.md](search.md#plans-measured-by-the-benchmark).`,
      );
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

export const writeSearchResults = (result: { performance: string[]; plans: string[] }) =>
  writeBenchSections('search', result);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeSearchResults(await runSearchBench());
}
