/**
 * SCIM provisioning at scale (issue 23): one customer whose directory has provisioned
 * BENCH_SCIM_USERS users (default 100 000, filled with generate_series in a few statements), and
 * the filtered lists a directory sends (`GET /scim/v2/Users?filter=…`), each through the HTTP API
 * with a SCIM token next to the bare SQL of the same statements in the same run. Target from
 * issue 23: p95 ≤ 50 ms.
 *
 * `npm run bench` runs it (BENCH_SCIM=0 leaves it out); `npx tsx bench/scim.ts` runs it alone and
 * replaces only its own section of docs/performance.md (and the plans in docs/scim.md).
 * BENCH_SCIM_REQUESTS (default 200 per scenario) scales the measuring.
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
import {
  hashScimToken,
  newScimToken,
  scimTokenPrefixOf,
} from '../apps/api/src/modules/scim/scim-tokens.repository.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { percentile, recorder, type Statement } from './api-vs-sql.ts';
import { writeBenchSections } from './tracking.ts';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_SCIM_REQUESTS ?? 200);
const WARM_UP = 10;
const VARIANTS = 20;
const TARGET_MS = 50;
const CUSTOMER = 'Mälardalens Vatten AB';
const workDir = join(import.meta.dirname, '.work-scim');

type Pool = ReturnType<typeof createDatabase>['$client'];

/** The customer's directory with USERS provisioned users and 50 groups of them; answers a token. */
async function fill(pool: Pool): Promise<{ customerId: number; token: string }> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM customers WHERE name = $1', [CUSTOMER]);
  const customerId = rows[0]!.id;
  await pool.query('INSERT INTO scim_configurations (customer_id, enabled) VALUES ($1, true)', [customerId]);
  // Names from a small list, so prefixes match many people as in a real company.
  await pool.query(
    `INSERT INTO users (id, email, username, first_name, last_name, display_name, email_verified, language)
     SELECT md5('scim-bench-' || i)::uuid, 'person' || i || '@bench-corp.example', 'person' || i || '@bench-corp.example',
            (ARRAY['Anna','Erik','Maria','Lars','Karin','Johan','Sofia','Nils','Elin','Olof'])[1 + i % 10],
            (ARRAY['Lind','Berg','Holm','Ek','Dahl','Strand','Nyberg','Sund','Falk','Ström'])[1 + (i / 10) % 10],
            (ARRAY['Anna','Erik','Maria','Lars','Karin','Johan','Sofia','Nils','Elin','Olof'])[1 + i % 10] || ' ' ||
            (ARRAY['Lind','Berg','Holm','Ek','Dahl','Strand','Nyberg','Sund','Falk','Ström'])[1 + (i / 10) % 10] || ' ' || i,
            true, 'sv'
       FROM generate_series(1, $1) i`,
    [USERS],
  );
  await pool.query(
    `INSERT INTO scim_users (user_id, customer_id, user_name, external_id, active, created)
     SELECT md5('scim-bench-' || i)::uuid, $2, 'Person' || i || '@Bench-Corp.example', 'ext-' || lpad(i::text, 8, '0'),
            i % 20 <> 0, now() - make_interval(secs => $1 - i)
       FROM generate_series(1, $1) i`,
    [USERS, customerId],
  );
  await pool.query(
    `INSERT INTO scim_groups (customer_id, display_name, external_id)
     SELECT $1, 'Team ' || g, 'grp-' || g FROM generate_series(1, 50) g`,
    [customerId],
  );
  await pool.query(
    `INSERT INTO scim_group_members (group_id, user_id)
     SELECT g.id, md5('scim-bench-' || i)::uuid
       FROM generate_series(1, $1) i JOIN scim_groups g ON g.customer_id = $2 AND g.external_id = 'grp-' || (1 + i % 50)`,
    [USERS, customerId],
  );
  await pool.query('ANALYZE users; ANALYZE scim_users; ANALYZE scim_groups; ANALYZE scim_group_members');
  const token = newScimToken();
  await pool.query('INSERT INTO scim_tokens (customer_id, token_prefix, token_hash) VALUES ($1, $2, $3)', [
    customerId,
    scimTokenPrefixOf(token),
    hashScimToken(token),
  ]);
  return { customerId, token };
}

type ScimScenario = { name: string; filter: (i: number) => string };

const ms = (value: number) => value.toFixed(1);

export async function runScimBench(): Promise<{ performance: string[]; plans: string[] }> {
  await rm(workDir, { recursive: true, force: true });
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
    console.log(`provisioning ${USERS} users…`);
    const { token } = await fill(db.$client);
    const rec = recorder(db.$client);
    const app = await buildApp({
      // One client sends every request: its token's own budget must not be what is measured.
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0', RATE_LIMIT_SCIM: '100000000' }),
      db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const request = async (filter: string) => {
        const response = await fetch(
          `${baseUrl}/scim/v2/Users?filter=${encodeURIComponent(filter)}&count=100`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        const body = await response.text();
        if (!response.ok) throw new Error(`${filter}: ${response.status} ${body}`);
        return JSON.parse(body) as { totalResults: number };
      };
      // Spread over the directory: person 1 … USERS.
      const n = (i: number) => 1 + Math.floor(((i * 7919) % VARIANTS) * (USERS / VARIANTS)) + i;
      const scenarios: ScimScenario[] = [
        {
          name: 'userName eq (another case, as Entra ID and Okta look users up)',
          filter: (i) => `userName eq "PERSON${n(i)}@bench-corp.example"`,
        },
        { name: 'externalId eq', filter: (i) => `externalId eq "ext-${String(n(i)).padStart(8, '0')}"` },
        {
          name: 'emails[type eq "work"].value eq',
          filter: (i) => `emails[type eq "work"].value eq "person${n(i)}@bench-corp.example"`,
        },
        { name: 'emails.value sw (a whole local part)', filter: (i) => `emails.value sw "person${n(i)}@"` },
        {
          name: 'emails.value co (digits inside the address)',
          filter: (i) => `emails.value co "son${n(i)}@"`,
        },
        {
          name: 'displayName sw (a first name: a tenth of everyone)',
          filter: (i) => `displayName sw "${['Anna', 'Erik', 'Maria', 'Lars', 'Karin'][i % 5]}"`,
        },
        {
          name: 'userName sw and active eq true',
          filter: (i) => `userName sw "person${n(i)}" and active eq true`,
        },
        {
          name: 'userName eq or externalId eq',
          filter: (i) =>
            `userName eq "person${n(i)}@bench-corp.example" or externalId eq "ext-${String(n(i + 1)).padStart(8, '0')}"`,
        },
      ];
      // Blank lines next to the markers, so prettier leaves the section as written.
      log('');
      log('## SCIM provisioning (bench/scim.ts)');
      log('');
      log(
        `Measured by \`bench/scim.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17 with its default settings. One customer's directory has provisioned ${USERS.toLocaleString('en')} users (in 50 groups). Each scenario: ${REQUESTS} requests over ${VARIANTS} values through \`GET /scim/v2/Users?filter=…&count=100\` with the directory's bearer token (token check, rate-limit count, the total and the page), each followed by the same count and page statements as bare SQL. Target from issue 23: p95 ≤ ${TARGET_MS} ms.`,
      );
      log('');
      log('| filter | matches | API p50 ms | API p95 ms | SQL p50 ms | SQL p95 ms | target p95 | met |');
      log('|---|---:|---:|---:|---:|---:|---:|:-:|');
      for (const scenario of scenarios) {
        const variants = Array.from({ length: VARIANTS }, (_, i) => scenario.filter(i));
        const statements: Statement[][] = [];
        let matches = 0;
        for (const filter of variants) {
          let total = 0;
          const recorded = await rec.record(async () => (total = (await request(filter)).totalResults));
          // The directory's data only: not the token check, its last use or the rate-limit counter.
          statements.push(recorded.filter((s) => s.sql.includes('scim_users s')));
          matches ||= total;
        }
        const api: number[] = [];
        const sql: number[] = [];
        for (let i = 0; i < WARM_UP + REQUESTS; i++) {
          const variant = i % VARIANTS;
          let started = performance.now();
          await request(variants[variant]!);
          if (i >= WARM_UP) api.push(performance.now() - started);
          started = performance.now();
          // In parallel, as the handler runs the total and the page.
          await Promise.all(
            statements[variant]!.map((statement) => rec.original(statement.sql, statement.params)),
          );
          if (i >= WARM_UP) sql.push(performance.now() - started);
        }
        const p95 = percentile(api, 95);
        log(
          `| \`${scenario.filter(0).replace(/\|/g, '\\|')}\` (${scenario.name}) | ${matches.toLocaleString('en')} | ${ms(percentile(api, 50))} | ${ms(p95)} | ${ms(percentile(sql, 50))} | ${ms(percentile(sql, 95))} | ${TARGET_MS} | ${p95 <= TARGET_MS ? 'yes' : '**no**'} |`,
        );
        plans.push(`### ${scenario.name}`, '', `\`${scenario.filter(0)}\``, '');
        for (const statement of statements[0]!) {
          const { rows } = await rec.original(
            `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement.sql}`,
            statement.params,
          );
          plans.push('```', ...rows.map((r) => String(r['QUERY PLAN'])), '```', '');
        }
      }
      log('');
      log(
        `The machine is shared (load average ${loadavg()[0]!.toFixed(1)} at the end of the run, on ${cpus().length} cores): p50 is the steady cost, p95 carries other work, as the SQL p95 of the same statements shows. The plans are in [scim.md](scim.md#plans-measured-by-the-benchmark).`,
      );
      log('');
    } finally {
      await app.close();
    }
  } finally {
    await db.$client.end();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  return { performance: lines, plans };
}

export const writeScimResults = (result: { performance: string[]; plans: string[] }) =>
  writeBenchSections('scim', result);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeScimResults(await runScimBench());
}
