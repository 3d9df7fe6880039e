import type { PoolClient } from 'pg';
import { MAX_ACCOUNTS_PER_USER, SCIM_AUDIT_ACTOR_PREFIX } from '@service-hub/contracts';
import { writeAudit } from '../../lib/audit.ts';
import { tooManyAccounts } from '../users/customer-access.repository.ts';

/** The directory acting: which customer's directory, through which token (audit: "by SCIM"). */
export type ScimTenant = { customerId: number; tokenId: string; tokenPrefix: string };

/** Who the audit log names for a change a directory made; the audit view shows it as "by SCIM". */
export const scimActorOf = (tokenPrefix: string) => `${SCIM_AUDIT_ACTOR_PREFIX}${tokenPrefix}`;

export type AuditActor = { actorUserId: string | null; actorEmail: string | null; requestId: string };

/**
 * The accounts a customer's directory decides about: the customer itself and every account one of
 * its groups' grants names. Access a user holds to any other account (given by a provider
 * administrator, or by an invitation to another customer) is never touched by provisioning.
 */
export async function managedAccounts(client: PoolClient, customerId: number): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT $1::int AS id
     UNION SELECT gg.account_id FROM scim_group_grants gg JOIN scim_groups g ON g.id = gg.group_id
            WHERE g.customer_id = $1`,
    [customerId],
  );
  return rows.map((row) => row.id);
}

type Desired = { account_id: number; admin: boolean; permission_ids: number[] };

/**
 * Makes a provisioned user's access to the directory's managed accounts exactly what their groups'
 * grants give (nothing while the directory has them inactive), in the caller's transaction:
 * accounts added and removed, permissions on each set to the union of the grants' permissions the
 * account has, CustomerAdministrator held while a grant says so. `alsoManaged` names accounts a
 * grant named until this very change, so access they gave is taken back too. Refuses, before
 * writing anything, a result above the accounts-per-user limit.
 */
export async function recomputeAccess(
  client: PoolClient,
  customerId: number,
  userId: string,
  actor: AuditActor,
  alsoManaged: readonly number[] = [],
): Promise<void> {
  const { rows: provisioned } = await client.query<{ active: boolean }>(
    'SELECT active FROM scim_users WHERE user_id = $1 AND customer_id = $2 FOR UPDATE',
    [userId, customerId],
  );
  if (!provisioned[0]) return;
  const managed = [...new Set([...(await managedAccounts(client, customerId)), ...alsoManaged])];
  const { rows: desired } = provisioned[0].active
    ? await client.query<Desired>(
        `SELECT gg.account_id, bool_or(gg.role = 'CustomerAdministrator') AS admin,
                coalesce(array_agg(DISTINCT p.id) FILTER (WHERE p.id IS NOT NULL), '{}') AS permission_ids
           FROM scim_group_members m
           JOIN scim_groups g ON g.id = m.group_id AND g.customer_id = $2
           JOIN scim_group_grants gg ON gg.group_id = g.id
           LEFT JOIN LATERAL unnest(gg.permission_ids) AS p(id) ON true
          WHERE m.user_id = $1
          GROUP BY gg.account_id ORDER BY gg.account_id`,
        [userId, customerId],
      )
    : { rows: [] as Desired[] };
  const { rows: held } = await client.query<{ customer_id: number; permission_ids: number[] }>(
    `SELECT uc.customer_id,
            coalesce((SELECT array_agg(cup.permission_id ORDER BY cup.permission_id) FROM customer_user_permissions cup
                       WHERE cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id), '{}') AS permission_ids
       FROM user_customers uc WHERE uc.user_id = $1 ORDER BY uc.customer_id FOR UPDATE OF uc`,
    [userId],
  );
  const outside = held.filter((row) => !managed.includes(row.customer_id));
  if (outside.length + desired.length > MAX_ACCOUNTS_PER_USER) throw tooManyAccounts();

  const desiredIds = desired.map((row) => row.account_id);
  const before = held.filter((row) => managed.includes(row.customer_id));
  await client.query(
    'DELETE FROM user_customers WHERE user_id = $1 AND customer_id = ANY($2::int[]) AND customer_id <> ALL($3::int[])',
    [userId, managed, desiredIds],
  );
  for (const grant of desired) {
    await client.query(
      'INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId, grant.account_id],
    );
    await client.query(
      `DELETE FROM customer_user_permissions
        WHERE user_id = $1 AND customer_id = $2 AND permission_id <> ALL($3::int[])`,
      [userId, grant.account_id, grant.permission_ids],
    );
    // Only permissions the account itself has: a grant may outlive a service the account had.
    await client.query(
      `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
       SELECT cp.customer_id, $1, cp.permission_id FROM customer_permissions cp
        WHERE cp.customer_id = $2 AND cp.permission_id = ANY($3::int[])
       ON CONFLICT DO NOTHING`,
      [userId, grant.account_id, grant.permission_ids],
    );
  }
  const roleChange = await applyRoles(client, userId, desired, outside.length === 0);

  const { rows: afterRows } = await client.query<{ customer_id: number; permission_ids: number[] }>(
    `SELECT uc.customer_id,
            coalesce((SELECT array_agg(cup.permission_id ORDER BY cup.permission_id) FROM customer_user_permissions cup
                       WHERE cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id), '{}') AS permission_ids
       FROM user_customers uc WHERE uc.user_id = $1 AND uc.customer_id = ANY($2::int[]) ORDER BY uc.customer_id`,
    [userId, managed],
  );
  const describe = (rows: { customer_id: number; permission_ids: number[] }[]) =>
    rows.map((row) => ({ accountId: row.customer_id, permissionIds: row.permission_ids }));
  if (JSON.stringify(describe(before)) === JSON.stringify(describe(afterRows)) && !roleChange) return;
  // Each account whose access changed has the change in its own audit log, and so does the directory's customer.
  const touched = new Set([
    customerId,
    ...before.map((r) => r.customer_id),
    ...afterRows.map((r) => r.customer_id),
  ]);
  for (const accountId of touched)
    await writeAudit(client, {
      ...actor,
      action: 'scim.user-access-updated',
      entityType: 'user',
      entityId: userId,
      customerId: accountId,
      before: { accounts: describe(before) },
      after: { accounts: describe(afterRows), ...(roleChange ? { roles: roleChange } : {}) },
    });
}

/**
 * Roles are global in the Hub, so CustomerAdministrator follows the grants only for a user whose
 * every account is one the directory manages; for anyone else it is left as it is (never raised by
 * a directory: it would make them administrator of accounts the directory does not decide about).
 */
async function applyRoles(
  client: PoolClient,
  userId: string,
  desired: readonly Desired[],
  allManaged: boolean,
): Promise<string[] | undefined> {
  const { rows } = await client.query<{ role: string }>('SELECT role FROM user_roles WHERE user_id = $1', [
    userId,
  ]);
  const roles = rows.map((row) => row.role);
  const added: string[] = [];
  if (desired.length > 0 && !roles.includes('CustomerUser')) {
    await client.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser') ON CONFLICT DO NOTHING`,
      [userId],
    );
    added.push('CustomerUser');
  }
  if (!allManaged) return added.length ? [...new Set([...roles, ...added])] : undefined;
  const wantsAdmin = desired.some((row) => row.admin);
  const isAdmin = roles.includes('CustomerAdministrator');
  if (wantsAdmin === isAdmin) return added.length ? [...new Set([...roles, ...added])] : undefined;
  if (wantsAdmin)
    await client.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerAdministrator') ON CONFLICT DO NOTHING`,
      [userId],
    );
  else
    await client.query(`DELETE FROM user_roles WHERE user_id = $1 AND role = 'CustomerAdministrator'`, [
      userId,
    ]);
  const { rows: after } = await client.query<{ role: string }>(
    'SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role',
    [userId],
  );
  return after.map((row) => row.role);
}
