import type { PoolClient } from 'pg';
import type { TApplication, TPermission, TService, TGetServiceResponse } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { like } from '../../lib/sql-like.ts';

type Queryable = Pick<PoolClient, 'query'>;

const SERVICE_COLUMNS = `s.id, s.name, s.short_name AS "shortName", s.name_hint AS "nameHint",
  s.crm_mapping_guid AS "crmMappingGuid", s.wod_group_name AS "wodGroupName", s.created,
  (SELECT count(*)::int FROM applications a WHERE a.service_id = s.id) AS "applicationCount",
  (SELECT count(*)::int FROM permissions p WHERE p.service_id = s.id) AS "permissionCount"`;

export const PERMISSION_COLUMNS = `p.id, p.service_id AS "serviceId", p.prefix, p.name, p.roles,
  p.customer_id AS "customerId", c.name AS "customerName"`;

type ServiceRow = Omit<TService, 'created'> & { created: Date };

const toService = (row: ServiceRow): TService => ({ ...row, created: row.created.toISOString() });

export async function listServices(db: Database): Promise<TService[]> {
  const { rows } = await db.$client.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM services s ORDER BY s.name, s.id`,
  );
  return rows.map(toService);
}

export async function findService(db: Queryable, id: number): Promise<TGetServiceResponse | undefined> {
  const { rows } = await db.query<ServiceRow>(`SELECT ${SERVICE_COLUMNS} FROM services s WHERE s.id = $1`, [
    id,
  ]);
  const service = rows[0];
  if (!service) return undefined;
  // One after the other: `db` may be the client of a transaction, which runs one query at a time.
  const applications = await db.query<TApplication>(
    `SELECT id, service_id AS "serviceId", application_name AS "applicationName"
       FROM applications WHERE service_id = $1 ORDER BY application_name`,
    [id],
  );
  const permissions = await db.query<TPermission>(
    `SELECT ${PERMISSION_COLUMNS} FROM permissions p LEFT JOIN customers c ON c.id = p.customer_id
      WHERE p.service_id = $1 ORDER BY p.name`,
    [id],
  );
  return { ...toService(service), applications: applications.rows, permissions: permissions.rows };
}

export type PermissionSearch = {
  filter?: string;
  prefix?: string;
  name?: string;
  take: number;
  skip: number;
};

/** Permissions by text, prefix and name, with the number of all matches (GET /api/permission/search). */
export async function searchPermissions(
  db: Database,
  search: PermissionSearch,
): Promise<{ totalCount: number; result: TPermission[] }> {
  const where = `($1::text IS NULL OR p.name ILIKE '%' || $1 || '%' OR p.prefix ILIKE '%' || $1 || '%' OR s.name ILIKE '%' || $1 || '%')
      AND ($2::text IS NULL OR p.prefix = upper($2))
      AND ($3::text IS NULL OR p.name ILIKE '%' || $3 || '%')`;
  const values = [like(search.filter), search.prefix || null, like(search.name)];
  const [count, page] = await Promise.all([
    db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM permissions p JOIN services s ON s.id = p.service_id WHERE ${where}`,
      values,
    ),
    db.$client.query<TPermission>(
      `SELECT ${PERMISSION_COLUMNS} FROM permissions p JOIN services s ON s.id = p.service_id
         LEFT JOIN customers c ON c.id = p.customer_id
        WHERE ${where} ORDER BY p.prefix, p.name, p.id LIMIT $4 OFFSET $5`,
      [...values, search.take, search.skip],
    ),
  ]);
  return { totalCount: count.rows[0]?.n ?? 0, result: page.rows };
}
