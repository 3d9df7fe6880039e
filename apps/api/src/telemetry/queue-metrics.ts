import { Gauge } from 'prom-client';
import type pg from 'pg';
import { metricsRegistry } from './metrics.ts';

type QueueState = { queue: string; ready: number; active: number; oldestSeconds: number };

/** How long one reading of the queues serves scrapes: several Prometheus servers, one query. */
const CACHE_MS = 5000;

/**
 * Per queue: jobs ready to run now (created or retrying, their start time reached), jobs running,
 * and the age of the oldest ready job. pg-boss 10 keeps each queue's jobs in a partition of its own
 * with an index on (name, state), so this reads only unfinished jobs. Deferred jobs (a retry's
 * back-off, a start time in the future) are not a backlog yet and are left out.
 */
const QUEUE_STATE_SQL = `
  SELECT q.name AS queue,
         count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now())::int AS ready,
         count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
         coalesce(extract(epoch FROM now() - min(j.start_after)
           FILTER (WHERE j.state < 'active' AND j.start_after <= now())), 0)::float8 AS "oldestSeconds"
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state <= 'active'
   GROUP BY q.name`;

type Source = { pool: pg.Pool; onError: (error: unknown) => void };
/** The apps of this process that read queues, newest last. */
const sources: Source[] = [];
let cached: { at: number; states: Promise<QueueState[]> } | undefined;

async function readQueues(): Promise<QueueState[]> {
  const source = sources.at(-1);
  if (!source) return [];
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.states;
  const { pool, onError } = source;
  const states = pool.query<QueueState>(QUEUE_STATE_SQL).then(
    ({ rows }) => rows,
    (error: unknown) => {
      // No queue schema yet (no job queued since the database was created) or the database is away:
      // the scrape still answers, without queue figures, and the failure is logged.
      onError(error);
      return [];
    },
  );
  cached = { at: Date.now(), states };
  return states;
}

const queueGauge = (name: string, help: string, read: (state: QueueState) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const state of await readQueues()) this.set({ queue: state.queue }, read(state));
    },
  });

queueGauge('hub_job_queue_ready', 'Jobs waiting to run now, per queue', (state) => state.ready);
queueGauge('hub_job_queue_active', 'Jobs running now (in any process), per queue', (state) => state.active);
queueGauge(
  'hub_job_queue_oldest_age_seconds',
  'Seconds the oldest job ready to run has been waiting, per queue (0 when none waits)',
  (state) => state.oldestSeconds,
);

/**
 * Reads the queues through this pool when scraped. The queues are shared by every process, so the
 * newest app of a process (tests build several) is as good as any; answers the undo, for when it
 * closes.
 */
export function observeQueues(pool: pg.Pool, onError: (error: unknown) => void): () => void {
  const mine: Source = { pool, onError };
  sources.push(mine);
  cached = undefined;
  return () => {
    sources.splice(sources.indexOf(mine), 1);
    cached = undefined;
  };
}
