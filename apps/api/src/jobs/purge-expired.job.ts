import { z } from 'zod';
import { STATUS_HISTORY_DAYS } from '@service-hub/contracts';
import type { Database } from '../db/client.ts';
import { defineJob } from './job-definition.ts';
import { purgeExpiredTracking } from './tracking-retention.ts';
import { purgeWebhookHistory } from '../modules/webhooks/webhook-retention.ts';
import { purgeAccessRequests } from '../modules/access-requests/purge-access-requests.ts';

/** How long records that only serve security and support stay once they are no longer needed. */
export const RETENTION = {
  signInAttemptsDays: 30,
  endedSessionsDays: 30,
  mfaChallengesDays: 1,
  usedEmailTokensDays: 30,
  sentMailDays: 90,
} as const;

/**
 * Deletes what has expired: sign-in attempts past the lockout window (kept a while for support),
 * ended sessions, finished or expired MFA challenges and passkey ceremonies, used or expired e-mail links, old sent mail
 * (it may hold sign-in codes), the identity provider's expired grants, codes and sessions, and
 * status-page notices closed longer ago than the page's history, and webhook deliveries, their
 * attempts and the events older than 30 days.
 * Answers how many rows went, per table.
 */
export async function purgeExpired(db: Database): Promise<Record<string, number>> {
  const statements: Record<string, string> = {
    sign_in_attempts: `DELETE FROM sign_in_attempts WHERE at < now() - make_interval(days => ${RETENTION.signInAttemptsDays})`,
    sessions: `DELETE FROM sessions WHERE coalesce(revoked_at, expires_at) < now() - make_interval(days => ${RETENTION.endedSessionsDays})`,
    mfa_challenges: `DELETE FROM mfa_challenges WHERE expires_at < now() - make_interval(days => ${RETENTION.mfaChallengesDays})`,
    // Passkey ceremonies (5 minutes each) go with the second steps they may belong to.
    webauthn_challenges: `DELETE FROM webauthn_challenges WHERE expires_at < now() - make_interval(days => ${RETENTION.mfaChallengesDays})`,
    email_tokens: `DELETE FROM email_tokens WHERE coalesce(used_at, expires_at) < now() - make_interval(days => ${RETENTION.usedEmailTokensDays})`,
    email_outbox: `DELETE FROM email_outbox WHERE created < now() - make_interval(days => ${RETENTION.sentMailDays})`,
    oidc_payloads: 'DELETE FROM oidc_payloads WHERE expires_at < now()',
    // The status page shows this long a history of incidents and maintenance (docs/status-page.md).
    status_notices: `DELETE FROM status_notices WHERE resolved_at < now() - make_interval(days => ${STATUS_HISTORY_DAYS})`,
  };
  const deleted: Record<string, number> = {};
  for (const [table, statement] of Object.entries(statements)) {
    deleted[table] = (await db.$client.query(statement)).rowCount ?? 0;
  }
  // The webhook delivery log and the events behind it: 30 days, in batches (docs/webhooks.md).
  Object.assign(deleted, await purgeWebhookHistory(db.$client));
  // Registrations nobody confirmed, and access requests nobody answered (docs/access-requests.md).
  Object.assign(deleted, await purgeAccessRequests(db.$client));
  return deleted;
}

/** Runs the purge every night, with the track-and-trace history past TRACKING_RETENTION_MONTHS. */
export const purgeExpiredJob = defineJob({
  name: 'purge-expired.v1',
  payload: z.object({}),
  schedule: '17 3 * * *',
  handle: async ({ db, config, log }) => {
    await purgeExpired(db);
    const tracking = await purgeExpiredTracking(db.$client, config.tracking.retentionMonths);
    if (tracking.droppedPartitions.length > 0 || tracking.deletedFiles > 0 || tracking.deletedDocuments > 0)
      log.info(tracking, 'expired tracking history removed');
  },
});
