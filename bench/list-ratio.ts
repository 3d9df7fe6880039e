/**
 * The price of the Hub's machinery on a real list: `GET /api/tracking/stt/documents` (the default
 * view: bearer token, access rule, active-account check, validation, serialisation by the
 * response schema, security headers) against a bare Fastify route that runs the same statements
 * with the same parameters on the same pool and answers the same JSON. Goal: ≥ 80 %.
 *
 * Part of `npm run bench`; alone (its own PostgreSQL and data): `npx tsx bench/list-ratio.ts`.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { recorder } from './api-vs-sql.ts';

const ACCOUNT = 'Göta Bostäder AB';
/** Bare and Hub alternate this many times, so a noisy neighbour on the machine hits both alike. */
export const ROUNDS = 3;

export type Measured = { rps: number; p50: number; p99: number; errors: number };
export type ListRatio = {
  path: string;
  statements: number;
  rows: number;
  bare: Measured;
  hub: Measured;
  ratio: number;
};

async function measure(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Measured> {
  const result = await autocannon({ url, connections: 20, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

export const mean = (runs: Measured[]): Measured => ({
  rps: Math.round(runs.reduce((sum, r) => sum + r.rps, 0) / runs.length),
  p50: Math.max(...runs.map((r) => r.p50)),
  p99: Math.max(...runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

export async function measureListRatio(db: Database, seconds: number): Promise<ListRatio> {
  const { rows } = await db.$client.query<{ id: number }>('SELECT id FROM customers WHERE name = $1', [
    ACCOUNT,
  ]);
  const accountId = rows[0]!.id;
  const path = `/api/tracking/stt/documents?activeAccountId=${accountId}`;
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
    db,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bare = Fastify();
  try {
    const login = await fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    // Warm: the caller is cached, as for every request of a signed-in user after the first.
    for (let i = 0; i < 5; i++) await (await fetch(`${appUrl}${path}`, { headers })).arrayBuffer();

    // What one request of the list runs against PostgreSQL, and what it answers.
    const rec = recorder(db.$client);
    let body: unknown;
    const statements = await rec.record(async () => {
      const response = await fetch(`${appUrl}${path}`, { headers });
      if (response.status !== 200) throw new Error(`list answered ${response.status}`);
      body = await response.json();
    });
    if (statements.length === 0) throw new Error('the list ran no statement through the pool');
    bare.get('/bare/documents', async () => {
      await Promise.all(statements.map((s) => rec.original(s.sql, s.params)));
      return body;
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare/documents`;

    const bareRuns: Measured[] = [];
    const hubRuns: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await measure(bareUrl, seconds));
      hubRuns.push(await measure(`${appUrl}${path}`, seconds, headers));
    }
    const bareMean = mean(bareRuns);
    const hubMean = mean(hubRuns);
    return {
      path,
      statements: statements.length,
      rows: (body as { result: unknown[] }).result.length,
      bare: bareMean,
      hub: hubMean,
      ratio: hubMean.rps / bareMean.rps,
    };
  } finally {
    await app.close();
    await bare.close();
  }
}

/** The lines of docs/performance.md for it. */
export function listRatioLines(r: ListRatio, seconds: number): string[] {
  const row = (what: string, m: Measured, share: string) =>
    `| ${what} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.errors} | ${share} |`;
  return [
    `### A signed-in list against the same SQL in a bare route (goal ≥ 80 %)`,
    '',
    `\`GET ${r.path.replace(/=\d+$/, '=…')}\` (default view, ${r.rows} rows, ${r.statements} statement${r.statements === 1 ? '' : 's'}), ${ROUNDS} × ${seconds} s each, alternating, 20 connections.`,
    '',
    '| route | requests/s | p50 ms | p99 ms | non-2xx | share of bare route |',
    '|---|---:|---:|---:|---:|---:|',
    row(
      'baseline: bare Fastify running the same statements, same parameters, same pool, answering the same JSON',
      r.bare,
      '100 %',
    ),
    row(
      'the Hub: bearer token, access rule, account check, query validation, response schema, security headers',
      r.hub,
      `${(r.ratio * 100).toFixed(0)} %${r.ratio >= 0.8 ? '' : ' (goal not met)'}`,
    ),
    '',
    'A signed-in request of a known token runs no query of its own: the caller and the accounts it acts for are cached per instance and dropped the moment PostgreSQL announces a change (migrations 0005 and 0016). What remains is work in the process per request: query validation and response serialisation through the zod schemas (about a tenth of the process’s busy time in a profile), the security headers, the input check and the request id.',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const workDir = join(import.meta.dirname, '.work-list-ratio');
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir: workDir });
  await ensureDatabaseExists(postgres.url(), 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 20 });
  try {
    await runMigrations(db.$client);
    await seedDemoDataIfEmpty(db.$client, { documents: Number(process.env.BENCH_DOCUMENTS ?? 20_000) });
    const result = await measureListRatio(db, seconds);
    console.log(listRatioLines(result, seconds).join('\n'));
  } finally {
    await db.$client.end();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
