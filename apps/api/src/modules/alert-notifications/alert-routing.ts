import type { PoolClient } from 'pg';
import { insertNotification } from '../notifications/notifications.repository.ts';
import type { StoredAlert } from '../alerts/alerts.repository.ts';

/**
 * Tells the account's users of a raised or resolved alert, inside the transaction that changes it:
 * in the Hub (the bell, live) for everyone who has not switched that off for the account.
 */
export async function routeAlert(client: PoolClient, alert: StoredAlert): Promise<void> {
  const { rows } = await client.query<{ user_id: string }>(
    `SELECT uc.user_id FROM user_customers uc
       JOIN users u ON u.id = uc.user_id AND u.enabled
       LEFT JOIN alert_preferences p ON p.user_id = uc.user_id AND p.customer_id = uc.customer_id
      WHERE uc.customer_id = $1 AND coalesce(p.in_hub, true)`,
    [alert.customerId],
  );
  for (const { user_id } of rows) {
    await insertNotification(client, {
      userId: user_id,
      type: alert.status === 'open' ? 'alertRaised' : 'alertResolved',
      payload: { alertId: alert.id, customerId: alert.customerId, kind: alert.kind },
    });
  }
}
