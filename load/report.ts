import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KillWorkerResult } from './kill-worker.ts';
import { mb, type MixResult } from './mix.ts';
import { PROXIED_THROUGHPUT_GOAL, type ProxiedResult } from './proxied.ts';
import type { RestartResult } from './restart-db.ts';

const FILE = join(import.meta.dirname, '..', 'docs', 'performance.md');
export const LOAD_START = '<!-- load-faults:start -->';
export const LOAD_END = '<!-- load-faults:end -->';

/** The part of a section between two markers, or undefined. */
function between(text: string, start: string, end: string): string | undefined {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from === -1 || to === -1 ? undefined : text.slice(from + start.length, to);
}

function replaceOrAppend(text: string, start: string, end: string, body: string): string {
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) return `${text.trimEnd()}\n\n${block}\n`;
  return `${text.slice(0, from)}${block}${text.slice(to + end.length)}`;
}

const date = () => new Date().toISOString().slice(0, 10);

function mixSection(
  r: MixResult,
  o: { machine: string; seconds: number; connections: number; documents: number },
) {
  return `### Portal traffic (\`npm run load\`)

${date()}, ${o.machine}, one API process (\`node apps/api/dist/server.js\`) with its job workers, ${o.documents.toLocaleString('en')} demo documents; autocannon in the same machine. ${o.seconds} s at ${o.connections} connections after a 5 s warm-up; each connection loops through 50 requests: for every page the shell's \`/api/v3/user\`, \`/api/accounts\` and \`/api/notifications\`, then the dashboard overview, file and document lists (default view, sorted, filtered, later pages, 100 rows), file and document details, the case list and the report list, and one sign-in (argon2id) per 50.

| requests | requests/s | p50 ms | p99 ms | max ms | non-2xx | errors / timeouts | RSS before → after → 10 s later | goal | met |
|---:|---:|---:|---:|---:|---:|---:|---:|---|:-:|
| ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} / ${r.timeouts} | ${mb(r.rssBefore)} → ${mb(r.rssAfter)} → ${mb(r.rssSettled)} MB | zero errors, memory flat | ${r.passed ? 'yes' : 'no'} |`;
}

function restartSection(r: RestartResult, o: { seconds: number; connections: number }) {
  return `### PostgreSQL restarted under load (\`npm run load -- --restart-db\`)

${date()}: the same mix, ${o.seconds} s at ${o.connections} connections; PostgreSQL stopped (fast shutdown: every connection cut) at ${r.stoppedAt.toFixed(1)} s and accepting connections again at ${r.startedAt.toFixed(1)} s. A writer saved a view every 100 ms throughout.

| answers | 503 from → to (s) | recovered after PostgreSQL was back | errors / timeouts | writes acknowledged | writes refused (503) | acknowledged writes missing | server still running | met |
|---|---|---:|---:|---:|---:|---:|:-:|:-:|
| ${Object.entries(r.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(
      ', ',
    )} | ${r.first503 ?? '–'} → ${r.last503 ?? '–'} | ${r.recoverySeconds.toFixed(1)} s | ${r.errors} / ${r.timeouts} | ${r.writes.acknowledged} | ${r.writes.refused503} | ${r.writes.missing} | ${r.serverAlive ? 'yes' : 'no'} | ${r.passed ? 'yes' : 'no'} |
${r.problems.length ? `\nProblems: ${r.problems.join('; ')}.\n` : ''}
Every answer in the gap is 503 \`SERVICE_UNAVAILABLE\` in the error shape with \`Retry-After\`; nothing hangs (connections are bounded by \`DATABASE_CONNECT_TIMEOUT_MS\`), and the first requests after the restart open new connections.`;
}

function killSection(r: KillWorkerResult) {
  const rows = r.jobs
    .map(
      (j) =>
        `| ${j.what} | ${j.killedAfter} | ${j.interrupted ? 'yes' : 'no (finished first)'} | ${j.completedSecondsAfterKill ?? '–'} | ${j.attempts} | ${j.outcome} | ${j.passed ? 'yes' : 'no'} |`,
    )
    .join('\n');
  return `### A worker killed mid-job (\`npm run load -- --kill-worker\`)

${date()}: one API process (\`RUN_JOBS=0\`) and two workers (\`node apps/api/dist/worker.js\`). The worker running the job gets SIGKILL; the job's lease ends with its PostgreSQL session, the other worker's scan (every 5 s, two sightings) hands it back to the queue, which retries it.

| job | killed at | interrupted | completed s after the kill | runs of the job | outcome | exactly once |
|---|---|:-:|---:|---:|---|:-:|
${rows}`;
}

function proxiedSection(r: ProxiedResult, o: { seconds: number; connections: number; documents: number }) {
  const row = (path: string, s: ProxiedResult['direct']) =>
    `| ${path} | ${s.requests} | ${s.rps} | ${s.p50} | ${s.p99} | ${s.non2xx} | ${s.errors} / ${s.timeouts} |`;
  return `### Behind nginx and PgBouncer, tracing on (\`npm run load -- --proxied\`)

${date()}: two API processes on the same database (${o.documents.toLocaleString('en')} demo documents), both running all along: the bare baseline (directly, tracing off) and the production path — behind nginx with the shipped deploy/nginx configuration, on PgBouncer in transaction mode (DATABASE_LISTEN_URL direct), every span exported over OTLP/HTTP to a collector in the run (${r.exported.requests} exports, ${Math.round(r.exported.bytes / 1024).toLocaleString('en')} KiB). The portal mix at ${o.connections} connections goes to them in turns, three rounds each, ${o.seconds} s per path in all, after a 5 s warm-up of each; p50 is the rounds' mean, p99 the worst round's.

| path | requests | requests/s | p50 ms | p99 ms | non-2xx | errors / timeouts |
|---|---:|---:|---:|---:|---:|---:|
${row('direct, tracing off', r.direct)}
${row('nginx + PgBouncer, tracing on', r.proxied)}

Throughput kept: **${(r.ratio * 100).toFixed(1)} %** (goal ≥ ${PROXIED_THROUGHPUT_GOAL * 100} %, zero errors): ${r.passed ? 'met' : 'not met'}.`;
}

export async function writeLoadSection(input: {
  mix?: MixResult;
  proxied?: ProxiedResult;
  restart?: RestartResult;
  kill?: KillWorkerResult;
  machine: string;
  seconds: number;
  connections: number;
  documents: number;
}): Promise<void> {
  let text = await readFile(FILE, 'utf8');
  let section =
    between(text, LOAD_START, LOAD_END) ??
    `## Load and faults

Measured by \`npm run load\` against the built server as separate processes; what each run shows is described in [operations.md](operations.md).

<!-- load:mix:start -->
<!-- load:mix:end -->

<!-- load:proxied:start -->
<!-- load:proxied:end -->

<!-- load:restart:start -->
<!-- load:restart:end -->

<!-- load:kill:start -->
<!-- load:kill:end -->`;
  if (input.mix)
    section = replaceOrAppend(
      section,
      '<!-- load:mix:start -->',
      '<!-- load:mix:end -->',
      mixSection(input.mix, input),
    );
  if (input.proxied)
    section = replaceOrAppend(
      section,
      '<!-- load:proxied:start -->',
      '<!-- load:proxied:end -->',
      proxiedSection(input.proxied, input),
    );
  if (input.restart) {
    section = replaceOrAppend(
      section,
      '<!-- load:restart:start -->',
      '<!-- load:restart:end -->',
      restartSection(input.restart, input),
    );
  }
  if (input.kill)
    section = replaceOrAppend(
      section,
      '<!-- load:kill:start -->',
      '<!-- load:kill:end -->',
      killSection(input.kill),
    );
  text = replaceOrAppend(text, LOAD_START, LOAD_END, section);
  await writeFile(FILE, text);
}
