import { z } from 'zod';
import { defineJob } from './job-definition.ts';

/** Delivers one outbox e-mail through SMTP. */
export const sendEmailJob = defineJob({
  name: 'send-email.v1',
  payload: z.object({ outboxId: z.number().int().positive() }),
  handle: async ({ mailer }, { outboxId }) => mailer.deliver(outboxId),
});

/** Sends what is still unsent (after a restart or a failed send); scheduled every ten minutes. */
export const resendUnsentEmailJob = defineJob({
  name: 'resend-unsent-email.v1',
  payload: z.object({}),
  schedule: '*/10 * * * *',
  handle: async ({ mailer }) => {
    for (const outboxId of await mailer.unsent()) await mailer.deliver(outboxId).catch(() => undefined);
  },
});
