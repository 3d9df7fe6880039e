import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { CrmConnector } from '../modules/crm/crm-connector.ts';
import type { Mailer } from '../modules/mail/mail.service.ts';

export type JobServices = {
  db: Database;
  mailer: Mailer;
  /** The CRM (bulk creation of customers). */
  crm: CrmConnector;
  storage: FastifyInstance['storage'];
  config: Pick<AppConfig, 'publicUrl' | 'reports' | 'tracking'>;
  log: FastifyBaseLogger;
  /** Aborted when this process stops: long jobs end early and the queue retries them. */
  signal: AbortSignal;
  /** Queues a job; with a client, inside that client's transaction. */
  enqueue: <T>(job: Job<T>, payload: T, client?: PoolClient) => Promise<void>;
  /** Hands committed outbox mails to the queue (no-op without SMTP). */
  deliverEmails: (outboxIds: number[]) => Promise<void>;
};

/** Which delivery of a job this is: the queue retries failed jobs up to `retryLimit` times. */
export type Attempt = { retryCount: number; retryLimit: number };

/** Retry and expiry of a queue's jobs (pg-boss queue options). */
export type QueueOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An active job not finished by then counts as failed (its worker died) and is retried. */
  expireInSeconds?: number;
};

/** A job as the queue runs it: the payload is checked against the job's schema first. */
export type Job<T = unknown> = {
  /** Queue name; the suffix versions the payload. */
  name: string;
  /** Cron expression for recurring jobs. */
  schedule?: string;
  /** Queued (with an empty payload) whenever a worker starts, besides its schedule. */
  runAtStart?: boolean;
  /** Housekeeping that runs every minute: its start and end are logged at debug, not info. */
  quiet?: boolean;
  queue?: QueueOptions;
  /** How often an idle worker looks for this queue's jobs (pg-boss's default: 2 s). */
  pollingIntervalSeconds?: number;
  run: (services: JobServices, data: unknown, attempt: Attempt) => Promise<void>;
  /** Only for typing `enqueue`. */
  readonly payloadType?: T;
};

export function defineJob<T>(definition: {
  name: string;
  payload: z.ZodType<T>;
  schedule?: string;
  runAtStart?: boolean;
  quiet?: boolean;
  queue?: QueueOptions;
  pollingIntervalSeconds?: number;
  handle: (services: JobServices, payload: T, attempt: Attempt) => Promise<void>;
}): Job<T> {
  return {
    name: definition.name,
    schedule: definition.schedule,
    runAtStart: definition.runAtStart,
    quiet: definition.quiet,
    queue: definition.queue,
    pollingIntervalSeconds: definition.pollingIntervalSeconds,
    run: (services, data, attempt) => definition.handle(services, definition.payload.parse(data), attempt),
  };
}
