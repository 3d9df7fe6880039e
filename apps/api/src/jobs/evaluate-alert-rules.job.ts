import { z } from 'zod';
import { evaluateThresholdRules } from '../modules/alert-rules/threshold-evaluation.ts';
import { defineJob } from './job-definition.ts';

/**
 * Every minute: measures every account's threshold rules and raises or resolves their alerts
 * (docs/alerts.md). The schedule queues one job a minute for all workers; the pass itself is safe
 * when two overlap (rules are taken with SKIP LOCKED). Immediate alert e-mails go to delivery once
 * their transaction committed.
 */
export const evaluateAlertRulesJob = defineJob({
  name: 'evaluate-alert-rules.v1',
  payload: z.object({}),
  schedule: '* * * * *',
  quiet: true,
  // A pass not done within a minute is stale: the next one measures afresh.
  queue: { retryLimit: 0, expireInSeconds: 120 },
  handle: async ({ db, deliverEmails, log }) => {
    const outcome = await evaluateThresholdRules(db);
    if (outcome.raised + outcome.resolved > 0)
      log.info(
        {
          job: 'evaluate-alert-rules',
          accounts: outcome.accounts,
          raised: outcome.raised,
          resolved: outcome.resolved,
        },
        'threshold alerts changed',
      );
    await deliverEmails(outcome.outboxIds);
  },
});
