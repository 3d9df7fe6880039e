import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served at `/metrics` (metrics.routes.ts).
 *
 * prom-client rather than the OpenTelemetry Prometheus exporter: metrics must work whether or not
 * tracing is switched on, prom-client is the Prometheus project's own Node client (exact text
 * format, `_bucket`/`_sum`/`_count` names that the dashboard and the alert rules use as they are),
 * and it costs one counter increment per observation with nothing else loaded.
 *
 * One registry per process, as Prometheus scrapes processes. Labels are closed sets only (route
 * patterns, queue names, outcomes): never an id, e-mail address, token or raw URL, so a label can
 * neither leak personal data nor grow without bound. deploy/deploy.test.ts checks that the dashboard
 * and the alert rules use only these names; docs/operations.md ("Traces and metrics") lists them.
 */
export const metricsRegistry = new Registry();

// CPU, memory, event-loop lag, garbage collection, file descriptors: `process_*` and `nodejs_*`.
collectDefaultMetrics({ register: metricsRegistry });

/** Route label of a request no route matched: the raw URL would be unbounded and may hold secrets. */
export const UNMATCHED_ROUTE = 'unmatched';

export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP requests, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  // OpenTelemetry's recommended boundaries for HTTP server durations (seconds).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'hub_job_duration_seconds',
  help: 'Duration of job runs by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'hub_job_failures_total',
  help: 'Job runs that failed (the queue retries them up to their retry limit), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const deliveries = new Counter({
  name: 'hub_deliveries_total',
  help: 'Deliveries to the outside by channel (email) and outcome (sent, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const sseConnections = new Gauge({
  name: 'hub_sse_connections',
  help: 'Notification streams (server-sent events) open on this instance',
  registers: [metricsRegistry],
});

export const principalCacheLookups = new Counter({
  name: 'hub_principal_cache_lookups_total',
  help: 'Lookups of a bearer token in the caller cache: hit, miss, or off (cache not listening)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const poolCheckoutWait = new Histogram({
  name: 'hub_db_pool_checkout_wait_seconds',
  help: 'Time a checkout waited for a PostgreSQL connection from the pool (including connecting)',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});
