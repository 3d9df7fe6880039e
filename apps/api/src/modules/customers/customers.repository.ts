import { asc, eq } from 'drizzle-orm';
import type { Market, MfaType, TCustomer, TCustomerSummary } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { customers, userCustomers } from '../../db/schema/index.ts';

const summaryColumns = {
  id: customers.id,
  name: customers.name,
  customerNumber: customers.customerNumber,
  market: customers.market,
  organizationalNumber: customers.organizationalNumber,
  isMFAEnabled: customers.isMfaEnabled,
  mfaType: customers.mfaType,
};

/** The customer accounts a user can act for, sorted by name. */
export async function listCustomersOfUser(db: Database, userId: string): Promise<TCustomerSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(eq(userCustomers.userId, userId))
    .orderBy(asc(customers.name), asc(customers.id));
  return rows.map((row) => ({
    ...row,
    market: row.market as Market,
    mfaType: row.mfaType as MfaType | null,
  }));
}

type CustomerRow = {
  id: number;
  name: string;
  customer_number: string;
  market: Market;
  organizational_number: string | null;
  vat_number: string | null;
  notes: string | null;
  crm_mapping_guid: string | null;
  wod_group_name: string | null;
  is_mfa_enabled: boolean;
  mfa_type: MfaType | null;
  mfa_modified_date: Date | null;
  created: Date;
  created_by: string;
  modified: Date;
  modified_by: string;
};

/** One customer, with its service access and applications when `detailed`. */
export async function findCustomer(
  db: Database,
  id: number,
  detailed: boolean,
): Promise<TCustomer | undefined> {
  const { rows } = await db.$client.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) return undefined;
  const customer: TCustomer = {
    id: row.id,
    name: row.name,
    customerNumber: row.customer_number,
    market: row.market,
    organizationalNumber: row.organizational_number,
    vatNumber: row.vat_number,
    notes: row.notes,
    crmMappingGuid: row.crm_mapping_guid,
    wodGroupName: row.wod_group_name,
    isMFAEnabled: row.is_mfa_enabled,
    mfaType: row.mfa_type,
    mfaModifiedDate: row.mfa_modified_date?.toISOString() ?? null,
    created: row.created.toISOString(),
    createdBy: row.created_by,
    modified: row.modified.toISOString(),
    modifiedBy: row.modified_by,
  };
  if (!detailed) return customer;
  const [permissions, applications] = await Promise.all([
    db.$client.query<{ id: number; prefix: string; name: string; roles: string[] }>(
      `SELECT p.id, p.prefix, p.name, p.roles FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
        WHERE cp.customer_id = $1 ORDER BY p.prefix, p.name`,
      [id],
    ),
    db.$client.query<{ id: number; applicationName: string }>(
      `SELECT a.id, a.application_name AS "applicationName" FROM customer_applications ca
         JOIN applications a ON a.id = ca.application_id WHERE ca.customer_id = $1 ORDER BY a.application_name`,
      [id],
    ),
  ]);
  return { ...customer, customerPermissions: permissions.rows, applications: applications.rows };
}
