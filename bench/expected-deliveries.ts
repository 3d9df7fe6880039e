/**
 * The missing-file check at scale (issue 22: "one evaluation pass over 10 000 due rules ≤ 1 s"):
 * BENCH_EXPECTED_RULES rules (default 10 000) in accounts of 10 rules each, all due at once, each
 * account with BENCH_EXPECTED_FILES_PER_ACCOUNT files (default 100) in the last day among which the
 * matching ones. One whole evaluation pass (evaluateExpectedDeliveries: claim the rules, match,
 * record the deadlines, move the rules on, raise the alerts) next to the same run's baseline, the
 * bare SQL of the matching statement for the same 10 000 windows. Two mixes: every file on time,
 * and one rule in ten missing its file (1 000 alerts raised with their events and bell routing).
 *
 * `npm run bench` runs it; `npx tsx bench/expected-deliveries.ts` runs it alone and replaces only
 * its own sections of docs/performance.md and docs/alerts.md. BENCH_EXPECTED_ROUNDS (default 5).
 */
import { mkdir, rm } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { MARKET_TIME_ZONES, wallClock } from '../apps/api/src/lib/business-days.ts';
import {
  evaluateExpectedDeliveries,
  firstMatchingFiles,
  MATCHING_FILES_SQL,
} from '../apps/api/src/modules/alerts/evaluate-expected-deliveries.ts';
import { toLikePattern } from '../apps/api/src/modules/alerts/filename-pattern.ts';
import { copyRows, type CopyValue } from '../apps/api/src/seed/copy.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import type { Market } from '@service-hub/contracts';
import { replaceSection } from './tracking.ts';

const RULES = Number(process.env.BENCH_EXPECTED_RULES ?? 10_000);
const FILES_PER_ACCOUNT = Number(process.env.BENCH_EXPECTED_FILES_PER_ACCOUNT ?? 100);
const ROUNDS = Number(process.env.BENCH_EXPECTED_ROUNDS ?? 5);
const RULES_PER_ACCOUNT = 10;
const HOUR = 3_600_000;
const workDir = join(import.meta.dirname, '.work-expected-deliveries');
const root = join(import.meta.dirname, '..');

type Pool = ReturnType<typeof createDatabase>['$client'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => value.toFixed(0);

/** Accounts, their rules (all due at `due`) and their files; answers the accounts. */
async function fill(pool: Pool, due: Date): Promise<{ id: number; market: Market }[]> {
  const accounts = RULES / RULES_PER_ACCOUNT;
  const { rows: customers } = await pool.query<{ id: number; market: Market }>(
    `INSERT INTO customers (name, customer_number, market, created_by, modified_by)
     SELECT 'Bench ' || g, 'EXP-' || g, (ARRAY['SE', 'NO', 'DK', 'FI'])[1 + g % 4], 'bench', 'bench'
       FROM generate_series(1, $1) g RETURNING id, market`,
    [accounts],
  );
  const rules: CopyValue[][] = [];
  const files: CopyValue[][] = [];
  for (const customer of customers) {
    const timeZone = MARKET_TIME_ZONES[customer.market];
    const clock = wallClock(due, timeZone).minutes;
    // The deadline is `due`'s wall time: the window is the day before it.
    const deadline = `${String(Math.floor(clock / 60)).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}`;
    for (let r = 0; r < RULES_PER_ACCOUNT; r++) {
      rules.push([
        customer.id,
        `Flow ${r}`,
        `FLOW${r}_*.xml`,
        deadline,
        timeZone,
        'everyDay',
        due.toISOString(),
      ]);
    }
    for (let f = 0; f < FILES_PER_ACCOUNT; f++) {
      // Spread over the day; the first RULES_PER_ACCOUNT are the flows' files, the rest other traffic.
      const arrivedAt = new Date(due.getTime() - ((f * 37) % 23) * HOUR - 60_000 * (1 + (f % 50)));
      const filename = f < RULES_PER_ACCOUNT ? `FLOW${f}_20261126.xml` : `letters_${f}.pdf`;
      files.push([customer.id, filename, 'Delivered', arrivedAt.toISOString(), 1 + (f % 40)]);
    }
  }
  const client = await pool.connect();
  try {
    await copyRows(
      client,
      'expected_deliveries',
      ['customer_id', 'name', 'filename_pattern', 'deadline', 'time_zone', 'days', 'next_deadline_at'],
      rules,
    );
    await copyRows(
      client,
      'tracking_files',
      ['customer_id', 'filename', 'status', 'arrived_at', 'document_count'],
      files,
    );
  } finally {
    client.release();
  }
  await pool.query('VACUUM ANALYZE');
  return customers;
}

/**
 * Puts the bench's rules back to before the pass: due at `due`, no deadlines, no alerts or events.
 * The demo data's own few rules are kept out of the pass (due only long after it).
 */
async function reset(pool: Pool, due: Date, customerIds: number[]) {
  await pool.query(
    'DELETE FROM expected_delivery_deadlines WHERE rule_id IN (SELECT id FROM expected_deliveries WHERE customer_id = ANY($1))',
    [customerIds],
  );
  await pool.query('UPDATE expected_deliveries SET next_deadline_at = $1 WHERE customer_id = ANY($2)', [
    due,
    customerIds,
  ]);
  await pool.query(
    "UPDATE expected_deliveries SET next_deadline_at = $1::timestamptz + interval '1 year' WHERE NOT customer_id = ANY($2)",
    [due, customerIds],
  );
  await pool.query('DELETE FROM alerts WHERE customer_id = ANY($1)', [customerIds]);
  await pool.query('DELETE FROM hub_events WHERE customer_id = ANY($1)', [customerIds]);
}

/** The windows of the bench's rules, as the pass computes them, for the bare statement. */
async function windowsOf(pool: Pool, due: Date, customerIds: number[]) {
  const { rows } = await pool.query<{
    customer_id: number;
    filename_pattern: string;
    application: string | null;
    min_documents: number | null;
  }>(
    'SELECT customer_id, filename_pattern, application, min_documents FROM expected_deliveries WHERE customer_id = ANY($1) ORDER BY id',
    [customerIds],
  );
  return rows.map((row) => ({
    customerId: row.customer_id,
    afterAt: new Date(due.getTime() - 24 * HOUR),
    untilAt: due,
    filenamePattern: row.filename_pattern,
    application: row.application,
    minDocuments: row.min_documents,
  }));
}

export async function runExpectedDeliveriesBench(): Promise<{ performance: string[]; plans: string[] }> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir: workDir });
  await ensureDatabaseExists(postgres.url(), 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 5 });
  const pool = db.$client;
  try {
    await runMigrations(pool);
    await seedDemoDataIfEmpty(pool, { documents: 2_000, consignments: 50, supportCases: 5 });
    const due = new Date(Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000);
    console.log(`expected deliveries: ${RULES} rules, ${FILES_PER_ACCOUNT} files per account…`);
    const customers = await fill(pool, due);
    const customerIds = customers.map((c) => c.id);
    const windows = await windowsOf(pool, due, customerIds);

    // Baseline: the matching statement alone, for the same windows.
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const started = performance.now();
      const found = await firstMatchingFiles(pool, windows);
      if (round > 0) bare.push(performance.now() - started);
      if (found.filter(Boolean).length !== RULES) throw new Error('the baseline should find every file');
    }

    const pass = async (label: string) => {
      const samples: number[] = [];
      let last = { evaluated: 0, onTime: 0, missing: 0, late: 0 };
      for (let round = 0; round < ROUNDS + 1; round++) {
        await reset(pool, due, customerIds);
        const started = performance.now();
        last = await evaluateExpectedDeliveries(pool, { now: new Date(due.getTime() + 60_000) });
        if (round > 0) samples.push(performance.now() - started);
      }
      if (last.evaluated !== RULES) throw new Error(`${label}: evaluated ${last.evaluated} of ${RULES}`);
      return { samples, last };
    };
    const allOnTime = await pass('all on time');

    // One rule in ten loses its file: its pattern no longer matches anything.
    await pool.query(
      `UPDATE expected_deliveries SET filename_pattern = 'NEVER_' || filename_pattern WHERE name IN ('Flow 0')`,
    );
    const tenthMissing = await pass('one in ten missing');
    const { rows: alerts } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts WHERE kind = 'missingFile' AND customer_id = ANY($1)`,
      [customerIds],
    );

    const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${MATCHING_FILES_SQL}`,
      [
        windows.map((w) => w.customerId),
        windows.map((w) => w.afterAt),
        windows.map((w) => w.untilAt),
        windows.map((w) => toLikePattern(w.filenamePattern)),
        windows.map((w) => w.application),
        windows.map((w) => w.minDocuments),
        new Date(due.getTime() - 24 * HOUR),
        due,
      ],
    );

    const bareMedian = median(bare);
    const machine = `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB`;
    const row = (label: string, samples: number[], note: string) =>
      `| ${label} | ${ms(median(samples))} | ${ms(Math.max(...samples))} | ${(median(samples) / bareMedian).toFixed(1)}× | ${note} |`;
    return {
      performance: [
        '## Expected deliveries: one evaluation pass',
        '',
        `Written by \`bench/expected-deliveries.ts\` on ${new Date().toISOString().slice(0, 10)}, ${machine}. ` +
          `${RULES.toLocaleString('en')} rules due at once in ${customers.length.toLocaleString('en')} accounts of ${RULES_PER_ACCOUNT}, ` +
          `${FILES_PER_ACCOUNT} files per account in the day before the deadline; ${ROUNDS} rounds after one warm-up, milliseconds. ` +
          'Target (issue 22): one pass over 10 000 due rules ≤ 1 000 ms.',
        '',
        '| What | Median | Slowest | × baseline | Notes |',
        '| --- | ---: | ---: | ---: | --- |',
        row('Baseline: the matching statement alone', bare, 'the bare SQL for the same 10 000 windows'),
        row('Pass, every file on time', allOnTime.samples, `${allOnTime.last.onTime} on time`),
        row(
          'Pass, one rule in ten missing',
          tenthMissing.samples,
          `${tenthMissing.last.missing} missing → ${alerts[0]?.n ?? 0} alerts raised with their \`alert.raised\` events and bell routing`,
        ),
        '',
      ],
      plans: [
        '### The matching statement for 10 000 windows',
        '',
        '```',
        ...plan.map((line) => line['QUERY PLAN']),
        '```',
      ],
    };
  } finally {
    await pool.end();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function writeExpectedDeliveriesResults(result: { performance: string[]; plans: string[] }) {
  await replaceSection(join(root, 'docs', 'performance.md'), 'expected-deliveries-bench', result.performance);
  // Blank lines inside the markers keep docs/alerts.md as prettier writes it (npm run lint checks).
  await replaceSection(join(root, 'docs', 'alerts.md'), 'expected-deliveries-plans', [
    '',
    '## Plans measured by the benchmark',
    '',
    'Written by `bench/expected-deliveries.ts` (EXPLAIN ANALYZE of the matching statement, 10 000 windows).',
    '',
    ...result.plans,
    '',
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeExpectedDeliveriesResults(await runExpectedDeliveriesBench());
}
