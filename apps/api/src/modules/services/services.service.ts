import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type {
  TCreatePermissionRequest,
  TGetServiceResponse,
  ZCreateServiceRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { violatedUniqueConstraint } from '../../lib/unique-violation.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { findService } from './services.repository.ts';

type CreateService = z.output<typeof ZCreateServiceRequest>;

export const serviceExists = () =>
  new AppError(409, 'SERVICE_EXISTS', 'Conflict', 'A service with this abbreviation already exists.', [
    {
      field: 'body.shortName',
      code: 'alreadyExists',
      message: 'A service with this abbreviation already exists.',
    },
  ]);

export const applicationExists = (field = 'body.applicationName') =>
  new AppError(409, 'APPLICATION_EXISTS', 'Conflict', 'This application already exists.', [
    { field, code: 'alreadyExists', message: 'This application already exists.' },
  ]);

export const permissionExists = () =>
  new AppError(409, 'PERMISSION_EXISTS', 'Conflict', 'This permission already exists for the service.', [
    { field: 'body.name', code: 'alreadyExists', message: 'This permission already exists for the service.' },
  ]);

/** Turns a broken unique constraint of this module into its 409; anything else goes on. */
function conflictOf(error: unknown): unknown {
  switch (violatedUniqueConstraint(error)) {
    case 'services_short_name_key':
      return serviceExists();
    case 'applications_application_name_key':
      return applicationExists();
    case 'permissions_service_name_key':
      return permissionExists();
    default:
      return error;
  }
}

async function audited<T>(db: Database, work: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db.$client, work);
  } catch (error) {
    throw conflictOf(error);
  }
}

/** A new service with its first application (spec 2, addservice). */
export async function createService(
  db: Database,
  actor: Principal,
  input: CreateService,
  requestId: string,
): Promise<TGetServiceResponse> {
  return audited(db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO services (name, short_name, name_hint, crm_mapping_guid, wod_group_name)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [input.name, input.shortName, input.nameHint, input.crmMappingGuid, input.wodGroupName],
    );
    const id = rows[0]!.id;
    await client.query('INSERT INTO applications (service_id, application_name) VALUES ($1, $2)', [
      id,
      input.applicationName,
    ]);
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'service.created',
      entityType: 'service',
      entityId: String(id),
      after: input,
      requestId,
    });
    return (await findService(client, id))!;
  });
}

export async function createApplication(
  db: Database,
  actor: Principal,
  serviceId: number,
  applicationName: string,
  requestId: string,
): Promise<TGetServiceResponse> {
  return audited(db, async (client) => {
    await lockService(client, serviceId);
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO applications (service_id, application_name) VALUES ($1, $2) RETURNING id',
      [serviceId, applicationName],
    );
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'application.created',
      entityType: 'application',
      entityId: String(rows[0]!.id),
      after: { serviceId, applicationName },
      requestId,
    });
    return (await findService(client, serviceId))!;
  });
}

/**
 * A permission of a service (spec 2: names unique per service). Only track-and-trace permissions
 * are tied to a customer; that customer then has it in its service access at once.
 */
export async function createPermission(
  db: Database,
  actor: Principal,
  serviceId: number,
  input: TCreatePermissionRequest,
  requestId: string,
): Promise<TGetServiceResponse> {
  return audited(db, async (client) => {
    const shortName = await lockService(client, serviceId);
    const customerId = input.customerId ?? null;
    if (customerId !== null) {
      if (shortName !== 'STT')
        throw badRequest('Only track-and-trace permissions are tied to a customer.', [
          {
            field: 'body.customerId',
            code: 'invalidValue',
            message: 'Only track-and-trace permissions are tied to a customer.',
          },
        ]);
      const { rowCount } = await client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
      if (!rowCount) throw notFound('Failed to load customer');
    }
    const roles = [...new Set(input.roles ?? [])];
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO permissions (service_id, prefix, name, roles, customer_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [serviceId, shortName, input.name, roles, customerId],
    );
    const id = rows[0]!.id;
    if (customerId !== null)
      await client.query('INSERT INTO customer_permissions (customer_id, permission_id) VALUES ($1, $2)', [
        customerId,
        id,
      ]);
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'permission.created',
      entityType: 'permission',
      entityId: String(id),
      customerId,
      after: { serviceId, prefix: shortName, name: input.name, roles, customerId },
      requestId,
    });
    return (await findService(client, serviceId))!;
  });
}

/** The service's abbreviation, holding the service until the transaction ends; 404 when it is gone. */
async function lockService(client: PoolClient, serviceId: number): Promise<string> {
  const { rows } = await client.query<{ short_name: string }>(
    'SELECT short_name FROM services WHERE id = $1 FOR SHARE',
    [serviceId],
  );
  if (!rows[0]) throw notFound('The service was not found.');
  return rows[0].short_name;
}
