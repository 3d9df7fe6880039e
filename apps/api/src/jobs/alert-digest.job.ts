import { z } from 'zod';
import { sendDueDigests } from '../modules/alert-notifications/alert-digest.ts';
import { defineJob } from './job-definition.ts';

/**
 * Every five minutes: sends the daily alert digests that are due (07:00 in each account's market,
 * docs/alerts.md). Each digest is claimed with its preference row locked and marked sent in the
 * same transaction, so overlapping runs never send one twice.
 */
export const alertDigestJob = defineJob({
  name: 'alert-digest.v1',
  payload: z.object({}),
  schedule: '*/5 * * * *',
  quiet: true,
  handle: async ({ db, deliverEmails }) => {
    const { outboxIds } = await sendDueDigests(db);
    await deliverEmails(outboxIds);
  },
});
