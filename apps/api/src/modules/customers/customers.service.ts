import type { MfaType } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer, canRevokeAccess, isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { findManagedUser } from '../users/customer-access.repository.ts';

/**
 * Removes a user's access to one customer account, with every permission they held there
 * (spec 2 and 6). Provider administrators may remove anyone's access, their own included;
 * customer administrators only as `canRevokeAccess` allows. A refusal looks the same whether or not
 * the user exists.
 */
export async function revokeUserForCustomer(
  db: Database,
  actor: Principal,
  target: { userId: string; customerId: number },
  requestId: string,
): Promise<void> {
  if (!canManageCustomer(actor, target.customerId)) throw forbidden();
  await inTransaction(db.$client, async (client) => {
    if (!isProviderAdmin(actor)) {
      const user = await findManagedUser(client, target.userId);
      if (!user || !canRevokeAccess(actor, user, target.customerId)) throw forbidden();
    }
    const { rows: permissions } = await client.query<{ permission_id: number }>(
      'DELETE FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2 RETURNING permission_id',
      [target.userId, target.customerId],
    );
    const { rowCount } = await client.query(
      'DELETE FROM user_customers WHERE user_id = $1 AND customer_id = $2',
      [target.userId, target.customerId],
    );
    if (!rowCount) throw notFound('The user has no access to this customer account.');
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'customer-access.revoked',
      entityType: 'user',
      entityId: target.userId,
      customerId: target.customerId,
      before: { customerId: target.customerId, permissionIds: permissions.map((p) => p.permission_id) },
      after: null,
      requestId,
    });
  });
}

/** Multi-factor sign-in for one customer account (spec 4); audited with before and after. */
export async function updateCustomerMfa(
  db: Database,
  actor: Principal,
  customerId: number,
  setting: { isMFAEnabled: boolean; mfaType: MfaType | null },
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ is_mfa_enabled: boolean; mfa_type: MfaType | null }>(
      'SELECT is_mfa_enabled, mfa_type FROM customers WHERE id = $1 FOR UPDATE',
      [customerId],
    );
    const before = rows[0];
    if (!before) throw notFound('Failed to load customer');
    const mfaType = setting.isMFAEnabled ? setting.mfaType : null;
    await client.query(
      `UPDATE customers SET is_mfa_enabled = $2, mfa_type = $3, mfa_modified_date = now(), modified = now(), modified_by = $4
        WHERE id = $1`,
      [customerId, setting.isMFAEnabled, mfaType, actor.email],
    );
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'customer.mfa-updated',
      entityType: 'customer',
      entityId: String(customerId),
      customerId,
      before: { isMFAEnabled: before.is_mfa_enabled, mfaType: before.mfa_type },
      after: { isMFAEnabled: setting.isMFAEnabled, mfaType },
      requestId,
    });
  });
}
