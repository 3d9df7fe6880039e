import type { PoolClient } from 'pg';
import {
  EXCLUDED_GRANT_PREFIXES,
  type PermissionPrefix,
  type TCreatedScimToken,
  type TScimGrant,
  type TScimGrantableAccount,
  type TListScimGroupsResponse,
  type TScimSettings,
  type TScimToken,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer, isProviderAdmin, mayShareService } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { recomputeAccess, type AuditActor } from './scim-access.ts';
import { hashScimToken, newScimToken, scimTokenPrefixOf } from './scim-tokens.repository.ts';

/**
 * Who configures a customer's provisioning: whoever manages its users — its customer
 * administrators, and provider administrators for any customer (as for account API keys).
 */
export async function assertManagesScim(db: Database, actor: Principal, customerId: number): Promise<void> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const { rowCount } = await db.$client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
  if (!rowCount) throw notFound('No such customer account.');
}

const actorOf = (actor: Principal, requestId: string): AuditActor => ({
  actorUserId: actor.userId,
  actorEmail: actor.email,
  requestId,
});

type TokenRow = {
  id: string;
  token_prefix: string;
  created: Date;
  created_by: string | null;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
};

const toToken = (row: TokenRow): TScimToken => ({
  id: row.id,
  tokenPrefix: row.token_prefix,
  created: row.created.toISOString(),
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  expiresAt: row.expires_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

const TOKEN_COLUMNS = `t.id, t.token_prefix, t.created, u.display_name AS created_by, t.last_used_at, t.expires_at, t.revoked_at`;

async function tokensOf(
  client: Pick<PoolClient, 'query'>,
  customerId: number,
  id?: string,
): Promise<TScimToken[]> {
  const { rows } = await client.query<TokenRow>(
    `SELECT ${TOKEN_COLUMNS} FROM scim_tokens t LEFT JOIN users u ON u.id = t.created_by
      WHERE t.customer_id = $1 AND ($2::uuid IS NULL OR t.id = $2)
      ORDER BY (t.revoked_at IS NOT NULL OR t.expires_at <= now()), t.created DESC, t.id`,
    [customerId, id ?? null],
  );
  return rows.map(toToken);
}

export async function getScimSettings(
  db: Database,
  customerId: number,
  publicUrl: string,
): Promise<TScimSettings> {
  const { rows } = await db.$client.query<{ enabled: boolean | null; users: number }>(
    `SELECT (SELECT enabled FROM scim_configurations WHERE customer_id = $1) AS enabled,
            (SELECT count(*)::int FROM scim_users WHERE customer_id = $1) AS users`,
    [customerId],
  );
  return {
    enabled: rows[0]?.enabled ?? false,
    baseUrl: `${publicUrl}/scim/v2`,
    tokens: await tokensOf(db.$client, customerId),
    provisionedUsers: rows[0]?.users ?? 0,
  };
}

async function ensureConfiguration(client: PoolClient, customerId: number, actorId: string) {
  await client.query(
    'INSERT INTO scim_configurations (customer_id, created_by) VALUES ($1, $2) ON CONFLICT (customer_id) DO NOTHING',
    [customerId, actorId],
  );
}

/** Switching off refuses every token at once; the directory's users and groups stay as they are. */
export async function setScimEnabled(
  db: Database,
  actor: Principal,
  customerId: number,
  enabled: boolean,
  requestId: string,
): Promise<void> {
  await assertManagesScim(db, actor, customerId);
  await inTransaction(db.$client, async (client) => {
    await ensureConfiguration(client, customerId, actor.userId);
    const { rows } = await client.query<{ enabled: boolean }>(
      'SELECT enabled FROM scim_configurations WHERE customer_id = $1 FOR UPDATE',
      [customerId],
    );
    if (rows[0]!.enabled === enabled) return;
    await client.query(
      'UPDATE scim_configurations SET enabled = $2, modified = now() WHERE customer_id = $1',
      [customerId, enabled],
    );
    await writeAudit(client, {
      ...actorOf(actor, requestId),
      action: enabled ? 'scim.enabled' : 'scim.disabled',
      entityType: 'scimConfiguration',
      entityId: String(customerId),
      customerId,
      before: { enabled: !enabled },
      after: { enabled },
    });
  });
}

async function insertToken(
  client: PoolClient,
  customerId: number,
  actor: Principal,
  expiresInDays: number | null,
): Promise<TCreatedScimToken> {
  const token = newScimToken();
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO scim_tokens (customer_id, token_prefix, token_hash, created_by, expires_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(days => $5::int) END)
     RETURNING id`,
    [customerId, scimTokenPrefixOf(token), hashScimToken(token), actor.userId, expiresInDays],
  );
  const [stored] = await tokensOf(client, customerId, rows[0]!.id);
  return { ...stored!, token };
}

/** A new token, in this answer only; only its SHA-256 is kept. */
export async function createScimToken(
  db: Database,
  actor: Principal,
  customerId: number,
  expiresInDays: number | null,
  requestId: string,
): Promise<TCreatedScimToken> {
  await assertManagesScim(db, actor, customerId);
  return inTransaction(db.$client, async (client) => {
    await ensureConfiguration(client, customerId, actor.userId);
    const created = await insertToken(client, customerId, actor, expiresInDays);
    await writeAudit(client, {
      ...actorOf(actor, requestId),
      action: 'scim.token-created',
      entityType: 'scimToken',
      entityId: created.id,
      customerId,
      // Never the token or its hash.
      after: { tokenPrefix: created.tokenPrefix, expiresAt: created.expiresAt },
    });
    return created;
  });
}

const noActiveToken = () => notFound('No such active SCIM token.');

export async function revokeScimToken(
  db: Database,
  actor: Principal,
  customerId: number,
  tokenId: string,
  requestId: string,
): Promise<void> {
  await assertManagesScim(db, actor, customerId);
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ token_prefix: string }>(
      `UPDATE scim_tokens SET revoked_at = now(), revoked_by = $3
        WHERE customer_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING token_prefix`,
      [customerId, tokenId, actor.userId],
    );
    if (!rows[0]) throw noActiveToken();
    await writeAudit(client, {
      ...actorOf(actor, requestId),
      action: 'scim.token-revoked',
      entityType: 'scimToken',
      entityId: tokenId,
      customerId,
      before: { tokenPrefix: rows[0].token_prefix },
    });
  });
}

/**
 * A new token for the directory, while the old one keeps working for `overlapHours` more (never
 * longer than it would have anyway), so the sync does not fail between the two settings.
 */
export async function rotateScimToken(
  db: Database,
  actor: Principal,
  customerId: number,
  tokenId: string,
  overlapHours: number,
  requestId: string,
): Promise<TCreatedScimToken> {
  await assertManagesScim(db, actor, customerId);
  return inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ token_prefix: string; expires_at: Date | null }>(
      `UPDATE scim_tokens
          SET expires_at = least(coalesce(expires_at, 'infinity'::timestamptz), now() + make_interval(hours => $3::int))
        WHERE customer_id = $1 AND id = $2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
        RETURNING token_prefix, expires_at`,
      [customerId, tokenId, overlapHours],
    );
    if (!rows[0]) throw noActiveToken();
    const created = await insertToken(client, customerId, actor, null);
    await writeAudit(client, {
      ...actorOf(actor, requestId),
      action: 'scim.token-rotated',
      entityType: 'scimToken',
      entityId: created.id,
      customerId,
      before: { tokenPrefix: rows[0].token_prefix },
      after: {
        tokenPrefix: created.tokenPrefix,
        oldTokenExpiresAt: rows[0].expires_at?.toISOString() ?? null,
      },
    });
    return created;
  });
}

export { tokensOf as listScimTokens };

type PermissionRow = { id: number; prefix: PermissionPrefix; name: string };

/**
 * The permissions an actor may put in a grant on an account: the account's own, never the ones
 * granted only separately (spec 5: AI, WOD, EA, IBF and the services' CustomerAdmin), and for a
 * customer administrator only services they can read there themselves (`mayShareService`).
 */
async function grantablePermissions(client: Pick<PoolClient, 'query'>, actor: Principal, accountId: number) {
  const { rows } = await client.query<PermissionRow>(
    `SELECT p.id, p.prefix, p.name FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
      WHERE cp.customer_id = $1 AND p.prefix <> ALL($2::text[]) AND p.name <> 'CustomerAdmin'
      ORDER BY p.prefix, p.name, p.id`,
    [accountId, EXCLUDED_GRANT_PREFIXES],
  );
  if (isProviderAdmin(actor)) return rows;
  const { rows: own } = await client.query<{
    id: number;
    prefix: PermissionPrefix;
    name: string;
    roles: string[];
  }>(
    `SELECT p.id, p.prefix, p.name, p.roles FROM customer_user_permissions cup JOIN permissions p ON p.id = cup.permission_id
      WHERE cup.customer_id = $1 AND cup.user_id = $2`,
    [accountId, actor.userId],
  );
  return rows.filter((row) => mayShareService(actor, own, row.prefix));
}

/** The customer and the accounts already granted, plus every account a customer administrator administers. */
async function grantableAccounts(
  db: Database,
  actor: Principal,
  customerId: number,
): Promise<TScimGrantableAccount[]> {
  const { rows } = await db.$client.query<{ id: number; name: string; customer_number: string }>(
    `SELECT c.id, c.name, c.customer_number FROM customers c
      WHERE c.id = $1
         OR c.id IN (SELECT gg.account_id FROM scim_group_grants gg JOIN scim_groups g ON g.id = gg.group_id WHERE g.customer_id = $1)
         OR ($3 AND c.id IN (SELECT customer_id FROM user_customers WHERE user_id = $2))
      ORDER BY c.name, c.id`,
    [customerId, actor.userId, !isProviderAdmin(actor)],
  );
  const accounts: TScimGrantableAccount[] = [];
  for (const row of rows) {
    if (!canManageCustomer(actor, row.id)) continue;
    const permissions = await grantablePermissions(db.$client, actor, row.id);
    accounts.push({ id: row.id, name: row.name, customerNumber: row.customer_number, permissions });
  }
  return accounts;
}

export async function listScimGroups(
  db: Database,
  actor: Principal,
  customerId: number,
): Promise<TListScimGroupsResponse> {
  await assertManagesScim(db, actor, customerId);
  const { rows } = await db.$client.query<{
    id: string;
    display_name: string;
    external_id: string | null;
    member_count: number;
    grants: TScimGrant[];
  }>(
    `SELECT g.id, g.display_name, g.external_id,
            (SELECT count(*)::int FROM scim_group_members m WHERE m.group_id = g.id) AS member_count,
            coalesce((SELECT json_agg(json_build_object('accountId', gg.account_id, 'role', gg.role, 'permissionIds', gg.permission_ids)
                                      ORDER BY gg.account_id)
                        FROM scim_group_grants gg WHERE gg.group_id = g.id), '[]') AS grants
       FROM scim_groups g WHERE g.customer_id = $1 ORDER BY lower(g.display_name), g.id`,
    [customerId],
  );
  return {
    groups: rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      externalId: row.external_id,
      memberCount: row.member_count,
      grants: row.grants,
    })),
    accounts: await grantableAccounts(db, actor, customerId),
  };
}

/**
 * Replaces what one directory group grants, and recomputes every member's access in the same
 * transaction. An administrator maps only to accounts they administer and hands out only
 * permissions they may share there; a grant on an account they do not administer (a provider
 * administrator's) stays exactly as it is or the whole change is refused.
 */
export async function setScimGroupGrants(
  db: Database,
  actor: Principal,
  customerId: number,
  groupId: string,
  grants: readonly TScimGrant[],
  requestId: string,
): Promise<void> {
  await assertManagesScim(db, actor, customerId);
  await inTransaction(db.$client, async (client) => {
    const { rows: groups } = await client.query<{ display_name: string }>(
      'SELECT display_name FROM scim_groups WHERE id = $1 AND customer_id = $2 FOR UPDATE',
      [groupId, customerId],
    );
    if (!groups[0]) throw notFound('No such directory group.');
    const { rows: current } = await client.query<TScimGrant>(
      `SELECT account_id AS "accountId", role, permission_ids AS "permissionIds" FROM scim_group_grants
        WHERE group_id = $1 ORDER BY account_id`,
      [groupId],
    );
    const normalized = grants
      .map((g) => ({ ...g, permissionIds: [...g.permissionIds].sort((a, b) => a - b) }))
      .sort((a, b) => a.accountId - b.accountId);
    const same = (a: TScimGrant, b: TScimGrant) =>
      a.role === b.role && [...a.permissionIds].sort((x, y) => x - y).join() === b.permissionIds.join();
    for (const old of current)
      if (
        !canManageCustomer(actor, old.accountId) &&
        !normalized.some((g) => g.accountId === old.accountId && same(old, g))
      )
        throw forbidden('You may not change a grant on an account you do not administer.');
    for (const grant of normalized) {
      const unchanged = current.some((old) => old.accountId === grant.accountId && same(old, grant));
      if (unchanged) continue;
      if (!canManageCustomer(actor, grant.accountId))
        throw forbidden('You may only map groups to accounts you administer.');
      const { rowCount } = await client.query('SELECT 1 FROM customers WHERE id = $1', [grant.accountId]);
      if (!rowCount) {
        const message = 'No such customer account.';
        throw badRequest(message, [{ field: 'body.grants', code: 'invalidValue', message }]);
      }
      const allowed = new Set((await grantablePermissions(client, actor, grant.accountId)).map((p) => p.id));
      const { rows: offered } = await client.query<{ permission_id: number }>(
        'SELECT permission_id FROM customer_permissions WHERE customer_id = $1 AND permission_id = ANY($2::int[])',
        [grant.accountId, grant.permissionIds],
      );
      if (offered.length !== grant.permissionIds.length) {
        const message = 'The customer account does not have this permission.';
        throw badRequest(message, [{ field: 'body.grants', code: 'invalidValue', message }]);
      }
      if (grant.permissionIds.some((id) => !allowed.has(id)))
        throw forbidden('You may not grant a permission you cannot share on this account.');
    }
    if (JSON.stringify(current) === JSON.stringify(normalized)) return;
    await client.query('DELETE FROM scim_group_grants WHERE group_id = $1', [groupId]);
    for (const grant of normalized)
      await client.query(
        `INSERT INTO scim_group_grants (group_id, account_id, role, permission_ids, created_by) VALUES ($1, $2, $3, $4, $5)`,
        [groupId, grant.accountId, grant.role, grant.permissionIds, actor.userId],
      );
    const audit = actorOf(actor, requestId);
    await writeAudit(client, {
      ...audit,
      action: 'scim.group-grants-updated',
      entityType: 'scimGroup',
      entityId: groupId,
      customerId,
      before: { displayName: groups[0].display_name, grants: current },
      after: { displayName: groups[0].display_name, grants: normalized },
    });
    const { rows: members } = await client.query<{ user_id: string }>(
      'SELECT user_id FROM scim_group_members WHERE group_id = $1 ORDER BY user_id',
      [groupId],
    );
    for (const { user_id } of members)
      await recomputeAccess(
        client,
        customerId,
        user_id,
        audit,
        current.map((g) => g.accountId),
      );
  });
}
