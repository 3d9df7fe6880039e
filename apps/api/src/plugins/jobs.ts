import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Job } from '../jobs/job-definition.ts';
import { purgeExpiredJob } from '../jobs/purge-expired.job.ts';
import { resendUnsentEmailJob, sendEmailJob } from '../jobs/send-email.job.ts';
import { Mailer } from '../modules/mail/mail.service.ts';

const JOBS: Job[] = [sendEmailJob, resendUnsentEmailJob, purgeExpiredJob];

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Hands committed outbox mails to the queue (no-op without SMTP). */
    deliverEmails: (outboxIds: number[]) => Promise<void>;
  }
}

export type JobsOptions = { smtpUrl: string | undefined; mailFrom: string; runWorkers: boolean };

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

  if (!boss) return;
  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of JOBS) await boss.createQueue(job.name);
    if (!options.runWorkers) return;
    for (const job of JOBS) {
      await boss.work(job.name, async ([item]) => {
        if (!item) return;
        app.log.info({ job: job.name, id: item.id }, 'job started');
        await job.run({ db: app.db, mailer }, item.data);
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
