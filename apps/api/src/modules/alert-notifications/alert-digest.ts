import type { PoolClient } from 'pg';
import { ALERT_DIGEST_HOUR, type AlertKind, type Language, type Market } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import { renderDigestMail, type DigestItem } from './alert-mail.ts';
import { alertsLink } from './alert-routing.ts';
import { maySeeAlert } from './alert-recipients.ts';
import type { PermissionGrant } from '@service-hub/contracts';

/** The local hour of the account's market at which its digests go out. */
export const DIGEST_HOUR = ALERT_DIGEST_HOUR;

/** The market's time zones as PostgreSQL reads them, for finding due digests in one query. */
const ZONES_SQL = `CASE c.market ${Object.entries(MARKET_TIME_ZONES)
  .map(([market, zone]) => `WHEN '${market}' THEN '${zone}'`)
  .join(' ')} END`;

type Claimed = {
  user_id: string;
  customer_id: number;
  since: Date;
  email: string;
  first_name: string;
  language: Language;
  customer: string;
  market: Market;
  permissions: PermissionGrant[];
};

/**
 * Takes one digest that is due: a user who chose the daily digest for an account, when it is past
 * 07:00 in the account's market today and the last digest went out before that. The row stays
 * locked (SKIP LOCKED for the others) until the caller's transaction records the new digest, so
 * two passes at once never send two digests. Disabled users and users who left the account are
 * never taken.
 */
async function claimDueDigest(client: PoolClient, at: Date): Promise<Claimed | undefined> {
  const { rows } = await client.query<Claimed>(
    `WITH due AS (
       SELECT p.user_id, p.customer_id, p.digest_sent_at,
              ((date_trunc('day', $1::timestamptz AT TIME ZONE ${ZONES_SQL}) + make_interval(hours => $2))
                 AT TIME ZONE ${ZONES_SQL}) AS due_at
         FROM alert_preferences p JOIN customers c ON c.id = p.customer_id
        WHERE p.email = 'digest')
     SELECT p.user_id, p.customer_id, coalesce(p.digest_sent_at, $1::timestamptz - interval '1 day') AS since,
            u.email, u.first_name, u.language, c.name AS customer, c.market,
            coalesce((SELECT json_agg(json_build_object('prefix', pm.prefix, 'name', pm.name, 'roles', pm.roles))
                        FROM customer_user_permissions cup JOIN permissions pm ON pm.id = cup.permission_id
                       WHERE cup.user_id = p.user_id AND cup.customer_id = p.customer_id), '[]') AS permissions
       FROM due
       JOIN alert_preferences p ON p.user_id = due.user_id AND p.customer_id = due.customer_id
       JOIN users u ON u.id = p.user_id AND u.enabled
       JOIN user_customers uc ON uc.user_id = p.user_id AND uc.customer_id = p.customer_id
       JOIN customers c ON c.id = p.customer_id
      WHERE p.email = 'digest' AND $1::timestamptz >= due.due_at
        AND (p.digest_sent_at IS NULL OR p.digest_sent_at < due.due_at)
      LIMIT 1
        FOR UPDATE OF p SKIP LOCKED`,
    [at, DIGEST_HOUR],
  );
  return rows[0];
}

/** What the user may see of the account's alerts raised or resolved in (since, at], oldest first. */
async function digestItems(client: PoolClient, claimed: Claimed, at: Date): Promise<DigestItem[]> {
  const { rows } = await client.query<{
    kind: AlertKind;
    details: Record<string, unknown>;
    change: 'raised' | 'resolved';
    at: Date;
  }>(
    `SELECT kind, details, 'raised' AS change, raised_at AS at FROM alerts
      WHERE customer_id = $1 AND raised_at > $2 AND raised_at <= $3
     UNION ALL
     SELECT kind, details, 'resolved' AS change, resolved_at AS at FROM alerts
      WHERE customer_id = $1 AND status = 'resolved' AND resolved_at > $2 AND resolved_at <= $3
     ORDER BY at`,
    [claimed.customer_id, claimed.since, at],
  );
  return rows
    .filter((row) => maySeeAlert(claimed, row.kind))
    .map((row) => ({ change: row.change, at: row.at, alert: { kind: row.kind, details: row.details } }));
}

/**
 * Sends every due daily digest, one transaction per digest: nothing to say, no mail (the digest is
 * still recorded as sent, so the next one starts from here). Answers the outbox ids to deliver.
 */
export async function sendDueDigests(
  db: Database,
  at: Date = new Date(),
): Promise<{ sent: number; outboxIds: number[] }> {
  const outboxIds: number[] = [];
  let sent = 0;
  for (;;) {
    const done = await inTransaction(db.$client, async (client) => {
      const claimed = await claimDueDigest(client, at);
      if (!claimed) return true;
      const items = await digestItems(client, claimed, at);
      if (items.length > 0) {
        const mail = renderDigestMail(items, claimed.since, {
          language: claimed.language,
          firstName: claimed.first_name,
          customer: claimed.customer,
          timeZone: MARKET_TIME_ZONES[claimed.market],
          link: alertsLink(claimed.customer_id),
        });
        outboxIds.push(await queueEmail(client, claimed.email, mail));
        sent++;
      }
      await client.query(
        'UPDATE alert_preferences SET digest_sent_at = $3 WHERE user_id = $1 AND customer_id = $2',
        [claimed.user_id, claimed.customer_id, at],
      );
      return false;
    });
    if (done) return { sent, outboxIds };
  }
}
