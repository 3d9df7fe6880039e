import type { PoolClient } from 'pg';
import type { z } from 'zod';
import {
  EXCLUDED_GRANT_PREFIXES,
  type TServiceAccess,
  type ZCreateCustomerRequest,
  type ZUpdateCustomerRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { violatedUniqueConstraint } from '../../lib/unique-violation.ts';
import type { Principal } from '../auth/principal.repository.ts';

type CreateCustomer = z.output<typeof ZCreateCustomerRequest>;
type UpdateCustomer = z.output<typeof ZUpdateCustomerRequest>;
type Queryable = Pick<PoolClient, 'query'>;

export const CUSTOMER_EXISTS_MESSAGE = 'This customer already exists';

export const customerExistsError = () =>
  new AppError(409, 'CUSTOMER_EXISTS', 'Conflict', CUSTOMER_EXISTS_MESSAGE, [
    { field: 'body.customerNumber', code: 'alreadyExists', message: CUSTOMER_EXISTS_MESSAGE },
  ]);

/** The columns an administrator edits, as stored. */
const EDITABLE = {
  name: 'name',
  market: 'market',
  organizationalNumber: 'organizational_number',
  vatNumber: 'vat_number',
  notes: 'notes',
  crmMappingGuid: 'crm_mapping_guid',
  wodGroupName: 'wod_group_name',
} as const;
type Editable = keyof typeof EDITABLE;

/**
 * A new customer account with the service access and applications it starts with. The customer
 * number is unique by constraint: of two simultaneous creates one wins, the other gets 409
 * 'This customer already exists'.
 */
export async function createCustomer(
  db: Database,
  actor: Principal,
  input: CreateCustomer,
  requestId: string,
): Promise<number> {
  try {
    return await inTransaction(db.$client, async (client) => {
      const id = await insertCustomer(client, actor.email, { ...input, source: 'manual' });
      await replaceServiceAccess(client, id, {
        permissionIds: input.permissionIds,
        applicationIds: input.applicationIds,
      });
      await writeAudit(client, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'customer.created',
        entityType: 'customer',
        entityId: String(id),
        customerId: id,
        after: input,
        requestId,
      });
      return id;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'customers_customer_number_key') throw customerExistsError();
    throw error;
  }
}

/** Inserts the customer row (the caller audits and maps the unique violation). */
export async function insertCustomer(
  client: Queryable,
  createdBy: string,
  input: Pick<CreateCustomer, Editable | 'customerNumber'> & { source: 'manual' | 'crm' },
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO customers (name, customer_number, market, organizational_number, vat_number, notes, crm_mapping_guid,
                            wod_group_name, created_by, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [
      input.name,
      input.customerNumber,
      input.market,
      input.organizationalNumber,
      input.vatNumber,
      input.notes,
      input.crmMappingGuid,
      input.wodGroupName,
      createdBy,
    ],
  );
  return rows[0]!.id;
}

/** Changes a customer's details; the audit keeps only what changed, before and after. */
export async function updateCustomer(
  db: Database,
  actor: Principal,
  customerId: number,
  input: UpdateCustomer,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT ${Object.values(EDITABLE).join(', ')} FROM customers WHERE id = $1 FOR UPDATE`,
      [customerId],
    );
    const current = rows[0];
    if (!current) throw notFound('Failed to load customer');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(EDITABLE) as [Editable, string][]) {
      if (current[column] !== input[field]) {
        before[field] = current[column];
        after[field] = input[field];
      }
    }
    if (Object.keys(after).length === 0) return;
    await client.query(
      `UPDATE customers SET name = $2, market = $3, organizational_number = $4, vat_number = $5, notes = $6,
              crm_mapping_guid = $7, wod_group_name = $8, modified = now(), modified_by = $9
        WHERE id = $1`,
      [
        customerId,
        input.name,
        input.market,
        input.organizationalNumber,
        input.vatNumber,
        input.notes,
        input.crmMappingGuid,
        input.wodGroupName,
        actor.email,
      ],
    );
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'customer.updated',
      entityType: 'customer',
      entityId: String(customerId),
      customerId,
      before,
      after,
      requestId,
    });
  });
}

/** Every service with its permissions and applications, and which of them the customer has. */
export async function getServiceAccess(db: Queryable, customerId: number): Promise<TServiceAccess> {
  const { rows } = await db.query<TServiceAccess['services'][number]>(
    `SELECT s.id, s.name, s.short_name AS "shortName", s.short_name = ANY($2::text[]) AS "notGrantedWithAccess",
            coalesce((SELECT json_agg(json_build_object(
                        'id', p.id, 'name', p.name, 'roles', p.roles, 'customerId', p.customer_id,
                        'granted', EXISTS (SELECT 1 FROM customer_permissions cp WHERE cp.customer_id = $1 AND cp.permission_id = p.id))
                        ORDER BY p.name)
                        FROM permissions p WHERE p.service_id = s.id AND (p.customer_id IS NULL OR p.customer_id = $1)), '[]') AS permissions,
            coalesce((SELECT json_agg(json_build_object(
                        'id', a.id, 'applicationName', a.application_name,
                        'granted', EXISTS (SELECT 1 FROM customer_applications ca WHERE ca.customer_id = $1 AND ca.application_id = a.id))
                        ORDER BY a.application_name)
                        FROM applications a WHERE a.service_id = s.id), '[]') AS applications
       FROM services s ORDER BY s.name, s.id`,
    [customerId, EXCLUDED_GRANT_PREFIXES],
  );
  return { services: rows };
}

type AccessSets = { permissionIds?: readonly number[]; applicationIds?: readonly number[] };

/**
 * Replaces the customer's service access (permissions) and applications with the given sets;
 * a set left out stays as it is. Withdrawn permissions leave the users of the account too (the
 * foreign keys cascade). Answers what there was before.
 */
export async function replaceServiceAccess(
  client: Queryable,
  customerId: number,
  sets: AccessSets,
): Promise<{ permissionIds: number[]; applicationIds: number[] }> {
  const before = await currentAccess(client, customerId);
  if (sets.permissionIds) {
    const ids = [...new Set(sets.permissionIds)];
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM permissions WHERE id = ANY($1) AND (customer_id IS NULL OR customer_id = $2)',
      [ids, customerId],
    );
    if (rows.length !== ids.length) throw unknownIds('permissionIds', 'This permission does not exist.');
    await client.query(
      'DELETE FROM customer_permissions WHERE customer_id = $1 AND permission_id <> ALL($2)',
      [customerId, ids],
    );
    await client.query(
      `INSERT INTO customer_permissions (customer_id, permission_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [customerId, ids],
    );
  }
  if (sets.applicationIds) {
    const ids = [...new Set(sets.applicationIds)];
    const { rows } = await client.query<{ id: number }>('SELECT id FROM applications WHERE id = ANY($1)', [
      ids,
    ]);
    if (rows.length !== ids.length) throw unknownIds('applicationIds', 'This application does not exist.');
    await client.query(
      'DELETE FROM customer_applications WHERE customer_id = $1 AND application_id <> ALL($2)',
      [customerId, ids],
    );
    await client.query(
      `INSERT INTO customer_applications (customer_id, application_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [customerId, ids],
    );
  }
  return before;
}

const unknownIds = (field: string, message: string) =>
  badRequest(message, [{ field: `body.${field}`, code: 'invalidValue', message }]);

async function currentAccess(client: Queryable, customerId: number) {
  const { rows } = await client.query<{ permission_ids: number[]; application_ids: number[] }>(
    `SELECT coalesce((SELECT array_agg(permission_id ORDER BY permission_id) FROM customer_permissions WHERE customer_id = $1), '{}') AS permission_ids,
            coalesce((SELECT array_agg(application_id ORDER BY application_id) FROM customer_applications WHERE customer_id = $1), '{}') AS application_ids`,
    [customerId],
  );
  return { permissionIds: rows[0]!.permission_ids, applicationIds: rows[0]!.application_ids };
}

/** Grants and withdraws services and applications of one customer (service-access tab), audited. */
export async function updateServiceAccess(
  db: Database,
  actor: Principal,
  customerId: number,
  sets: AccessSets,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
    if (!rowCount) throw notFound('Failed to load customer');
    const before = await replaceServiceAccess(client, customerId, sets);
    const after = await currentAccess(client, customerId);
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'customer.service-access-updated',
      entityType: 'customer',
      entityId: String(customerId),
      customerId,
      before,
      after,
      requestId,
    });
  });
}
