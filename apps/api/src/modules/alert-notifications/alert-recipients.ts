import type { PoolClient } from 'pg';
import {
  holdsServicePermission,
  type AlertEmailMode,
  type AlertKind,
  type Language,
  type Market,
  type PermissionGrant,
  type PermissionPrefix,
} from '@service-hub/contracts';

/**
 * The service whose permission a user needs on the account to hear of an alert of each kind: the
 * same one that lets them open what the alert links to (track and trace lists, EDI tracking, reports).
 */
export const ALERT_KIND_SERVICE: Record<AlertKind, PermissionPrefix> = {
  missingFile: 'STT',
  documentsRejected: 'STT',
  documentsNotDelivered: 'STT',
  reportFailed: 'STT',
  ediMessageFailed: 'ETS',
};

export type AlertRecipient = {
  userId: string;
  email: string;
  firstName: string;
  language: Language;
  inHub: boolean;
  emailMode: AlertEmailMode;
  permissions: PermissionGrant[];
};

export type AlertAccount = { name: string; market: Market };

/**
 * The accounts' enabled users who want their alerts somewhere (in the Hub, by e-mail), with their
 * permissions on the account, per account. Disabled users and users of other accounts are never
 * among them. Two queries however many accounts: an evaluation pass raises alerts in many.
 */
export async function alertRecipients(
  client: Pick<PoolClient, 'query'>,
  customerIds: readonly number[],
): Promise<Map<number, { account: AlertAccount; recipients: AlertRecipient[] }>> {
  const ids = [...new Set(customerIds)];
  // One after the other: a client in a transaction runs one statement at a time.
  const users = await client.query<{
    customer_id: number;
    user_id: string;
    email: string;
    first_name: string;
    language: Language;
    in_hub: boolean;
    email_mode: AlertEmailMode;
    permissions: PermissionGrant[];
  }>(
    `SELECT uc.customer_id, u.id AS user_id, u.email, u.first_name, u.language,
              coalesce(p.in_hub, true) AS in_hub, coalesce(p.email, 'off') AS email_mode,
              coalesce((SELECT json_agg(json_build_object('prefix', pm.prefix, 'name', pm.name, 'roles', pm.roles))
                          FROM customer_user_permissions cup JOIN permissions pm ON pm.id = cup.permission_id
                         WHERE cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id), '[]') AS permissions
         FROM user_customers uc
         JOIN users u ON u.id = uc.user_id AND u.enabled
         LEFT JOIN alert_preferences p ON p.user_id = uc.user_id AND p.customer_id = uc.customer_id
        WHERE uc.customer_id = ANY($1) AND (coalesce(p.in_hub, true) OR coalesce(p.email, 'off') <> 'off')
        ORDER BY uc.customer_id, u.id`,
    [ids],
  );
  const accounts = await client.query<AlertAccount & { id: number }>(
    'SELECT id, name, market FROM customers WHERE id = ANY($1)',
    [ids],
  );
  const byAccount = new Map<number, { account: AlertAccount; recipients: AlertRecipient[] }>();
  for (const { id, name, market } of accounts.rows)
    byAccount.set(id, { account: { name, market }, recipients: [] });
  for (const row of users.rows)
    byAccount.get(row.customer_id)?.recipients.push({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      language: row.language,
      inHub: row.in_hub,
      emailMode: row.email_mode,
      permissions: row.permissions,
    });
  return byAccount;
}

/** Whether the user may hear of an alert of this kind on the account. */
export const maySeeAlert = (recipient: Pick<AlertRecipient, 'permissions'>, kind: AlertKind) =>
  holdsServicePermission(ALERT_KIND_SERVICE[kind], recipient.permissions);
