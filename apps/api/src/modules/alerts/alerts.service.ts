import {
  ALERT_KINDS,
  ALERT_KIND_SERVICE,
  holdsServicePermission,
  type AlertKind,
  type TAlert,
  type TListAlertsRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { acknowledge, countOpenAlerts, findAlert, listAlerts, lockAlert } from './alert-list.repository.ts';

/**
 * The alert kinds the caller sees in the account: track and trace alerts need STT there, EDI
 * alerts ETS (the same rule as the lists the alerts link to).
 */
export const visibleKinds = (account: ActiveAccount): AlertKind[] =>
  ALERT_KINDS.filter((kind) => holdsServicePermission(ALERT_KIND_SERVICE[kind], account.permissions));

const alertNotFound = () => notFound('The alert was not found.');

export const getAlerts = (db: Database, account: ActiveAccount, query: TListAlertsRequest) =>
  listAlerts(db.$client, account.id, visibleKinds(account), query);

export const getOpenAlertCount = async (db: Database, account: ActiveAccount) => ({
  open: await countOpenAlerts(db.$client, account.id, visibleKinds(account)),
});

/**
 * Acknowledges an open alert with a comment: who and when are kept and shown; the alert stays
 * open until what raised it is over. Once only: a second acknowledgement would hide the first.
 */
export async function acknowledgeAlert(
  db: Database,
  caller: { principal: Principal; account: ActiveAccount; requestId: string },
  id: string,
  comment: string,
): Promise<TAlert> {
  const { principal, account } = caller;
  return inTransaction(db.$client, async (client) => {
    const alert = await lockAlert(client, account.id, id);
    // An alert of a kind the caller may not see answers as if it did not exist.
    if (!alert || !visibleKinds(account).includes(alert.kind)) throw alertNotFound();
    if (alert.status !== 'open') throw conflict('This alert is resolved already.');
    if (alert.acknowledged_at) throw conflict('Someone has acknowledged this alert already.');
    await acknowledge(client, id, principal.userId, comment);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'alert.acknowledged',
      entityType: 'alert',
      entityId: id,
      customerId: account.id,
      after: { comment },
      requestId: caller.requestId,
    });
    return (await findAlert(client, id))!;
  });
}
