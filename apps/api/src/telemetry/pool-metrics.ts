import { Gauge } from 'prom-client';
import type pg from 'pg';
import { metricsRegistry, poolCheckoutWait } from './metrics.ts';

/** The pools this process serves from (one in production; tests build several apps). */
const pools = new Set<pg.Pool>();

const sum = (read: (pool: pg.Pool) => number) => [...pools].reduce((total, pool) => total + read(pool), 0);

new Gauge({
  name: 'hub_db_pool_connections',
  help: 'Connections of the PostgreSQL pool by state: idle or in use',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const idle = sum((pool) => pool.idleCount);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'used' }, sum((pool) => pool.totalCount) - idle);
  },
});

new Gauge({
  name: 'hub_db_pool_max_connections',
  help: 'Most connections the PostgreSQL pool may open',
  registers: [metricsRegistry],
  collect() {
    this.set(sum((pool) => pool.options.max ?? 10));
  },
});

new Gauge({
  name: 'hub_db_pool_waiting',
  help: 'Checkouts waiting for a PostgreSQL connection because every one is in use',
  registers: [metricsRegistry],
  collect() {
    this.set(sum((pool) => pool.waitingCount));
  },
});

/**
 * Counts a pool in the gauges above and times its checkouts. pg-pool reports no wait time (its
 * `acquire` event comes without the moment the checkout began), so `connect` — which `query`
 * calls too — is wrapped on this one pool object. Answers the undo, for when the pool is closed.
 */
export function observePool(pool: pg.Pool): () => void {
  pools.add(pool);
  const connect = pool.connect.bind(pool);
  const timedConnect = async () => {
    const stopTimer = poolCheckoutWait.startTimer();
    try {
      return await connect();
    } finally {
      stopTimer();
    }
  };
  // pg-pool's `query` checks out with a callback; everything of ours uses the promise form.
  pool.connect = ((
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    if (!callback) return timedConnect();
    const stopTimer = poolCheckoutWait.startTimer();
    connect((error, client, done) => {
      stopTimer();
      callback(error, client, done);
    });
    return undefined;
  }) as pg.Pool['connect'];
  return () => {
    pools.delete(pool);
    pool.connect = connect;
  };
}
