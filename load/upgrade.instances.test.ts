/**
 * A rolling upgrade as production does it (docs/operations.md, "Rolling upgrades"): the previous
 * release serves traffic on its own schema, the current release starts against the same database
 * (migrating it on start) while that traffic continues, both serve together for a while, then the
 * previous one is taken out of rotation and stopped. Every request of every phase must succeed,
 * and everything written meanwhile must be there afterwards.
 *
 * The previous release is the commit before the newest migration: HEAD when the working tree
 * holds a migration not committed yet, otherwise the parent of the newest commit that changed the
 * migration journal. It is checked out into a temporary git worktree, installed and built there.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/api/src/db/embedded-postgres.ts';
import { signIn, startProcess, type HubProcess } from './hub.ts';
import { findTargets, LOAD_RATE_LIMITS, portalMix, type Targets } from './mix.ts';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..');
const JOURNAL = 'apps/api/drizzle/meta/_journal.json';

const git = async (...args: string[]) => (await run('git', args, { cwd: repoRoot })).stdout.trim();

const HOW_TO_FETCH =
  'The upgrade test needs the history up to the previous release: in a shallow clone run ' +
  '`git fetch --unshallow` (or `git fetch --deepen=50`), or clone without --depth.';

/** The commit of the previous release, and why it is that one. */
async function findPreviousRelease(): Promise<{ commit: string; why: string }> {
  if ((await git('rev-parse', '--is-shallow-repository')) === 'true')
    throw new Error(`This is a shallow clone. ${HOW_TO_FETCH}`);
  if ((await git('status', '--porcelain', '--', JOURNAL)) !== '')
    return { commit: await git('rev-parse', 'HEAD'), why: 'the working tree holds a new migration' };
  const newest = await git('log', '-1', '--format=%H', '--', JOURNAL);
  if (!newest) throw new Error(`No commit changed ${JOURNAL}. ${HOW_TO_FETCH}`);
  const parent = await git('rev-parse', '--verify', '--quiet', `${newest}^`).catch(() => '');
  if (!parent)
    throw new Error(`The commit before ${newest} (the newest migration) is not here. ${HOW_TO_FETCH}`);
  return {
    commit: parent,
    why: `the parent of ${newest.slice(0, 10)}, the newest commit that added a migration`,
  };
}

/**
 * Installs the worktree's dependencies. When its lockfile is the current one, the current
 * node_modules holds exactly those packages: it is linked instead (the API bundles the workspace
 * code it needs from the worktree's own sources, see apps/api/scripts/build.mjs). Otherwise
 * `npm ci` of the API's workspace; no install script is needed, since PostgreSQL is the test's own.
 */
async function install(worktree: string): Promise<'linked' | 'npm ci'> {
  const [theirs, ours] = await Promise.all([
    readFile(join(worktree, 'package-lock.json'), 'utf8'),
    readFile(join(repoRoot, 'package-lock.json'), 'utf8'),
  ]);
  if (theirs === ours) {
    await symlink(join(repoRoot, 'node_modules'), join(worktree, 'node_modules'), 'dir');
    return 'linked';
  }
  // The API's workspace alone (its build and run time), not the web app's and the root's tools.
  await run('npm', ['ci', '--workspace', 'apps/api', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: worktree,
    maxBuffer: 64 * 1024 * 1024,
  });
  return 'npm ci';
}

type Phase = 'previous only' | 'current starting' | 'both' | 'current only';
type Outcome = { phase: Phase; instance: string; request: string; status: number | string };

/**
 * Portal traffic from a few parallel users against whichever instances are in rotation: the
 * load mix (sign-in, shell, lists, details, cases, reports), and in between a saved view (a write
 * through the portal) and an ingestion batch (a production system's write).
 */
function startTraffic(options: {
  targets: Targets;
  apiKey: string;
  customerNumber: string;
  rotation: () => HubProcess[];
  phase: () => Phase;
}) {
  const outcomes: Outcome[] = [];
  const savedViews: string[] = [];
  const ingestedDocuments: string[] = [];
  const inFlight = new Map<string, number>();
  let running = true;
  let turn = 0;

  const send = async (label: string, path: string, init: RequestInit, expected: number[]) => {
    const rotation = options.rotation();
    const instance = rotation[turn++ % rotation.length]!;
    const phase = options.phase();
    inFlight.set(instance.name, (inFlight.get(instance.name) ?? 0) + 1);
    try {
      const response = await fetch(`${instance.url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
      const body = await response.text();
      outcomes.push({
        phase,
        instance: instance.name,
        request: label,
        status: expected.includes(response.status)
          ? response.status
          : `${response.status} ${body.slice(0, 200)}`,
      });
      return expected.includes(response.status) ? body : undefined;
    } catch (error) {
      outcomes.push({ phase, instance: instance.name, request: label, status: String(error) });
      return undefined;
    } finally {
      inFlight.set(instance.name, inFlight.get(instance.name)! - 1);
    }
  };

  const user = async (id: number) => {
    const mix = portalMix(options.targets);
    for (let n = 0; running; n++) {
      const request = mix[n % mix.length]!;
      await send(
        `${request.method} ${request.path}`,
        request.path!,
        {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, String(v)])),
          body: typeof request.body === 'string' ? request.body : undefined,
        },
        [200],
      );
      if (n % 10 === 0) {
        const name = `upgrade-${id}-${n}`;
        const saved = await send(
          'POST /api/saved-views',
          `/api/saved-views?activeAccountId=${options.targets.accountId}`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${options.targets.userToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ list: 'tracking.documents', name, query: 'status=Rejected' }),
          },
          [200, 201],
        );
        if (saved !== undefined) savedViews.push(name);
      }
      if (n % 25 === 0) {
        const ref = `UPGRADE-${id}-${n}`;
        const ingested = await send(
          'POST /api/ingest/tracking',
          '/api/ingest/tracking',
          {
            method: 'POST',
            headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
            body: JSON.stringify({
              records: [
                {
                  type: 'file',
                  eventId: `${ref}-file`,
                  customerNumber: options.customerNumber,
                  fileRef: ref,
                  filename: `${ref}.xml`,
                  arrivedAt: new Date().toISOString(),
                  deliveryMode: 'B-economy',
                  sender: {
                    name: 'Upgrade test',
                    postalCode: '721 30',
                    postOffice: 'Västerås',
                    countryCode: 'SE',
                  },
                },
                {
                  type: 'document',
                  eventId: `${ref}-doc`,
                  customerNumber: options.customerNumber,
                  fileRef: ref,
                  externalDocumentId: `${ref}-D`,
                  recipientName: 'Karin Ek',
                },
              ],
            }),
          },
          [200],
        );
        const results =
          ingested === undefined ? [] : (JSON.parse(ingested) as { results: { outcome: string }[] }).results;
        if (results.length === 2 && results.every((r) => r.outcome === 'accepted'))
          ingestedDocuments.push(`${ref}-D`);
        else if (ingested !== undefined)
          outcomes.push({
            phase: options.phase(),
            instance: '?',
            request: 'ingest results',
            status: ingested.slice(0, 300),
          });
      }
    }
  };
  const users = [1, 2, 3, 4].map(user);

  return {
    outcomes,
    savedViews,
    ingestedDocuments,
    /** Waits until nothing is in flight to an instance taken out of rotation. */
    drained: async (instance: HubProcess) => {
      while ((inFlight.get(instance.name) ?? 0) > 0) await new Promise((r) => setTimeout(r, 20));
    },
    stop: async () => {
      running = false;
      await Promise.all(users);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a rolling upgrade from the previous release', () => {
  let root: string;
  let worktree: string | undefined;
  let postgres: EmbeddedDatabase | undefined;
  let databaseUrl: string;
  let previousCommit: string;
  const processes: HubProcess[] = [];

  beforeAll(async () => {
    const previous = await findPreviousRelease();
    previousCommit = previous.commit;
    console.log(`previous release: ${previous.commit} (${previous.why})`);
    root = await mkdtemp(join(tmpdir(), 'hub-upgrade-'));
    const started = Date.now();
    worktree = join(root, 'previous');
    await git('worktree', 'add', '--detach', worktree, previous.commit);
    const how = await install(worktree);
    const installed = Date.now();
    await run('npm', ['run', 'build', '-w', 'apps/api'], { cwd: worktree });
    console.log(
      `previous release installed (${how}) in ${((installed - started) / 1000).toFixed(1)} s, built in ${((Date.now() - installed) / 1000).toFixed(1)} s`,
    );
    postgres = await startEmbeddedPostgres({ dataDir: join(root, 'pg') });
    await ensureDatabaseExists(postgres.url(), 'hub_upgrade');
    databaseUrl = postgres.url('hub_upgrade');
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await postgres?.stop();
    // Even after a failure: a worktree left behind would block the next run's `worktree add`.
    if (worktree) await git('worktree', 'remove', '--force', worktree).catch(() => undefined);
    await git('worktree', 'prune');
    if (root) await rm(root, { recursive: true, force: true });
  });

  it(
    'serves every request while the current release migrates and joins, then alone',
    { timeout: 240_000 },
    async () => {
      const migrations = async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (
            await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
          ).rows[0]!.n;
        } finally {
          await client.end();
        }
      };
      const start = (name: string, distDir: string | undefined, seed: boolean) =>
        startProcess('server', {
          name,
          databaseUrl,
          distDir,
          env: {
            // One address for both, as behind one load balancer: a token's issuer is the public URL.
            PUBLIC_URL: 'http://hub.upgrade.test',
            // The previous release creates its own schema and its demo data, as an installation of it did.
            HUB_SEED: seed ? '1' : '0',
            // Every sign-in of the mix is the same user from one address: the test is about the
            // upgrade, not the sign-in limit, which a fast machine reaches within the run.
            ...LOAD_RATE_LIMITS,
          },
        }).then((p) => (processes.push(p), p));

      // The previous release on a new database: its own migrations and demo data.
      let since = Date.now();
      const previous = await start('previous', join(worktree!, 'apps', 'api', 'dist'), true);
      console.log(
        `previous release started with its demo data in ${((Date.now() - since) / 1000).toFixed(1)} s`,
      );
      const previousMigrations = await migrations();
      const targets = await findTargets(previous.url!);
      const sfAdmin = await signIn(previous.url!, 'sfadmin@example.com');
      const key = await fetch(`${previous.url}/api/ingest/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sfAdmin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Upgrade test', customerIds: [targets.accountId] }),
      });
      expect(key.status).toBe(201);
      const apiKey = ((await key.json()) as { key: string }).key;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const customerNumber = (
        await admin.query<{ customer_number: string }>(
          'SELECT customer_number FROM customers WHERE id = $1',
          [targets.accountId],
        )
      ).rows[0]!.customer_number;

      let phase: Phase = 'previous only';
      let rotation: HubProcess[] = [previous];
      const traffic = startTraffic({
        targets,
        apiKey,
        customerNumber,
        rotation: () => rotation,
        phase: () => phase,
      });
      try {
        await sleep(3_000);
        phase = 'current starting';
        since = Date.now();
        const current = await start('current', undefined, false); // migrates on start, under traffic
        console.log(`current release migrated and started in ${((Date.now() - since) / 1000).toFixed(1)} s`);
        const currentMigrations = await migrations();
        phase = 'both';
        rotation = [previous, current];
        await sleep(5_000);
        phase = 'current only';
        rotation = [current];
        await traffic.drained(previous);
        expect(await previous.stop()).toBe(0);
        await sleep(2_000);
        await traffic.stop();

        console.log(
          `migrations: ${previousMigrations} in the previous release (${previousCommit.slice(0, 10)}), ${currentMigrations} after the current one started`,
        );
        expect(currentMigrations).toBeGreaterThan(previousMigrations);

        const count = (phase: Phase, instance?: string) =>
          traffic.outcomes.filter((o) => o.phase === phase && (!instance || o.instance === instance)).length;
        console.log(
          `requests: ${count('previous only')} previous only, ${count('current starting')} while the current one migrated and started, ` +
            `${count('both', 'previous')} + ${count('both', 'current')} to both, ${count('current only')} current only`,
        );
        const failed = traffic.outcomes.filter((o) => typeof o.status === 'string');
        expect(failed.slice(0, 10)).toEqual([]);
        for (const p of ['previous only', 'current starting', 'current only'] as const)
          expect(count(p)).toBeGreaterThan(0);
        expect(count('both', 'previous')).toBeGreaterThan(0);
        expect(count('both', 'current')).toBeGreaterThan(0);

        // Everything acknowledged during the upgrade is there, and the current release reads it.
        expect(traffic.savedViews.length).toBeGreaterThan(0);
        expect(traffic.ingestedDocuments.length).toBeGreaterThan(0);
        const views = await admin.query<{ name: string }>(
          `SELECT name FROM saved_views WHERE name LIKE 'upgrade-%'`,
        );
        expect(views.rows.map((r) => r.name).sort()).toEqual([...traffic.savedViews].sort());
        const documents = await admin.query<{ external_document_id: string }>(
          'SELECT external_document_id FROM tracking_documents WHERE customer_id = $1 AND external_document_id = ANY($2)',
          [targets.accountId, traffic.ingestedDocuments],
        );
        expect(documents.rows.map((r) => r.external_document_id).sort()).toEqual(
          [...traffic.ingestedDocuments].sort(),
        );
        const listed = await fetch(
          `${current.url}/api/saved-views?activeAccountId=${targets.accountId}&list=tracking.documents`,
          { headers: { authorization: `Bearer ${targets.userToken}` } },
        );
        expect(listed.status).toBe(200);
        const listedText = await listed.text();
        for (const name of traffic.savedViews.slice(0, 3)) expect(listedText).toContain(name);
      } finally {
        await traffic.stop();
        await admin.end();
      }
    },
  );
});
