/**
 * `npm run load`: a mix of portal traffic against the real built server (autocannon), and the same
 * load with faults injected. Writes its section of docs/performance.md ("Load and faults").
 *
 *   npm run load                      60 s, 200 connections: errors, p50/p99, throughput, RSS
 *   npm run load -- --proxied         the same mix directly with tracing off, then behind nginx and
 *                                     PgBouncer with every span exported: ≥ 85 % of the throughput
 *   npm run load -- --restart-db      PostgreSQL stopped and started mid-load: 503 only in the gap,
 *                                     recovery time, every acknowledged write still there
 *   npm run load -- --kill-worker     SIGKILL of the worker running a report, then of the one
 *                                     running a bulk import: each completes, exactly once
 *   npm run load -- --all             all four, one after another
 *
 * LOAD_SECONDS (60), LOAD_CONNECTIONS (200) and LOAD_DOCUMENTS (50 000 demo documents) scale it.
 */
import { mkdir, rm } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runKillWorker, type KillWorkerResult } from './kill-worker.ts';
import { runMix, type MixResult } from './mix.ts';
import { runProxied, type ProxiedResult } from './proxied.ts';
import { writeLoadSection } from './report.ts';
import { runRestartDb, type RestartResult } from './restart-db.ts';

const { values } = parseArgs({
  options: {
    'restart-db': { type: 'boolean' },
    'kill-worker': { type: 'boolean' },
    proxied: { type: 'boolean' },
    all: { type: 'boolean' },
  },
});
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const documents = Number(process.env.LOAD_DOCUMENTS ?? 50_000);
const workDir = join(import.meta.dirname, '.work');
const plain = values.all || (!values['restart-db'] && !values['kill-worker'] && !values.proxied);

await rm(workDir, { recursive: true, force: true });
await mkdir(workDir, { recursive: true });
const results: {
  mix?: MixResult;
  proxied?: ProxiedResult;
  restart?: RestartResult;
  kill?: KillWorkerResult;
} = {};
try {
  if (plain) results.mix = await runMix({ workDir: join(workDir, 'mix'), seconds, connections, documents });
  if (values.all || values.proxied) {
    results.proxied = await runProxied({
      workDir: join(workDir, 'proxied'),
      seconds,
      connections,
      documents,
    });
  }
  if (values.all || values['restart-db']) {
    results.restart = await runRestartDb({
      workDir: join(workDir, 'restart'),
      seconds,
      connections,
      documents,
    });
  }
  if (values.all || values['kill-worker']) {
    results.kill = await runKillWorker({ workDir: join(workDir, 'kill'), documents });
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, embedded PostgreSQL 17`;
await writeLoadSection({ ...results, machine, seconds, connections, documents });
const failed = [
  results.mix?.passed,
  results.proxied?.passed,
  results.restart?.passed,
  results.kill?.passed,
].includes(false);
process.exit(failed ? 1 : 0);
