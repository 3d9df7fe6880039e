import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { startPostgres, startProcess, type HubProcess } from './hub.ts';
import { findTargets, LOAD_RATE_LIMITS, portalMix, runLoad, type LoadStats } from './mix.ts';
import { startPgBouncer, type PgBouncer } from './pooler.ts';
import { startNginx, type Nginx } from './proxy.ts';

/** The bar: the production path keeps at least this share of the bare path's throughput. */
export const PROXIED_THROUGHPUT_GOAL = 0.85;

export type ProxiedResult = {
  direct: LoadStats;
  proxied: LoadStats;
  /** OTLP export requests the collector received during the proxied run, and their bytes. */
  exported: { requests: number; bytes: number };
  ratio: number;
  passed: boolean;
};

/**
 * A stand-in OpenTelemetry collector: accepts OTLP/HTTP trace exports and counts them, so the
 * proxied run pays for real batching, encoding and sending of every span.
 */
async function startCollector(): Promise<{
  url: string;
  received: { requests: number; bytes: number };
  server: Server;
}> {
  const received = { requests: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
    request.on('end', () => {
      if (request.url === '/v1/traces') received.requests += 1;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

/** Several rounds of one path as one result: totals, throughput over all rounds, the worst p99. */
function combine(rounds: LoadStats[], seconds: number): LoadStats {
  const sum = (pick: (s: LoadStats) => number) => rounds.reduce((total, s) => total + pick(s), 0);
  const merged = (pick: (s: LoadStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const round of rounds)
      for (const [key, n] of Object.entries(pick(round))) out[key] = (out[key] ?? 0) + n;
    return out;
  };
  return {
    requests: sum((s) => s.requests),
    rps: Math.round(sum((s) => s.requests) / seconds),
    p50: Math.round(sum((s) => s.p50) / rounds.length),
    p99: Math.max(...rounds.map((s) => s.p99)),
    max: Math.max(...rounds.map((s) => s.max)),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    statuses: merged((s) => s.statuses),
    failures: merged((s) => s.failures),
    timeline: new Map(),
  };
}

/** Rounds per path, taken in turns, so that a machine getting busier or warmer favours neither. */
const ROUNDS = 3;

/**
 * `npm run load -- --proxied`: the portal mix against two API processes on the same database, one
 * as the bare baseline (directly, tracing off), one as production runs it: behind nginx
 * (deploy/nginx), on PgBouncer in transaction mode, every span exported over OTLP. Both run all
 * along; the load goes to them in turns (ROUNDS each). Passes when the production path keeps
 * PROXIED_THROUGHPUT_GOAL of the bare path's throughput and neither has an error.
 */
export async function runProxied(options: {
  workDir: string;
  seconds: number;
  connections: number;
  documents: number;
}): Promise<ProxiedResult> {
  console.log(`load: seeding ${options.documents} documents`);
  const postgres = await startPostgres({
    dataDir: options.workDir,
    database: 'load',
    documents: options.documents,
  });
  const servers: HubProcess[] = [];
  let bouncer: PgBouncer | undefined;
  let nginx: Nginx | undefined;
  const collector = await startCollector();
  try {
    const direct = await startProcess('server', {
      name: 'api-direct',
      databaseUrl: postgres.url,
      env: LOAD_RATE_LIMITS,
    });
    servers.push(direct);
    bouncer = await startPgBouncer({ databaseUrl: postgres.url });
    const nginxPort = await freePort();
    const traced = await startProcess('server', {
      name: 'api-proxied',
      databaseUrl: bouncer.url,
      env: {
        ...LOAD_RATE_LIMITS,
        DATABASE_LISTEN_URL: postgres.url,
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: '1',
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      },
    });
    servers.push(traced);
    nginx = await startNginx({ upstreams: [traced.url!], port: nginxPort });

    const paths = [
      { label: 'direct, tracing off', url: direct.url!, rounds: [] as LoadStats[] },
      { label: 'nginx + PgBouncer, tracing on', url: nginx.url, rounds: [] as LoadStats[] },
    ];
    const mixes = await Promise.all(paths.map(async (p) => portalMix(await findTargets(p.url))));
    const load = (i: number, seconds: number) =>
      runLoad({ url: paths[i]!.url, requests: mixes[i]!, seconds, connections: options.connections });
    // A warm-up of each (JIT, caches, pools), then the rounds in turns.
    for (const i of [0, 1]) await load(i, 5);
    const roundSeconds = Math.max(1, Math.round(options.seconds / ROUNDS));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const i of [0, 1]) {
        const stats = await load(i, roundSeconds);
        paths[i]!.rounds.push(stats);
        console.log(
          `load: ${paths[i]!.label}, round ${round}: ${stats.rps}/s, non-2xx ${stats.non2xx}, errors ${stats.errors}`,
        );
      }
    }
    await traced.stop(); // sends the spans still batched
    const [bare, production] = paths.map((p) => combine(p.rounds, roundSeconds * ROUNDS)) as [
      LoadStats,
      LoadStats,
    ];

    const ratio = bare.rps === 0 ? 0 : production.rps / bare.rps;
    const clean = (s: LoadStats) => s.non2xx === 0 && s.errors === 0 && s.timeouts === 0;
    const passed =
      ratio >= PROXIED_THROUGHPUT_GOAL && clean(bare) && clean(production) && collector.received.requests > 0;
    console.log(
      `load: proxied/direct throughput ${(ratio * 100).toFixed(1)} %; ${collector.received.requests} OTLP exports (${Math.round(collector.received.bytes / 1024)} KiB)`,
    );
    for (const [label, stats] of [
      ['direct', bare],
      ['proxied', production],
    ] as const) {
      if (!clean(stats))
        console.log(label, JSON.stringify({ statuses: stats.statuses, failures: stats.failures }));
    }
    return { direct: bare, proxied: production, exported: { ...collector.received }, ratio, passed };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await nginx?.stop();
    await bouncer?.stop();
    collector.server.close();
    await postgres.close();
  }
}
