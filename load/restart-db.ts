import { findTargets, portalMix, runLoad, type LoadStats } from './mix.ts';
import { startPostgres, startProcess, type HubProcess } from './hub.ts';

export type RestartResult = LoadStats & {
  passed: boolean;
  problems: string[];
  /** Seconds since the start of the load. */
  stoppedAt: number;
  startedAt: number;
  /** First and last 503 answers, seconds since the start of the load. */
  first503: number | undefined;
  last503: number | undefined;
  /** From PostgreSQL accepting connections again to the last 503 (0: none after it). */
  recoverySeconds: number;
  writes: { acknowledged: number; refused503: number; other: number; missing: number };
  serverAlive: boolean;
};

const GAP_SECONDS = 3;
/** How long after PostgreSQL is back a 503 still counts as "in the gap" (pool and listeners reconnecting). */
const RECOVERY_BOUND_SECONDS = 5;

/**
 * The mix at full load while PostgreSQL is stopped (fast shutdown: every connection cut) a third of
 * the way in and started again GAP_SECONDS later on the same port. Meanwhile a writer saves a view
 * every 100 ms and remembers which saves were acknowledged; afterwards each must be in the table.
 */
export async function runRestartDb(options: {
  workDir: string;
  seconds: number;
  connections: number;
  documents: number;
}): Promise<RestartResult> {
  console.log(`restart-db: seeding ${options.documents} documents`);
  const postgres = await startPostgres({
    dataDir: options.workDir,
    database: 'load',
    documents: options.documents,
  });
  let server: HubProcess | undefined;
  try {
    server = await startProcess('server', { name: 'api', databaseUrl: postgres.url });
    const url = server.url!;
    const targets = await findTargets(url);
    const requests = portalMix(targets);
    await runLoad({ url, requests, seconds: 5, connections: options.connections });

    const acknowledged: string[] = [];
    const writes = { acknowledged: 0, refused503: 0, other: 0, missing: 0 };
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const name = `load-restart-${n}`;
        try {
          const response = await fetch(`${url}/api/saved-views?activeAccountId=${targets.accountId}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${targets.userToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ list: 'tracking.documents', name, query: 'status=Rejected' }),
            signal: AbortSignal.timeout(15_000),
          });
          await response.arrayBuffer();
          if (response.status === 201 || response.status === 200) acknowledged.push(name);
          else if (response.status === 503) writes.refused503++;
          else writes.other++;
        } catch {
          writes.other++;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const loadStart = Date.now();
    const since = () => (Date.now() - loadStart) / 1000;
    let stoppedAt = 0;
    let startedAt = 0;
    let fault: Promise<void> | undefined;
    console.log(
      `restart-db: ${options.seconds} s at ${options.connections} connections, PostgreSQL restarted at ${Math.floor(options.seconds / 3)} s`,
    );
    const stats = await runLoad({
      url,
      requests,
      seconds: options.seconds,
      connections: options.connections,
      onSecond: (elapsed) => {
        if (fault || elapsed < Math.floor(options.seconds / 3)) return;
        fault = (async () => {
          stoppedAt = since();
          await postgres.stop();
          await new Promise((r) => setTimeout(r, GAP_SECONDS * 1000));
          await postgres.start();
          startedAt = since();
          console.log(
            `restart-db: PostgreSQL down from ${stoppedAt.toFixed(1)} s to ${startedAt.toFixed(1)} s`,
          );
        })();
      },
    });
    await fault;
    writing = false;
    await writer;
    writes.acknowledged = acknowledged.length;

    const { rows } = await postgres.db.$client.query<{ name: string }>(
      `SELECT name FROM saved_views WHERE name LIKE 'load-restart-%'`,
    );
    const stored = new Set(rows.map((r) => r.name));
    writes.missing = acknowledged.filter((name) => !stored.has(name)).length;

    const seconds503 = [...stats.timeline].filter(([, row]) => row[503]).map(([second]) => second);
    const first503 = seconds503.length ? Math.min(...seconds503) : undefined;
    const last503 = seconds503.length ? Math.max(...seconds503) : undefined;
    const recoverySeconds = last503 === undefined ? 0 : Math.max(0, last503 + 1 - startedAt);
    const problems: string[] = [];
    const others = Object.entries(stats.statuses).filter(
      ([status]) => !status.startsWith('2') && status !== '503',
    );
    if (others.length)
      problems.push(`answers other than 2xx and 503: ${JSON.stringify(Object.fromEntries(others))}`);
    if (stats.errors || stats.timeouts)
      problems.push(`${stats.errors} connection errors, ${stats.timeouts} timeouts`);
    if (first503 !== undefined && first503 + 1 < stoppedAt)
      problems.push(`503 at ${first503} s, before the stop`);
    if (last503 !== undefined && last503 > startedAt + RECOVERY_BOUND_SECONDS) {
      problems.push(`503 at ${last503} s, more than ${RECOVERY_BOUND_SECONDS} s after PostgreSQL was back`);
    }
    if (writes.missing) problems.push(`${writes.missing} acknowledged writes missing`);
    if (writes.other) problems.push(`${writes.other} writes failed otherwise than 503`);
    const serverAlive = server.child.exitCode === null;
    if (!serverAlive) problems.push('the server exited');
    const ready = await fetch(`${url}/api/ready`);
    if (ready.status !== 200) problems.push(`/api/ready answers ${ready.status} after the load`);
    const passed = problems.length === 0;
    console.log(
      `restart-db: ${stats.requests} requests, ${JSON.stringify(stats.statuses)}, 503s from ${first503} s to ${last503} s, recovered ${recoverySeconds.toFixed(1)} s after the start; writes ${JSON.stringify(writes)}; ${passed ? 'passed' : problems.join('; ')}`,
    );
    return {
      ...stats,
      passed,
      problems,
      stoppedAt,
      startedAt,
      first503,
      last503,
      recoverySeconds,
      writes,
      serverAlive,
    };
  } finally {
    await server?.stop();
    await postgres.close();
  }
}
