import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { recomputeAccess, scimActorOf, type AuditActor, type ScimTenant } from './scim-access.ts';
import {
  invalidPath,
  invalidValue,
  resourceNotFound,
  ScimError,
  scimBadRequest,
  uniqueness,
} from './scim-errors.ts';
import { filterToSql, parseScimFilter, type FilterSchema } from './scim-filter.ts';
import type { PatchOperation } from './scim-patch.ts';
import { GROUP_SCHEMA, listResponse, metaOf, project } from './scim-resources.ts';
import type { ListQuery } from './scim-users.service.ts';
import { filter as matches, type Filter } from 'scim2-parse-filter';

/** What group filters may name, in the list query's alias `g` (scim_groups). */
export const GROUP_FILTER_SCHEMA: FilterSchema = {
  attributes: {
    id: { sql: 'g.id::text', kind: 'string', caseExact: true },
    displayname: { sql: 'g.display_name', kind: 'string', caseExact: false },
    externalid: { sql: 'g.external_id', kind: 'string', caseExact: true },
    'members.value': { sql: 'm.user_id::text', kind: 'string', caseExact: true, scope: 'members' },
    'meta.created': { sql: 'g.created', kind: 'dateTime', caseExact: true },
    'meta.lastmodified': { sql: 'g.modified', kind: 'dateTime', caseExact: true },
  },
  scopes: { members: 'SELECT 1 FROM scim_group_members m WHERE m.group_id = g.id' },
};

type GroupState = { displayName: string; externalId: string | null; members: string[] };
type GroupRow = {
  id: string;
  display_name: string;
  external_id: string | null;
  version: number;
  created: Date;
  modified: Date;
};

const MAX_MEMBERS_PER_REQUEST = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ZMember = z
  .object({
    value: z.string().max(100),
    display: z.string().max(500).optional(),
    $ref: z.string().max(2000).nullable().optional(),
    type: z.string().max(50).optional(),
  })
  .strict();
const ZMembers = z.array(ZMember).max(MAX_MEMBERS_PER_REQUEST);
const ZGroup = z
  .object({
    schemas: z.array(z.string().max(200)).max(10).optional(),
    displayName: z.string().trim().min(1).max(256),
    externalId: z.string().max(256).nullable().optional(),
    members: ZMembers.optional(),
  })
  .strict();

/** A Group resource of a POST or PUT; `id` and `meta` are the service's and ignored (RFC 7644 3.3). */
export function parseGroupResource(body: unknown): GroupState {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw scimBadRequest('invalidSyntax', 'The request body must be a Group object.');
  const renamed: Record<string, unknown> = {};
  const names: Record<string, string> = {
    schemas: 'schemas',
    displayname: 'displayName',
    externalid: 'externalId',
    members: 'members',
  };
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (lower === 'id' || lower === 'meta' || lower.startsWith('urn:')) continue;
    if (!names[lower])
      throw scimBadRequest('invalidSyntax', 'The request has an attribute the Group schema does not have.');
    renamed[names[lower]] = value;
  }
  const parsed = ZGroup.safeParse(renamed);
  if (!parsed.success)
    throw invalidValue(
      `The value of ${parsed.error.issues[0]?.path.join('.') || 'an attribute'} is not valid.`,
    );
  if (parsed.data.schemas && !parsed.data.schemas.some((s) => s.toLowerCase() === GROUP_SCHEMA.toLowerCase()))
    throw scimBadRequest('invalidSyntax', `The request must name the schema ${GROUP_SCHEMA}.`);
  return {
    displayName: parsed.data.displayName,
    externalId: parsed.data.externalId ?? null,
    members: [...new Set((parsed.data.members ?? []).map((m) => m.value.toLowerCase()))],
  };
}

async function findGroup(client: Pick<PoolClient, 'query'>, customerId: number, id: string, lock = false) {
  if (!UUID.test(id)) return undefined;
  const { rows } = await client.query<GroupRow>(
    `SELECT id, display_name, external_id, version, created, modified FROM scim_groups
      WHERE customer_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [customerId, id],
  );
  return rows[0];
}

async function membersOf(client: Pick<PoolClient, 'query'>, groupIds: string[]) {
  const { rows } = await client.query<{ group_id: string; user_id: string; display_name: string }>(
    `SELECT m.group_id, m.user_id, u.display_name FROM scim_group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ANY($1::uuid[]) ORDER BY u.display_name, m.user_id`,
    [groupIds],
  );
  return rows;
}

function toScimGroup(
  row: GroupRow,
  members: { user_id: string; display_name: string }[] | undefined,
  baseUrl: string,
) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.display_name,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.user_id,
            display: m.display_name,
            $ref: `${baseUrl}/Users/${m.user_id}`,
            type: 'User',
          })),
        }
      : {}),
    meta: metaOf({
      resourceType: 'Group',
      created: row.created,
      modified: row.modified,
      version: row.version,
      location: `${baseUrl}/Groups/${row.id}`,
    }),
  };
}

const wantsMembers = (query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>) => {
  const names = (list?: string) =>
    (list ?? '')
      .toLowerCase()
      .split(',')
      .map((n) => n.trim().split('.')[0]);
  if (query.attributes) return names(query.attributes).includes('members');
  return !names(query.excludedAttributes).includes('members');
};

export async function listGroups(db: Database, tenant: ScimTenant, query: ListQuery, baseUrl: string) {
  const where = query.filter ? filterToSql(parseScimFilter(query.filter), GROUP_FILTER_SCHEMA, 2) : undefined;
  const condition = where ? `AND ${where.sql}` : '';
  const params = [tenant.customerId, ...(where?.params ?? [])];
  const { rows: counted } = await db.$client.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM scim_groups g WHERE g.customer_id = $1 ${condition}`,
    params,
  );
  const total = counted[0]!.total;
  if (query.count === 0 || query.startIndex > total) return listResponse([], total, query.startIndex);
  const { rows } = await db.$client.query<GroupRow>(
    `SELECT g.id, g.display_name, g.external_id, g.version, g.created, g.modified FROM scim_groups g
      WHERE g.customer_id = $1 ${condition} ORDER BY g.created, g.id OFFSET ${query.startIndex - 1} LIMIT ${query.count}`,
    params,
  );
  const members = wantsMembers(query)
    ? await membersOf(
        db.$client,
        rows.map((r) => r.id),
      )
    : undefined;
  return listResponse(
    rows.map((row) =>
      project(
        toScimGroup(
          row,
          members?.filter((m) => m.group_id === row.id),
          baseUrl,
        ),
        query.attributes,
        query.excludedAttributes,
      ),
    ),
    total,
    query.startIndex,
  );
}

export async function getGroup(
  db: Database,
  tenant: ScimTenant,
  id: string,
  baseUrl: string,
  query: Pick<ListQuery, 'attributes' | 'excludedAttributes'> = {},
) {
  const row = await findGroup(db.$client, tenant.customerId, id);
  if (!row) throw resourceNotFound('Group');
  const members = wantsMembers(query) ? await membersOf(db.$client, [row.id]) : undefined;
  return project(toScimGroup(row, members, baseUrl), query.attributes, query.excludedAttributes);
}

const auditActor = (tenant: ScimTenant, requestId: string): AuditActor => ({
  actorUserId: null,
  actorEmail: scimActorOf(tenant.tokenPrefix),
  requestId,
});

/** Members must be users of this directory; anyone else is refused like an unknown id. */
async function assertMembers(client: PoolClient, customerId: number, members: readonly string[]) {
  if (members.some((id) => !UUID.test(id))) throw invalidValue('A member is not a user of this directory.');
  if (members.length === 0) return;
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM scim_users WHERE customer_id = $1 AND user_id = ANY($2::uuid[])',
    [customerId, members],
  );
  if (rows[0]!.n !== members.length) throw invalidValue('A member is not a user of this directory.');
}

async function assertUnique(client: PoolClient, customerId: number, state: GroupState, exceptId?: string) {
  const { rowCount } = await client.query(
    `SELECT 1 FROM scim_groups WHERE customer_id = $1 AND id IS DISTINCT FROM $4::uuid
        AND (lower(display_name) = lower($2) OR external_id = $3)`,
    [customerId, state.displayName, state.externalId, exceptId ?? null],
  );
  if (rowCount) throw uniqueness();
}

/** Sets the members and recomputes the access of everyone who joined or left (when the group grants anything). */
async function setMembers(
  client: PoolClient,
  tenant: ScimTenant,
  groupId: string,
  members: readonly string[],
  actor: AuditActor,
) {
  const { rows: current } = await client.query<{ user_id: string }>(
    'SELECT user_id FROM scim_group_members WHERE group_id = $1',
    [groupId],
  );
  const before = new Set(current.map((r) => r.user_id));
  const after = new Set(members);
  const joined = [...after].filter((id) => !before.has(id));
  const left = [...before].filter((id) => !after.has(id));
  if (joined.length === 0 && left.length === 0) return false;
  await client.query('DELETE FROM scim_group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[])', [
    groupId,
    left,
  ]);
  await client.query(
    'INSERT INTO scim_group_members (group_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
    [groupId, joined],
  );
  const { rowCount: grants } = await client.query(
    'SELECT 1 FROM scim_group_grants WHERE group_id = $1 LIMIT 1',
    [groupId],
  );
  if (grants)
    for (const userId of [...joined, ...left].sort())
      await recomputeAccess(client, tenant.customerId, userId, actor);
  await writeAudit(client, {
    ...actor,
    action: 'scim.group-members-updated',
    entityType: 'scimGroup',
    entityId: groupId,
    customerId: tenant.customerId,
    before: null,
    after: { joined, left },
  });
  return true;
}

export async function createGroup(
  db: Database,
  tenant: ScimTenant,
  state: GroupState,
  requestId: string,
  baseUrl: string,
) {
  const actor = auditActor(tenant, requestId);
  try {
    return await inTransaction(db.$client, async (client) => {
      await assertUnique(client, tenant.customerId, state);
      await assertMembers(client, tenant.customerId, state.members);
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO scim_groups (customer_id, display_name, external_id) VALUES ($1, $2, $3) RETURNING id',
        [tenant.customerId, state.displayName, state.externalId],
      );
      const id = rows[0]!.id;
      await writeAudit(client, {
        ...actor,
        action: 'scim.group-created',
        entityType: 'scimGroup',
        entityId: id,
        customerId: tenant.customerId,
        after: { displayName: state.displayName, externalId: state.externalId },
      });
      await setMembers(client, tenant, id, state.members, actor);
      const row = (await findGroup(client, tenant.customerId, id))!;
      return toScimGroup(row, await membersOf(client, [id]), baseUrl);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw uniqueness();
    throw error;
  }
}

type MemberEntry = { value: string };
const memberIds = (value: unknown): string[] => {
  const parsed = ZMembers.safeParse(Array.isArray(value) ? value : [value]);
  if (!parsed.success) throw invalidValue('members must be a list of { "value": user id }.');
  return parsed.data.map((m: MemberEntry) => m.value.toLowerCase());
};

/** Applies PATCH operations to a group (Entra ID and Okta dialects; docs/scim.md). */
export function applyGroupPatch(start: GroupState, operations: readonly PatchOperation[]): GroupState {
  let state = { ...start, members: [...start.members] };
  const setDisplayName = (value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 256)
      throw invalidValue('displayName is not valid.');
    state.displayName = value.trim();
  };
  const setExternalId = (value: unknown) => {
    if (value !== null && (typeof value !== 'string' || value.length > 256))
      throw invalidValue('externalId is not valid.');
    state.externalId = value;
  };
  for (const operation of operations) {
    if (!operation.path) {
      const value = operation.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue('An operation without a path needs an object value.');
      for (const [key, inner] of Object.entries(value)) {
        const lower = key.toLowerCase();
        if (lower === 'displayname') setDisplayName(inner);
        else if (lower === 'externalid') setExternalId(inner);
        else if (lower === 'members')
          state.members =
            operation.op === 'add'
              ? [...new Set([...state.members, ...memberIds(inner)])]
              : [...new Set(memberIds(inner))];
        else if (lower === 'id' || lower === 'schemas' || lower === 'meta') continue;
        else throw invalidPath();
      }
      continue;
    }
    const { attribute, filter, subAttribute } = operation.path;
    if (attribute === 'displayname' && !filter && !subAttribute) {
      if (operation.op === 'remove') throw scimBadRequest('mutability', 'displayName is required.');
      setDisplayName(operation.value);
    } else if (attribute === 'externalid' && !filter && !subAttribute) {
      setExternalId(operation.op === 'remove' ? null : operation.value);
    } else if (attribute === 'members' && (!subAttribute || subAttribute === 'value')) {
      state = { ...state, members: patchMembers(state.members, operation, filter) };
    } else throw invalidPath();
  }
  return state;
}

function patchMembers(members: string[], operation: PatchOperation, filter: Filter | undefined): string[] {
  if (filter) {
    // `members[value eq "…"]`: remove what matches (Entra ID and the RFC's own example).
    if (operation.op !== 'remove') throw invalidPath('Only remove takes a filtered members path.');
    const test = matches(filter);
    return members.filter((id) => !test({ value: id }));
  }
  if (operation.op === 'add') return [...new Set([...members, ...memberIds(operation.value)])];
  if (operation.op === 'replace') return [...new Set(memberIds(operation.value))];
  // remove: with a value (Entra ID) those members, without one all of them (RFC 7644 3.5.2.2).
  if (operation.value === undefined) return [];
  const removed = new Set(memberIds(operation.value));
  return members.filter((id) => !removed.has(id));
}

async function changeGroup(
  db: Database,
  tenant: ScimTenant,
  id: string,
  requestId: string,
  ifMatch: string | undefined,
  change: (state: GroupState) => GroupState,
) {
  const actor = auditActor(tenant, requestId);
  try {
    return await inTransaction(db.$client, async (client) => {
      const row = await findGroup(client, tenant.customerId, id, true);
      if (!row) throw resourceNotFound('Group');
      if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== `W/"${row.version}"`)
        throw new ScimError(412, 'The resource has changed since it was read.');
      const current = (await membersOf(client, [id])).map((m) => m.user_id);
      const before: GroupState = {
        displayName: row.display_name,
        externalId: row.external_id,
        members: current,
      };
      const next = change(before);
      await assertMembers(client, tenant.customerId, next.members);
      let changed = false;
      if (next.displayName !== before.displayName || next.externalId !== before.externalId) {
        await assertUnique(client, tenant.customerId, next, id);
        await client.query('UPDATE scim_groups SET display_name = $2, external_id = $3 WHERE id = $1', [
          id,
          next.displayName,
          next.externalId,
        ]);
        await writeAudit(client, {
          ...actor,
          action: 'scim.group-updated',
          entityType: 'scimGroup',
          entityId: id,
          customerId: tenant.customerId,
          before: { displayName: before.displayName, externalId: before.externalId },
          after: { displayName: next.displayName, externalId: next.externalId },
        });
        changed = true;
      }
      changed = (await setMembers(client, tenant, id, next.members, actor)) || changed;
      if (changed)
        await client.query('UPDATE scim_groups SET version = version + 1, modified = now() WHERE id = $1', [
          id,
        ]);
      return id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw uniqueness();
    throw error;
  }
}

export const replaceGroup = (
  db: Database,
  tenant: ScimTenant,
  id: string,
  state: GroupState,
  requestId: string,
  ifMatch?: string,
) => changeGroup(db, tenant, id, requestId, ifMatch, () => state);

export const patchGroup = (
  db: Database,
  tenant: ScimTenant,
  id: string,
  operations: readonly PatchOperation[],
  requestId: string,
  ifMatch?: string,
) => changeGroup(db, tenant, id, requestId, ifMatch, (state) => applyGroupPatch(state, operations));

/** Deleting a group takes back what its grants gave its members. */
export async function deleteGroup(db: Database, tenant: ScimTenant, id: string, requestId: string) {
  const actor = auditActor(tenant, requestId);
  await inTransaction(db.$client, async (client) => {
    const row = await findGroup(client, tenant.customerId, id, true);
    if (!row) throw resourceNotFound('Group');
    const members = (await membersOf(client, [id])).map((m) => m.user_id);
    const { rows: grants } = await client.query<{ account_id: number }>(
      'SELECT account_id FROM scim_group_grants WHERE group_id = $1',
      [id],
    );
    await client.query('DELETE FROM scim_groups WHERE id = $1', [id]);
    if (grants.length)
      for (const userId of [...members].sort())
        await recomputeAccess(
          client,
          tenant.customerId,
          userId,
          actor,
          grants.map((g) => g.account_id),
        );
    await writeAudit(client, {
      ...actor,
      action: 'scim.group-deleted',
      entityType: 'scimGroup',
      entityId: id,
      customerId: tenant.customerId,
      before: { displayName: row.display_name, externalId: row.external_id, members: members.length },
      after: null,
    });
  });
}
