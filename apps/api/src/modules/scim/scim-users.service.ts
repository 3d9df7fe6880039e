import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { endUserSessions } from '../auth/end-user-sessions.ts';
import {
  managedAccounts,
  recomputeAccess,
  scimActorOf,
  type AuditActor,
  type ScimTenant,
} from './scim-access.ts';
import { resourceNotFound, ScimError, uniqueness } from './scim-errors.ts';
import { filterToSql, parseScimFilter, type FilterSchema } from './scim-filter.ts';
import type { PatchOperation } from './scim-patch.ts';
import { listResponse, metaOf, project, USER_SCHEMA } from './scim-resources.ts';
import { applyUserPatch, type UserState } from './scim-user-input.ts';

/** What the user filters may name (RFC 7643 4.1), in the list query's aliases `s` (scim_users) and `u` (users). */
export const USER_FILTER_SCHEMA: FilterSchema = {
  attributes: {
    id: { sql: 's.user_id::text', kind: 'string', caseExact: true },
    username: { sql: 's.user_name', kind: 'string', caseExact: false },
    externalid: { sql: 's.external_id', kind: 'string', caseExact: true },
    displayname: { sql: 'u.display_name', kind: 'string', caseExact: false },
    'name.givenname': { sql: 'u.first_name', kind: 'string', caseExact: false },
    'name.familyname': { sql: 'u.last_name', kind: 'string', caseExact: false },
    'name.formatted': { sql: 'u.display_name', kind: 'string', caseExact: false },
    'emails.value': { sql: 'u.email', kind: 'string', caseExact: false },
    'emails.type': { sql: `'work'`, kind: 'string', caseExact: false },
    'emails.primary': { sql: 'true', kind: 'boolean', caseExact: true },
    active: { sql: 's.active', kind: 'boolean', caseExact: true },
    preferredlanguage: { sql: 'u.language', kind: 'string', caseExact: false },
    'meta.created': { sql: 's.created', kind: 'dateTime', caseExact: true },
    'meta.lastmodified': { sql: 's.modified', kind: 'dateTime', caseExact: true },
  },
};

type UserRow = {
  user_id: string;
  user_name: string;
  external_id: string | null;
  active: boolean;
  version: number;
  created: Date;
  modified: Date;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  language: UserState['language'];
};

const USER_COLUMNS = `s.user_id, s.user_name, s.external_id, s.active, s.version, s.created, s.modified,
  u.email, u.first_name, u.last_name, u.display_name, u.language`;

export type ScimUser = ReturnType<typeof toScimUser>;

export function toScimUser(row: UserRow, baseUrl: string) {
  return {
    schemas: [USER_SCHEMA],
    id: row.user_id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.user_name,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: row.display_name },
    displayName: row.display_name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    preferredLanguage: row.language,
    active: row.active,
    meta: metaOf({
      resourceType: 'User',
      created: row.created,
      modified: row.modified,
      version: row.version,
      location: `${baseUrl}/Users/${row.user_id}`,
    }),
  };
}

const stateOf = (row: UserRow): UserState => ({
  userName: row.user_name,
  externalId: row.external_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  language: row.language,
  active: row.active,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user of this directory; any other id (another customer's user, unknown, not a UUID) is the same 404. */
async function findUser(client: Pick<PoolClient, 'query'>, customerId: number, id: string, lock = false) {
  if (!UUID.test(id)) return undefined;
  const { rows } = await client.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM scim_users s JOIN users u ON u.id = s.user_id
      WHERE s.customer_id = $1 AND s.user_id = $2 ${lock ? 'FOR UPDATE OF s, u' : ''}`,
    [customerId, id],
  );
  return rows[0];
}

export type ListQuery = {
  filter?: string;
  startIndex: number;
  count: number;
  attributes?: string;
  excludedAttributes?: string;
};

export async function listUsers(db: Database, tenant: ScimTenant, query: ListQuery, baseUrl: string) {
  const where = query.filter ? filterToSql(parseScimFilter(query.filter), USER_FILTER_SCHEMA, 2) : undefined;
  const condition = where ? `AND ${where.sql}` : '';
  const params = [tenant.customerId, ...(where?.params ?? [])];
  // The total and the page at once, on two connections: a wide filter (`co`) scans the directory's
  // users for each, and in parallel the answer waits for one scan, not two.
  const [counted, page] = await Promise.all([
    db.$client.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM scim_users s JOIN users u ON u.id = s.user_id WHERE s.customer_id = $1 ${condition}`,
      params,
    ),
    query.count === 0
      ? { rows: [] as UserRow[] }
      : db.$client.query<UserRow>(
          `SELECT ${USER_COLUMNS} FROM scim_users s JOIN users u ON u.id = s.user_id
            WHERE s.customer_id = $1 ${condition}
            ORDER BY s.created, s.user_id OFFSET ${query.startIndex - 1} LIMIT ${query.count}`,
          params,
        ),
  ]);
  const total = counted.rows[0]!.total;
  const rows = page.rows;
  return listResponse(
    rows.map((row) => project(toScimUser(row, baseUrl), query.attributes, query.excludedAttributes)),
    total,
    query.startIndex,
  );
}

export async function getUser(db: Database, tenant: ScimTenant, id: string, baseUrl: string) {
  const row = await findUser(db.$client, tenant.customerId, id);
  if (!row) throw resourceNotFound('User');
  return toScimUser(row, baseUrl);
}

const auditActor = (tenant: ScimTenant, requestId: string): AuditActor => ({
  actorUserId: null,
  actorEmail: scimActorOf(tenant.tokenPrefix),
  requestId,
});

/** userName and externalId are unique within the directory (compared as RFC 7643 says). */
async function assertUnique(client: PoolClient, customerId: number, state: UserState, exceptUserId?: string) {
  const { rowCount } = await client.query(
    `SELECT 1 FROM scim_users WHERE customer_id = $1 AND user_id IS DISTINCT FROM $4::uuid
        AND (lower(user_name) = lower($2) OR external_id = $3)`,
    [customerId, state.userName, state.externalId, exceptUserId ?? null],
  );
  if (rowCount) throw uniqueness();
}

/**
 * A Hub user who already has the e-mail address joins this directory only when nothing they hold
 * is beyond what this customer's directory decides about: no other directory, no provider role,
 * and only accounts the customer's directory manages. Anything else is the same 409 as a
 * duplicate, so the answer tells nothing about who else uses the address.
 */
async function adoptable(client: PoolClient, customerId: number, userId: string): Promise<boolean> {
  const { rows } = await client.query<{ in_directory: boolean; roles: string[]; accounts: number[] }>(
    `SELECT EXISTS (SELECT 1 FROM scim_users WHERE user_id = $1) AS in_directory,
            coalesce((SELECT array_agg(role) FROM user_roles WHERE user_id = $1), '{}') AS roles,
            coalesce((SELECT array_agg(customer_id) FROM user_customers WHERE user_id = $1), '{}') AS accounts`,
    [userId],
  );
  const row = rows[0]!;
  if (row.in_directory) return false;
  if (row.roles.some((role) => role !== 'CustomerUser' && role !== 'CustomerAdministrator')) return false;
  const managed = await managedAccounts(client, customerId);
  return row.accounts.every((account) => managed.includes(account));
}

function uniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function createUser(
  db: Database,
  tenant: ScimTenant,
  state: UserState,
  requestId: string,
  baseUrl: string,
) {
  const actor = auditActor(tenant, requestId);
  try {
    return await inTransaction(db.$client, async (client) => {
      await assertUnique(client, tenant.customerId, state);
      const inserted = await client.query<{ id: string }>(
        // Not verified yet, like an invited user: the first sign-in through the customer's provider
        // verifies it (identity-links), and with the built-in provider an administrator's
        // invitation lets them choose a password, which an established user could not get.
        `INSERT INTO users (email, username, first_name, last_name, display_name, language)
         VALUES ($1, $1, $2, $3, $4, $5) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [state.email, state.firstName, state.lastName, state.displayName, state.language],
      );
      let userId = inserted.rows[0]?.id;
      const adopted = userId === undefined;
      if (userId === undefined) {
        const { rows } = await client.query<{ id: string }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) FOR UPDATE',
          [state.email],
        );
        userId = rows[0]?.id;
        if (!userId || !(await adoptable(client, tenant.customerId, userId))) throw uniqueness();
        // The directory is the authority on its people: their names and language follow it.
        await client.query(
          `UPDATE users SET first_name = $2, last_name = $3, display_name = $4, language = $5, modified = now()
            WHERE id = $1`,
          [userId, state.firstName, state.lastName, state.displayName, state.language],
        );
      } else {
        await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser')`, [userId]);
      }
      await client.query(
        `INSERT INTO scim_users (user_id, customer_id, user_name, external_id, active) VALUES ($1, $2, $3, $4, $5)`,
        [userId, tenant.customerId, state.userName, state.externalId, state.active],
      );
      await writeAudit(client, {
        ...actor,
        action: adopted ? 'scim.user-adopted' : 'scim.user-created',
        entityType: 'user',
        entityId: userId,
        customerId: tenant.customerId,
        after: {
          userName: state.userName,
          externalId: state.externalId,
          email: state.email,
          active: state.active,
        },
      });
      // An adopted user the directory has inactive loses what they held here at once.
      if (adopted && !state.active) await deactivate(client, tenant, userId, actor);
      return toScimUser((await findUser(client, tenant.customerId, userId))!, baseUrl);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw uniqueness();
    throw error;
  }
}

/** Inactive: no access through this directory, no session anywhere, and no sign-in while nothing else is held. */
async function deactivate(client: PoolClient, tenant: ScimTenant, userId: string, actor: AuditActor) {
  await recomputeAccess(client, tenant.customerId, userId, actor);
  await endUserSessions(client, userId);
  await client.query(
    `UPDATE users SET enabled = false, modified = now()
      WHERE id = $1 AND enabled AND NOT EXISTS (SELECT 1 FROM user_customers WHERE user_id = $1)`,
    [userId],
  );
}

async function saveUser(
  client: PoolClient,
  tenant: ScimTenant,
  row: UserRow,
  next: UserState,
  actor: AuditActor,
  ifMatch: string | undefined,
) {
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== `W/"${row.version}"`)
    throw new ScimError(412, 'The resource has changed since it was read.');
  const before = stateOf(row);
  if (JSON.stringify(before) === JSON.stringify(next)) return;
  await assertUnique(client, tenant.customerId, next, row.user_id);
  if (next.email !== before.email) {
    const { rowCount } = await client.query(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2',
      [next.email, row.user_id],
    );
    if (rowCount) throw uniqueness();
  }
  await client.query(
    `UPDATE users SET email = $2, username = $2, first_name = $3, last_name = $4, display_name = $5, language = $6,
            modified = now() WHERE id = $1`,
    [row.user_id, next.email, next.firstName, next.lastName, next.displayName, next.language],
  );
  await client.query(
    `UPDATE scim_users SET user_name = $3, external_id = $4, active = $5, version = version + 1, modified = now()
      WHERE user_id = $1 AND customer_id = $2`,
    [row.user_id, tenant.customerId, next.userName, next.externalId, next.active],
  );
  await writeAudit(client, {
    ...actor,
    action: 'scim.user-updated',
    entityType: 'user',
    entityId: row.user_id,
    customerId: tenant.customerId,
    before,
    after: next,
  });
  if (before.active && !next.active) await deactivate(client, tenant, row.user_id, actor);
  else if (!before.active && next.active) {
    await client.query('UPDATE users SET enabled = true, modified = now() WHERE id = $1', [row.user_id]);
    await recomputeAccess(client, tenant.customerId, row.user_id, actor);
  } else if (before.email !== next.email) {
    // Like every change of the sign-in address: signed out everywhere.
    await endUserSessions(client, row.user_id);
  }
}

async function changeUser(
  db: Database,
  tenant: ScimTenant,
  id: string,
  requestId: string,
  baseUrl: string,
  ifMatch: string | undefined,
  change: (state: UserState) => UserState,
) {
  try {
    return await inTransaction(db.$client, async (client) => {
      const row = await findUser(client, tenant.customerId, id, true);
      if (!row) throw resourceNotFound('User');
      await saveUser(client, tenant, row, change(stateOf(row)), auditActor(tenant, requestId), ifMatch);
      return toScimUser((await findUser(client, tenant.customerId, id))!, baseUrl);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw uniqueness();
    throw error;
  }
}

/** PUT: the resource as sent replaces what the Hub keeps (RFC 7644 3.5.1). */
export const replaceUser = (
  db: Database,
  tenant: ScimTenant,
  id: string,
  state: UserState,
  requestId: string,
  baseUrl: string,
  ifMatch?: string,
) => changeUser(db, tenant, id, requestId, baseUrl, ifMatch, () => state);

export const patchUser = (
  db: Database,
  tenant: ScimTenant,
  id: string,
  operations: readonly PatchOperation[],
  requestId: string,
  baseUrl: string,
  ifMatch?: string,
) => changeUser(db, tenant, id, requestId, baseUrl, ifMatch, (state) => applyUserPatch(state, operations));

/**
 * DELETE: the user loses every access this directory gave and every session. Someone who holds
 * nothing else in the Hub is deleted as the user administration deletes (users module): signed
 * out everywhere, the row and everything hanging on it removed, each account's audit log told.
 * Someone who also holds access the directory does not decide about keeps that, and only leaves
 * the directory.
 */
export async function deleteUser(db: Database, tenant: ScimTenant, id: string, requestId: string) {
  const actor = auditActor(tenant, requestId);
  try {
    await inTransaction(db.$client, async (client) => {
      const row = await findUser(client, tenant.customerId, id, true);
      if (!row) throw resourceNotFound('User');
      await client.query('UPDATE scim_users SET active = false WHERE user_id = $1', [id]);
      await recomputeAccess(client, tenant.customerId, id, actor);
      await endUserSessions(client, id);
      const { rows } = await client.query<{ roles: string[]; accounts: number[] }>(
        `SELECT coalesce((SELECT array_agg(role) FROM user_roles WHERE user_id = $1), '{}') AS roles,
                coalesce((SELECT array_agg(customer_id) FROM user_customers WHERE user_id = $1), '{}') AS accounts`,
        [id],
      );
      const { roles, accounts } = rows[0]!;
      const holdsMore =
        accounts.length > 0 ||
        roles.some((role) => role !== 'CustomerUser' && role !== 'CustomerAdministrator');
      const before = {
        userName: row.user_name,
        externalId: row.external_id,
        email: row.email,
        displayName: row.display_name,
      };
      if (holdsMore) await client.query('DELETE FROM scim_users WHERE user_id = $1', [id]);
      else await client.query('DELETE FROM users WHERE id = $1', [id]);
      await writeAudit(client, {
        ...actor,
        action: holdsMore ? 'scim.user-removed' : 'user.deleted',
        entityType: 'user',
        entityId: id,
        customerId: tenant.customerId,
        before,
        after: null,
      });
    });
  } catch (error) {
    // Data of another feature that still refers to the user: nothing was deleted (as in the users module).
    if ((error as { code?: string }).code === '23503')
      throw new ScimError(409, 'The user could not be deleted now. Try again later.');
    throw error;
  }
}
