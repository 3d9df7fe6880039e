import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { CrmConnector } from '../modules/crm/crm-connector.ts';
import type { Mailer } from '../modules/mail/mail.service.ts';

export type JobServices = { db: Database; mailer: Mailer; crm: CrmConnector };

/** A job as the queue runs it: the payload is checked against the job's schema first. */
export type Job = {
  /** Queue name; the suffix versions the payload. */
  name: string;
  /** Cron expression for recurring jobs. */
  schedule?: string;
  run: (services: JobServices, data: unknown) => Promise<void>;
};

export function defineJob<T>(definition: {
  name: string;
  payload: z.ZodType<T>;
  schedule?: string;
  handle: (services: JobServices, payload: T) => Promise<void>;
}): Job & { name: string } {
  return {
    name: definition.name,
    schedule: definition.schedule,
    run: (services, data) => definition.handle(services, definition.payload.parse(data)),
  };
}
