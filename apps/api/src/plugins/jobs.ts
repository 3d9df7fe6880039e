import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PoolClient } from 'pg';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config.ts';
import type { Job, JobServices } from '../jobs/job-definition.ts';
import { importCustomersJob } from '../jobs/import-customers.job.ts';
import { evaluateAlertRulesJob } from '../jobs/evaluate-alert-rules.job.ts';
import { alertDigestJob } from '../jobs/alert-digest.job.ts';
import { compactTrackingCountsJob } from '../jobs/compact-tracking-counts.job.ts';
import { evaluateExpectedDeliveriesJob } from '../jobs/evaluate-expected-deliveries.job.ts';
import { createTrackingPartitionsJob } from '../jobs/create-tracking-partitions.job.ts';
import { purgeExpiredJob } from '../jobs/purge-expired.job.ts';
import { generateReportJob } from '../jobs/generate-report.job.ts';
import { reportMaintenanceJob } from '../jobs/report-maintenance.job.ts';
import { runReportSchedulesJob } from '../jobs/run-report-schedules.job.ts';
import { resendUnsentEmailJob, sendEmailJob } from '../jobs/send-email.job.ts';
import { Mailer } from '../modules/mail/mail.service.ts';
import { runObservedJob } from '../telemetry/job-telemetry.ts';
import { JobLeases } from './job-leases.ts';

const JOBS: Job[] = [
  sendEmailJob,
  resendUnsentEmailJob,
  purgeExpiredJob,
  createTrackingPartitionsJob as Job,
  compactTrackingCountsJob as Job,
  generateReportJob as Job,
  reportMaintenanceJob as Job,
  runReportSchedulesJob as Job,
  importCustomersJob as Job,
  evaluateExpectedDeliveriesJob as Job,
  evaluateAlertRulesJob as Job,
  alertDigestJob as Job,
];

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Hands committed outbox mails to the queue (no-op without SMTP). */
    deliverEmails: (outboxIds: number[]) => Promise<void>;
    /** Queues a job; with a client, inside that client's transaction (it runs only if that commits). */
    enqueueJob: JobServices['enqueue'];
    /** Lets this process's idle workers of a queue look for jobs now instead of at their next poll. */
    wakeWorkers: (job: Job) => void;
  }
}

export type JobsOptions = {
  smtpUrl: string | undefined;
  mailFrom: string;
  runWorkers: boolean;
  config: JobServices['config'];
  crm: JobServices['crm'];
  /** How long a stop waits for running jobs; leaves room within the shutdown bound for the rest. */
  stopTimeoutMs: number;
};

export const jobsOptionsOf = (config: AppConfig, crm: JobServices['crm']): JobsOptions => ({
  stopTimeoutMs: Math.max(1000, Math.round(config.shutdownTimeoutMs * 0.6)),
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  runWorkers: config.runJobs,
  config: { publicUrl: config.publicUrl, reports: config.reports, tracking: config.tracking },
  crm,
});

/** Arbitrary constant: the advisory lock under which one process at a time creates the queues. */
const QUEUE_SETUP_LOCK = 7_311_003;

/**
 * Creates (or updates) every job's queue. pg-boss's create_queue deadlocks when several processes
 * run it at once on a database that lacks the queues (a first deployment, a release adding a job),
 * and the loser crashes: so one process at a time, the others wait and find them made.
 *
 * The lock is a transaction's (`pg_advisory_xact_lock`), held by a transaction left open on one
 * connection while pg-boss works on others: a transaction-mode pooler (PgBouncer) keeps one server
 * connection for it, whereas a session lock would be taken on one server connection and its
 * unlock sent to another, leaving it held for good. Ending the transaction releases it, whatever
 * happened.
 */
async function createQueues(db: FastifyInstance['db'], boss: PgBoss): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_SETUP_LOCK]);
    for (const job of JOBS) {
      await boss.createQueue(job.name, { name: job.name, ...job.queue });
      if (job.queue) await boss.updateQueue(job.name, { name: job.name, ...job.queue });
    }
  } finally {
    // The transaction changed nothing: ROLLBACK only ends it, and so releases the lock. A
    // connection on which even that failed is closed rather than reused.
    const ended = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(!ended);
  }
}

/**
 * The PostgreSQL-backed queue (pg-boss) sharing the app's pool. Every process can queue jobs;
 * with `runWorkers` it also works the queues and runs the schedules. Several processes may, each
 * job runs once. On close, running jobs are told to stop (long ones, like reports, end early and
 * the queue retries them elsewhere) and the queue stops after the others finish. A process that
 * dies mid-job is noticed by the others within seconds (job-leases.ts) and the job retried.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsOptions) {
  const mailer = new Mailer(app.db, options.smtpUrl, options.mailFrom);
  app.decorate('mailer', mailer);
  const createBoss = () => {
    const created = new PgBoss({
      db: {
        // A job that outlives the stop's bound was already failed back to the queue (failWip) and is
        // retried; pg-boss then records its late completion without awaiting it. Once the pool is
        // closing that write has nowhere to go: it is dropped instead of rejecting unheard.
        executeSql: (text, values) =>
          app.db.$client.ending ? Promise.resolve(undefined as never) : app.db.$client.query(text, values),
      },
      schema: 'pgboss',
      // A web-only instance queues jobs but leaves maintenance and schedules to the workers.
      supervise: options.runWorkers,
      schedule: options.runWorkers,
    });
    created.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    return created;
  };
  let boss = createBoss();
  const stopping = new AbortController();
  // Session advisory locks: on a direct connection ($session), which dies with the process. Through
  // a transaction-mode pooler the lock would stay on a pooled server connection after a crash.
  const leases = new JobLeases(app.db.$session, app.log);

  // A web-only instance starts the queue when it first queues a job; a start that failed (the
  // database was away) is tried again by the next job instead of failing every one after it.
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      await createQueues(app.db, boss);
    })().catch((error: unknown) => {
      // pg-boss never starts again after a failed start: a new one will.
      started = undefined;
      boss = createBoss();
      throw error;
    }));

  const deliverEmails = async (outboxIds: number[]) => {
    if (!mailer.sendsMail) return;
    await start();
    for (const outboxId of outboxIds) await boss.send(sendEmailJob.name, { outboxId });
  };
  const enqueue: JobServices['enqueue'] = async (job, payload, client?: PoolClient) => {
    await start();
    const inTransaction = client && {
      db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
    };
    await boss.send(job.name, payload as object, inTransaction || {});
  };
  app.decorate('deliverEmails', deliverEmails);
  app.decorate('enqueueJob', enqueue);
  const workerIds = new Map<string, string>();
  app.decorate('wakeWorkers', (job: Job) => {
    const id = workerIds.get(job.name);
    if (id) boss.notifyWorker(id);
  });

  app.addHook('onReady', async () => {
    if (!options.runWorkers) return;
    await start();
    const services: JobServices = {
      db: app.db,
      mailer,
      crm: options.crm,
      storage: app.storage,
      config: options.config,
      log: app.log,
      signal: stopping.signal,
      enqueue,
      deliverEmails,
    };
    for (const job of JOBS) {
      const polling = job.pollingIntervalSeconds
        ? { pollingIntervalSeconds: job.pollingIntervalSeconds }
        : {};
      const workerId = await boss.work(job.name, { includeMetadata: true, ...polling }, async ([item]) => {
        if (!item) return;
        await leases.hold(item.id);
        try {
          const log = job.quiet ? app.log.debug.bind(app.log) : app.log.info.bind(app.log);
          log({ job: job.name, id: item.id }, 'job started');
          // A span (with the job's SQL as children) and the duration and outcome metrics.
          await runObservedJob(job.name, () =>
            job.run(services, item.data, { retryCount: item.retryCount, retryLimit: item.retryLimit }),
          );
          log({ job: job.name, id: item.id }, 'job finished');
        } finally {
          await leases.release(item.id);
        }
      });
      workerIds.set(job.name, workerId);
      if (job.schedule) await boss.schedule(job.name, job.schedule, {});
      // Each starting worker queues one: such jobs are idempotent and cheap when nothing is to do.
      if (job.runAtStart) await boss.send(job.name, {});
    }
    leases.watch(
      boss,
      JOBS.map((job) => job.name),
    );
  });
  app.addHook('onClose', async () => {
    stopping.abort();
    if (started) await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs });
    await leases.close();
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database', 'storage'] });
