/**
 * The status page's probes at scale: fills the tracking tables with the seed generator to
 * BENCH_STATUS_DOCUMENTS documents (default 1 000 000, in monthly partitions), then
 * - EXPLAIN (ANALYZE, BUFFERS) of each probe statement, written to docs/status-page.md;
 * - one whole round of probes (what GET /api/status costs at most once per 15 s per process),
 *   BENCH_STATUS_ROUNDS times (default 200), next to a bare `SELECT 1` round trip on the same
 *   pool in the same run, written to docs/performance.md.
 *
 * `npx tsx bench/status-page.ts` runs it alone and replaces only its own sections.
 */
import { mkdir, rm } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { TRAFFIC_HISTORY_WEEKS } from '../apps/api/src/modules/status/component-states.ts';
import { PROBE_STATEMENTS } from '../apps/api/src/modules/status/status-checks.repository.ts';
import { StatusService } from '../apps/api/src/modules/status/status.service.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { fillTracking, writeBenchSections } from './tracking.ts';

const DOCUMENTS = Number(process.env.BENCH_STATUS_DOCUMENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_STATUS_ROUNDS ?? 200);
const workDir = join(import.meta.dirname, '.work-status-page');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => value.toFixed(2);

async function timed(rounds: number, work: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 10; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

export async function runStatusPageBench(): Promise<{ performance: string[]; plans: string[] }> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir: workDir });
  await ensureDatabaseExists(postgres.url(), 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 5 });
  try {
    await runMigrations(db.$client);
    await seedDemoDataIfEmpty(db.$client, { documents: 2_000, consignments: 5_000, supportCases: 20 });
    console.log(`filling to ${DOCUMENTS} documents…`);
    await fillTracking(db, DOCUMENTS);
    await db.$client.query('VACUUM ANALYZE');
    const { rows: sizes } = await db.$client.query<{
      files: number;
      documents: number;
      partitions: number;
      consignments: number;
    }>(
      `SELECT (SELECT count(*)::int FROM tracking_files) AS files,
              (SELECT count(*)::int FROM tracking_documents) AS documents,
              (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'tracking_files'::regclass) AS partitions,
              (SELECT count(*)::int FROM edi_consignments) AS consignments`,
    );
    const size = sizes[0]!;

    const plans: string[] = [
      `At ${size.files.toLocaleString('en')} tracking files (${size.documents.toLocaleString('en')} documents) in ${size.partitions} partitions of tracking_files, and ${size.consignments.toLocaleString('en')} EDI consignments.`,
      '',
    ];
    const statementTimes: string[] = [];
    for (const [name, statement] of Object.entries(PROBE_STATEMENTS)) {
      const values = statement.includes('$1') ? [TRAFFIC_HISTORY_WEEKS] : [];
      const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`,
        values,
      );
      plans.push(`### ${name}`, '', '```', ...rows.map((row) => row['QUERY PLAN']), '```', '');
      const time = await timed(ROUNDS, () => db.$client.query(statement, values));
      statementTimes.push(`| ${name} | ${ms(time.median)} | ${ms(time.p95)} |`);
      console.log(name, time);
    }

    const baseline = await timed(ROUNDS, () => db.$client.query('SELECT 1'));
    const status = new StatusService(db, { warn: () => undefined });
    const round = await timed(ROUNDS, async () => {
      status.invalidate();
      await status.get();
    });
    console.log('baseline', baseline, 'round', round);

    const performance = [
      '## Status page probes (`bench/status-page.ts`)',
      '',
      `${cpus().length} processors, ${Math.round(totalmem() / 2 ** 30)} GB; embedded PostgreSQL; ${size.files.toLocaleString('en')} tracking files, ${size.documents.toLocaleString('en')} documents in ${size.partitions} monthly partitions; ${ROUNDS} rounds each after 10 warm-up rounds. Plans: docs/status-page.md.`,
      '',
      '| Statement | median ms | p95 ms |',
      '|---|---:|---:|',
      `| baseline: \`SELECT 1\` on the same pool | ${ms(baseline.median)} | ${ms(baseline.p95)} |`,
      ...statementTimes,
      `| one whole status round (connection, transaction, 6 probes in savepoints, notices) | ${ms(round.median)} | ${ms(round.p95)} |`,
      '',
      'A round runs at most once per 15 s per process, whatever the number of readers (GET /api/status answers from memory in between). The two "weeks with traffic" statements run only when the newest data is older than an hour.',
      '',
    ];
    return { performance, plans };
  } finally {
    await db.$client.end();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeBenchSections('status-page', await runStatusPageBench());
}
