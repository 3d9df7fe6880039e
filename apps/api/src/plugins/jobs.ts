import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { importCustomersJob } from '../jobs/import-customers.job.ts';
import type { Job } from '../jobs/job-definition.ts';
import { purgeExpiredJob } from '../jobs/purge-expired.job.ts';
import { resendUnsentEmailJob, sendEmailJob } from '../jobs/send-email.job.ts';
import type { CrmConnector } from '../modules/crm/crm-connector.ts';
import { Mailer } from '../modules/mail/mail.service.ts';

const JOBS: Job[] = [sendEmailJob, resendUnsentEmailJob, purgeExpiredJob, importCustomersJob];

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Hands committed outbox mails to the queue (no-op without SMTP). */
    deliverEmails: (outboxIds: number[]) => Promise<void>;
    /** Puts a job on the queue, for whichever process works it (call after the data it needs is committed). */
    enqueueJob: (name: string, data: object) => Promise<void>;
  }
}

export type JobsOptions = {
  smtpUrl: string | undefined;
  mailFrom: string;
  runWorkers: boolean;
  crm: CrmConnector;
};

/**
 * The PostgreSQL-backed queue (pg-boss) sharing the app's pool. With `runWorkers` this process also
 * works the queues; several processes may, each job runs once.
 */
async function jobsPlugin(app: FastifyInstance, options: JobsOptions) {
  const mailer = new Mailer(app.db, options.smtpUrl, options.mailFrom);
  app.decorate('mailer', mailer);
  const needsQueue = options.runWorkers || mailer.sendsMail;
  const boss = needsQueue
    ? new PgBoss({
        db: { executeSql: (text, values) => app.db.$client.query(text, values) },
        schema: 'pgboss',
      })
    : undefined;
  boss?.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

  app.decorate('deliverEmails', async (outboxIds: number[]) => {
    if (!boss || !mailer.sendsMail) return;
    for (const outboxId of outboxIds) await boss.send(sendEmailJob.name, { outboxId });
  });

  // A process that neither works the queue nor sends mail starts the queue only when it first
  // has a job to hand over (RUN_JOBS=0 web instances).
  let lazyBoss: Promise<PgBoss> | undefined;
  const queueForSending = () =>
    boss
      ? Promise.resolve(boss)
      : (lazyBoss ??= (async () => {
          const sender = new PgBoss({
            db: { executeSql: (text, values) => app.db.$client.query(text, values) },
            schema: 'pgboss',
            supervise: false,
            schedule: false,
          });
          sender.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
          await sender.start();
          for (const job of JOBS) await sender.createQueue(job.name);
          return sender;
        })());
  app.decorate('enqueueJob', async (name: string, data: object) => {
    await (await queueForSending()).send(name, data);
  });
  app.addHook('onClose', async () => {
    if (lazyBoss) await (await lazyBoss).stop({ graceful: true, wait: true, timeout: 10_000 });
  });

  if (!boss) return;
  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of JOBS) await boss.createQueue(job.name);
    if (!options.runWorkers) return;
    for (const job of JOBS) {
      await boss.work(job.name, async ([item]) => {
        if (!item) return;
        app.log.info({ job: job.name, id: item.id }, 'job started');
        await job.run({ db: app.db, mailer, crm: options.crm }, item.data);
        app.log.info({ job: job.name, id: item.id }, 'job finished');
      });
      if (job.schedule) await boss.schedule(job.name, job.schedule, {});
    }
  });
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database'] });
