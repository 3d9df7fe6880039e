import { z } from 'zod';
import { evaluateExpectedDeliveries } from '../modules/alerts/evaluate-expected-deliveries.ts';
import { defineJob } from './job-definition.ts';

/**
 * Every minute: the expected deliveries whose deadline passed, and late arrivals for missing ones
 * (docs/alerts.md). Safe with several workers: each rule is taken by one of them (SKIP LOCKED).
 */
export const evaluateExpectedDeliveriesJob = defineJob({
  name: 'evaluate-expected-deliveries.v1',
  payload: z.object({}),
  schedule: '* * * * *',
  quiet: true,
  // A missed minute is made up by the next one; a failed pass is not worth retrying late.
  queue: { retryLimit: 0, expireInSeconds: 120 },
  handle: async ({ db, deliverEmails, log }) => {
    const { outboxIds, ...result } = await evaluateExpectedDeliveries(db.$client);
    if (result.evaluated > 0 || result.late > 0) log.info({ ...result }, 'expected deliveries evaluated');
    // Users who chose e-mail "at once" hear of a missing file now, not at the next resend round.
    await deliverEmails(outboxIds);
  },
});
