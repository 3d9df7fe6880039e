import type { PoolClient } from 'pg';
import { queueEmail } from '../mail/mail.service.ts';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository.ts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import type { StoredAlert } from '../alerts/alerts.repository.ts';
import { renderAlertMail } from './alert-mail.ts';
import { alertRecipients, maySeeAlert } from './alert-recipients.ts';

/**
 * The Hub's own address, for the link in alert e-mails. Alerts are raised deep inside other
 * transactions (ingestion, report generation, evaluation passes) that carry no configuration, so
 * buildApp sets it once; every process of one deployment has the same PUBLIC_URL.
 */
let hubAddress: string | undefined;
export function setAlertLinkBase(publicUrl: string): void {
  hubAddress = publicUrl.replace(/\/$/, '');
}

/** The account's alert page (another helper's `/alerts`), with the account named. */
export const alertsLink = (customerId: number): string | undefined =>
  hubAddress && `${hubAddress}/alerts?activeAccountId=${customerId}`;

/**
 * Outbox ids of immediate alert e-mails queued in a transaction, per connection, until whoever runs
 * the transaction takes them to hand to delivery after it commits (`takeQueuedAlertMails`). Mails
 * nobody takes are still sent: the outbox's resend job picks up every unsent mail.
 */
const queuedMails = new WeakMap<PoolClient, number[]>();

/** The immediate alert e-mails queued on this connection since the last call. */
export function takeQueuedAlertMails(client: PoolClient): number[] {
  const ids = queuedMails.get(client) ?? [];
  queuedMails.delete(client);
  return ids;
}

/**
 * Tells the accounts' users of raised or resolved alerts, inside the transaction that changes
 * them: in the Hub (the bell, live through the notification stream) unless they switched that off
 * for the account, and by e-mail at once for those who chose it (the daily digest is its own job).
 * Only enabled users of the account who hold the service the alert is about (ALERT_KIND_SERVICE)
 * hear of it at all. A few statements however many alerts: an evaluation pass may raise a
 * thousand at once.
 */
export async function routeAlerts(client: PoolClient, alerts: readonly StoredAlert[]): Promise<void> {
  if (alerts.length === 0) return;
  const accounts = await alertRecipients(
    client,
    alerts.map((a) => a.customerId),
  );
  const notifications: NewNotification[] = [];
  const mails: number[] = [];
  for (const alert of alerts) {
    const entry = accounts.get(alert.customerId);
    if (!entry) continue;
    const { account, recipients } = entry;
    for (const recipient of recipients) {
      if (!maySeeAlert(recipient, alert.kind)) continue;
      if (recipient.inHub)
        notifications.push({
          userId: recipient.userId,
          type: alert.status === 'open' ? 'alertRaised' : 'alertResolved',
          payload: {
            alertId: alert.id,
            customerId: alert.customerId,
            kind: alert.kind,
            customerName: account.name,
          },
        });
      if (recipient.emailMode === 'immediate') {
        const mail = renderAlertMail(alert, {
          language: recipient.language,
          firstName: recipient.firstName,
          customer: account.name,
          timeZone: MARKET_TIME_ZONES[account.market],
          link: alertsLink(alert.customerId),
        });
        mails.push(await queueEmail(client, recipient.email, mail));
      }
    }
  }
  await insertNotifications(client, notifications);
  if (mails.length > 0) queuedMails.set(client, [...(queuedMails.get(client) ?? []), ...mails]);
}
