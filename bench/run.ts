/**
 * `npm run bench`: measures the foundation's hot paths against baselines taken in the same run,
 * on the same machine, and writes docs/performance.md.
 *
 * 1. Bulk generation: the demo-data generator's bulk load (files, documents, deliveries, status
 *    logs, then their indexes and foreign keys built) against a bare COPY of the same number of
 *    narrow rows into an unindexed table, i.e. the fastest PostgreSQL can take rows in.
 * 2. HTTP: GET /api/v3/user (token check, user, customers, permissions from PostgreSQL) and
 *    GET /api/health through the whole app, against a bare Fastify route on the same machine.
 *    And a signed-in tracking list against a bare route running its SQL (bench/list-ratio.ts).
 * 3. Reports (bench/reports.ts): a 1 000 000-row report end to end against a bare COPY TO STDOUT.
 * 4. Lighthouse (bench/lighthouse.ts): every page on a phone and a desktop beside the framework floor.
 *
 * BENCH_DOCUMENTS (default 200000) and BENCH_SECONDS (default 5) scale the run.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureBundle } from './bundle.ts';
import { listRatioLines, mean, measureListRatio, ROUNDS, type Measured } from './list-ratio.ts';
import { LOAD_END, LOAD_START } from '../load/report.ts';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { copyRows } from '../apps/api/src/seed/copy.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { Random } from '../apps/api/src/seed/random.ts';
import { everyCustomer, generateTracking } from '../apps/api/src/seed/tracking-generator.ts';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const workDir = join(import.meta.dirname, '.work');

await rm(workDir, { recursive: true, force: true });
await mkdir(workDir, { recursive: true });
const postgres = await startEmbeddedPostgres({ dataDir: workDir });
await ensureDatabaseExists(postgres.url(), 'bench');
const db = createDatabase(postgres.url('bench'), { max: 20 });
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

try {
  await runMigrations(db.$client);
  await seedDemoDataIfEmpty(db.$client, { documents: 2_000, consignments: 50, supportCases: 20 });

  // 1. Bulk generation vs bare COPY
  const client = await db.$client.connect();
  let started = performance.now();
  const generated = await generateTracking({
    client,
    customers: await everyCustomer(client),
    documents: DOCUMENTS,
    random: new Random(7),
    now: new Date(),
    bulk: true,
  });
  const generatorSeconds = (performance.now() - started) / 1000;
  const totalRows = generated.files + generated.documents + generated.deliveries + generated.events;

  await client.query('CREATE UNLOGGED TABLE bare_copy (id bigint, note text)');
  started = performance.now();
  const BATCH = 50_000;
  for (let offset = 0; offset < totalRows; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, totalRows - offset) }, (_, i) => [offset + i, 'row']);
    await copyRows(client, 'bare_copy', ['id', 'note'], rows);
  }
  const bareSeconds = (performance.now() - started) / 1000;
  client.release();

  // 2. HTTP
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
    db,
    logger: false,
  });
  // The same one-row read behind the Hub's full access check and behind a bare Fastify route.
  const oneRow = async () =>
    (await db.$client.query('SELECT id, name, customer_number FROM customers ORDER BY id LIMIT 1'))
      .rows[0] as unknown;
  app.get('/api/bench/one-row', { config: { access: {} }, schema: { hide: true } }, oneRow);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'ok' }));
  bare.get('/bare/one-row', oneRow);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const measure = async (url: string, headers: Record<string, string> = {}) => {
    const result = await autocannon({ url, connections: 20, duration: SECONDS, headers });
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
    };
  };
  const bareRoute = await measure(`${bareUrl}/bare`);
  const health = await measure(`${appUrl}/api/health`);
  const currentUser = await measure(`${appUrl}/api/v3/user`, { authorization: `Bearer ${token}` });
  // Alternating, as the list ratio does: a noisy moment of this machine hits both alike.
  const bareOneRowRuns: Measured[] = [];
  const signedInOneRowRuns: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareOneRowRuns.push(await measure(`${bareUrl}/bare/one-row`));
    signedInOneRowRuns.push(
      await measure(`${appUrl}/api/bench/one-row`, { authorization: `Bearer ${token}` }),
    );
  }
  const bareOneRow = mean(bareOneRowRuns);
  const signedInOneRow = mean(signedInOneRowRuns);
  await app.close();
  await bare.close();

  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  log('# Performance');
  log('');
  log(
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17. Every number is compared with a baseline taken in the same run; no timing is asserted in the test suite.`,
  );
  log('');
  log('## Bulk generation (demo data and `npm run seed -- --documents N`)');
  log('');
  log('| what | rows | seconds | rows/s | share of baseline speed |');
  log('|---|---:|---:|---:|---:|');
  log(
    `| baseline: bare COPY into an unindexed, unlogged two-column table | ${totalRows} | ${bareSeconds.toFixed(1)} | ${Math.round(totalRows / bareSeconds)} | 100 % |`,
  );
  log(
    `| generator: ${generated.documents} documents in ${generated.files} files, ${generated.deliveries} deliveries, ${generated.events} status events, indexes and foreign keys built after the rows | ${totalRows} | ${generatorSeconds.toFixed(1)} | ${Math.round(totalRows / generatorSeconds)} | ${ratio(totalRows / generatorSeconds, totalRows / bareSeconds)} |`,
  );
  log('');
  log(
    `At this rate 5 000 000 documents (≈ ${Math.round((totalRows / generated.documents) * 5)} M rows) take about ${Math.round(5_000_000 / (generated.documents / generatorSeconds) / 60)} minutes.`,
  );
  log('');
  log(`## HTTP (${SECONDS} s each, 20 connections, loopback)`);
  log('');
  log('| route | requests/s | p50 ms | p99 ms | non-2xx | share of bare route |');
  log('|---|---:|---:|---:|---:|---:|');
  log(
    `| baseline: bare Fastify \`GET /bare\` | ${bareRoute.rps} | ${bareRoute.p50} | ${bareRoute.p99} | ${bareRoute.errors} | 100 % |`,
  );
  log(
    `| \`GET /api/health\` (request id, security headers, logging off) | ${health.rps} | ${health.p50} | ${health.p99} | ${health.errors} | ${ratio(health.rps, bareRoute.rps)} |`,
  );
  log(
    `| \`GET /api/v3/user\` (signed in: cached caller, 1 query) | ${currentUser.rps} | ${currentUser.p50} | ${currentUser.p99} | ${currentUser.errors} | ${ratio(currentUser.rps, bareRoute.rps)} |`,
  );
  log('');
  log('### The cost of being signed in: one row read (goal ≥ 60 % of the bare route)');
  log('');
  log(`${ROUNDS} × ${SECONDS} s each, alternating, 20 connections.`);
  log('');
  log('| route | requests/s | p50 ms | p99 ms | non-2xx | share of bare one-row route |');
  log('|---|---:|---:|---:|---:|---:|');
  log(
    `| baseline: bare Fastify reading one row | ${bareOneRow.rps} | ${bareOneRow.p50} | ${bareOneRow.p99} | ${bareOneRow.errors} | 100 % |`,
  );
  log(
    `| the Hub, signed in (bearer token, access rule, security headers) reading the same row | ${signedInOneRow.rps} | ${signedInOneRow.p50} | ${signedInOneRow.p99} | ${signedInOneRow.errors} | ${ratio(signedInOneRow.rps, bareOneRow.rps)} |`,
  );
  log('');
  for (const line of listRatioLines(await measureListRatio(db, SECONDS), SECONDS)) log(line);
  log('');
  const bundle = await measureBundle();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  log('## Web app: JavaScript before the first screen (gzip, as served; goal ≤ 200 KB)');
  log('');
  log('| what the browser loads | gzip | share of the framework floor |');
  log('|---|---:|---:|');
  log(
    `| baseline: the framework floor (React, React Router, TanStack Query, i18next, Mantine core in a minimal app built the same way) | ${kb(bundle.floor)} | 100 % |`,
  );
  log(
    `| the sign-in page (start-up code, the sign-in page's chunk, the ${kb(bundle.catalog)} core of one language catalog) | ${kb(bundle.signIn)} | ${ratio(bundle.signIn, bundle.floor)} |`,
  );
  log(
    `| the built-in identity provider's sign-in page (start-up code, its chunk, one language catalog) | ${kb(bundle.providerSignIn)} | ${ratio(bundle.providerSignIn, bundle.floor)} |`,
  );
  log(
    `| the dashboard (start-up code, the signed-in frame, the dashboard's chunk, one language catalog; its chart follows); with single sign-on the same on a reload or in a new tab: the OpenID Connect client loads after the first paint while the stored token is fresh | ${kb(bundle.dashboard)} | ${ratio(bundle.dashboard, bundle.floor)} |`,
  );
  log(
    `| the dashboard reached from the provider's callback (the same and the OpenID Connect client, which exchanged the code) | ${kb(bundle.dashboardSso)} | ${ratio(bundle.dashboardSso, bundle.floor)} |`,
  );
  log('');
  log('## Reading the numbers');
  log('');
  log(
    '- Generation is bounded by what every row costs PostgreSQL: five indexes on documents, foreign-key checks and the status log. The bare COPY shows the ceiling of this machine; the generator writes complete, consistent files at a steady share of it.',
  );
  log(
    '- Being signed in costs almost nothing after a token’s first request: each instance remembers who a token’s caller is and forgets it the moment PostgreSQL announces a change of that user’s roles, accounts, enabled flag or sessions (triggers → `LISTEN hub_principal_changed`); a write’s answer waits until its own instance has heard. Without it every signed-in request verifies the ES256 signature and reads the caller: a second round trip to PostgreSQL. What a signed-in one-row read still pays against the bare route is work in the process: the request id, the security headers (helmet’s header sets are built once, not per request as @fastify/helmet did), the input check on query, parameters and headers, and Fastify’s hooks for the access rule and the rate limits.',
  );
  log(
    '- `GET /api/v3/user` runs on every page load and assembles user, customers and permissions in one query.',
  );
  log(
    '- The start-up JavaScript carries the core of one language catalog (sign-in, the frame, the dashboard; the rest of it loads right after the first paint, and feature pages wait for it), no zod (the contracts package is free of side effects and keeps the constants pages link with apart from the schemas) and every feature page lazily. The signed-in frame (header, sidebar, route guard) loads after sign-in, and the OpenID Connect client (oidc-client-ts) only in the single-sign-on flow: on the provider’s callback, and otherwise a second after the first paint (a page reads a fresh stored token without it). What a page does not need to show itself loads right after the first paint (`components/ui/deferred`): the header menus, the notification list, tooltips, the idle warning and the confirmation dialogs, with their positioning and scroll-lock libraries; their buttons show at once and a click on one is kept until its menu has loaded.',
  );
  log(
    '- A first load comes in few files: `apps/web/build/first-load-chunks.ts` puts the modules the entry needs into one chunk and those of the sign-in page, the provider sign-in page and the signed-in frame with the dashboard into one chunk per combination of them (found by following imports through index files such as `@mantine/core`). Left to the bundler, the dashboard loaded 71 files, and gzip compresses each on its own: 17 KB more for the same code. The frame is drawn with plain elements and Mantine’s CSS variables instead of Mantine’s AppShell, whose resizable sidebar and scroll lock cost 10 KB.',
  );
  log('');
  // `npm run load` writes its own section, and the tracking and EDI benchmarks theirs after this
  // part: a run that leaves one out (BENCH_TRACKING=0, …) keeps what it measured last.
  const performanceFile = join(import.meta.dirname, '..', 'docs', 'performance.md');
  const previous = await readFile(performanceFile, 'utf8').catch(() => '');
  const kept = [
    [LOAD_START, LOAD_END],
    ['<!-- tracking-bench:start -->', '<!-- tracking-bench:end -->'],
    ['<!-- edi-tracking-bench:start -->', '<!-- edi-tracking-bench:end -->'],
    ['<!-- search-bench:start -->', '<!-- search-bench:end -->'],
    ['<!-- backup-bench:start -->', '<!-- backup-bench:end -->'],
    ['<!-- status-page-bench:start -->', '<!-- status-page-bench:end -->'],
    ['<!-- expected-deliveries-bench:start -->', '<!-- expected-deliveries-bench:end -->'],
    ['<!-- webhooks-bench:start -->', '<!-- webhooks-bench:end -->'],
    ['<!-- lighthouse-bench:start -->', '<!-- lighthouse-bench:end -->'],
    ['<!-- lighthouse-pages-bench:start -->', '<!-- lighthouse-pages-bench:end -->'],
  ].flatMap(([start, end]) =>
    previous.includes(start!) && previous.includes(end!)
      ? [previous.slice(previous.indexOf(start!), previous.indexOf(end!) + end!.length), '']
      : [],
  );
  await writeFile(performanceFile, `${[...lines, ...kept].join('\n')}\n`);
} finally {
  await db.$client.end();
  await postgres.stop();
  await rm(workDir, { recursive: true, force: true });
}

// Reports: its own database and section of docs/performance.md (also `npx tsx bench/reports.ts`).
await import('./reports.ts');
// Track and trace at scale (its own database; BENCH_TRACKING=0 leaves it out).
if (process.env.BENCH_TRACKING !== '0') {
  const { runTrackingBench, writeTrackingResults } = await import('./tracking.ts');
  await writeTrackingResults(await runTrackingBench());
}
// EDI tracking at scale (its own database; BENCH_EDI_TRACKING=0 leaves it out).
if (process.env.BENCH_EDI_TRACKING !== '0') {
  const { runEdiTrackingBench, writeEdiTrackingResults } = await import('./edi-tracking.ts');
  await writeEdiTrackingResults(await runEdiTrackingBench());
}
// The header search across accounts (its own database; BENCH_SEARCH=0 leaves it out).
if (process.env.BENCH_SEARCH !== '0') {
  const { runSearchBench, writeSearchResults } = await import('./search.ts');
  await writeSearchResults(await runSearchBench());
}
// Backup and restore at 5 M documents beside bare COPY (its own database; BENCH_BACKUP=0 leaves it out).
if (process.env.BENCH_BACKUP !== '0') {
  const { runBackupBench, writeBackupResults } = await import('./backup.ts');
  await writeBackupResults(await runBackupBench());
}
// The status page's probes at 1 M documents beside SELECT 1 (BENCH_STATUS=0 leaves it out).
if (process.env.BENCH_STATUS !== '0') {
  const { runStatusPageBench } = await import('./status-page.ts');
  const { writeBenchSections } = await import('./tracking.ts');
  await writeBenchSections('status-page', await runStatusPageBench());
}
// The missing-file check: one evaluation pass over 10 000 due rules beside the bare matching SQL
// (its own database; BENCH_EXPECTED=0 leaves it out).
if (process.env.BENCH_EXPECTED !== '0') {
  const { runExpectedDeliveriesBench, writeExpectedDeliveriesResults } =
    await import('./expected-deliveries.ts');
  await writeExpectedDeliveriesResults(await runExpectedDeliveriesBench());
}
// Webhooks under ingestion: 3 endpoints at 200 events/s beside the same run without them, and a
// receiver down for 2 minutes (its own database and worker process; BENCH_WEBHOOKS=0 leaves it out).
if (process.env.BENCH_WEBHOOKS !== '0') {
  const { runWebhooksBench, writeWebhooksResults } = await import('./webhooks.ts');
  await writeWebhooksResults(await runWebhooksBench());
}
// SCIM provisioning: filtered user lists over 100 000 provisioned users through the API beside the
// bare SQL (its own database; BENCH_SCIM=0 leaves it out).
if (process.env.BENCH_SCIM !== '0') {
  const { runScimBench, writeScimResults } = await import('./scim.ts');
  await writeScimResults(await runScimBench());
}
// The web app on a phone and a desktop, beside the framework floor (BENCH_LIGHTHOUSE=0 leaves it out).
if (process.env.BENCH_LIGHTHOUSE !== '0') {
  const { runLighthouseBench, writeLighthouseResults } = await import('./lighthouse.ts');
  await writeLighthouseResults(await runLighthouseBench());
}
