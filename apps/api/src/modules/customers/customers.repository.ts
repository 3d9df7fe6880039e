import { asc, eq } from 'drizzle-orm';
import type {
  Market,
  MfaType,
  TCustomer,
  TCustomerListItem,
  TSearchCustomersResponse,
  TCustomerSummary,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { customers, userCustomers } from '../../db/schema/index.ts';
import { like } from '../../lib/sql-like.ts';

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

const SORT_COLUMNS = {
  name: 'c.name',
  customerNumber: 'c.customer_number',
  market: 'c.market',
  created: 'c.created',
} as const;

export type CustomerSearch = {
  customerName?: string;
  customerNumber?: string;
  market?: Market;
  take: number;
  skip: number;
  sortBy: keyof typeof SORT_COLUMNS;
  sortDirection: 'asc' | 'desc';
};

/** The customer list of provider administrators: search, market filter, sorting, a page at a time. */
export async function searchCustomers(
  db: Database,
  search: CustomerSearch,
): Promise<TSearchCustomersResponse> {
  const where = `($1::text IS NULL OR lower(c.name) LIKE '%' || lower($1) || '%')
      AND ($2::text IS NULL OR c.customer_number ILIKE '%' || $2 || '%')
      AND ($3::text IS NULL OR c.market = $3)`;
  const values = [like(search.customerName), like(search.customerNumber), search.market ?? null];
  // Both come from closed lists (the query schema), never from the caller's text.
  const order = `${SORT_COLUMNS[search.sortBy]} ${search.sortDirection === 'desc' ? 'DESC' : 'ASC'}, c.id`;
  const [count, page] = await Promise.all([
    db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers c WHERE ${where}`, values),
    db.$client.query<CustomerListRow>(
      `SELECT c.id, c.name, c.customer_number, c.market, c.organizational_number, c.is_mfa_enabled, c.mfa_type,
              c.created, (SELECT count(*)::int FROM user_customers uc WHERE uc.customer_id = c.id) AS user_count
         FROM customers c WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
      [...values, search.take, search.skip],
    ),
  ]);
  return { totalCount: count.rows[0]?.n ?? 0, result: page.rows.map(toListItem) };
}

type CustomerListRow = {
  id: number;
  name: string;
  customer_number: string;
  market: Market;
  organizational_number: string | null;
  is_mfa_enabled: boolean;
  mfa_type: MfaType | null;
  created: Date;
  user_count: number;
};

const toListItem = (row: CustomerListRow): TCustomerListItem => ({
  id: row.id,
  name: row.name,
  customerNumber: row.customer_number,
  market: row.market,
  organizationalNumber: row.organizational_number,
  isMFAEnabled: row.is_mfa_enabled,
  mfaType: row.mfa_type,
  created: row.created.toISOString(),
  userCount: row.user_count,
});

/**
 * Accounts by name or number (GET /api/accounts): every account for provider administrators,
 * otherwise only the caller's own. At most 50, by name.
 */
export async function searchAccounts(
  db: Database,
  scope: { customerIds: readonly number[] | 'all' },
  search: { nameContains?: string; accountNumberContains?: string },
): Promise<TCustomerSummary[]> {
  const { rows } = await db.$client.query<Omit<CustomerListRow, 'created' | 'user_count'>>(
    `SELECT c.id, c.name, c.customer_number, c.market, c.organizational_number, c.is_mfa_enabled, c.mfa_type
       FROM customers c
      WHERE ($1::int[] IS NULL OR c.id = ANY($1))
        AND ($2::text IS NULL OR lower(c.name) LIKE '%' || lower($2) || '%')
        AND ($3::text IS NULL OR c.customer_number ILIKE '%' || $3 || '%')
      ORDER BY c.name, c.id LIMIT 50`,
    [
      scope.customerIds === 'all' ? null : scope.customerIds,
      like(search.nameContains),
      like(search.accountNumberContains),
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    customerNumber: row.customer_number,
    market: row.market,
    organizationalNumber: row.organizational_number,
    isMFAEnabled: row.is_mfa_enabled,
    mfaType: row.mfa_type,
  }));
}

/** The applications a customer has (older client: GET /customers/applications). */
export async function listCustomerApplications(db: Database, customerId: number, detailed: boolean) {
  const { rows } = await db.$client.query<{
    id: number;
    applicationName: string;
    serviceId: number;
    serviceName: string;
  }>(
    `SELECT a.id, a.application_name AS "applicationName", s.id AS "serviceId", s.name AS "serviceName"
       FROM customer_applications ca JOIN applications a ON a.id = ca.application_id JOIN services s ON s.id = a.service_id
      WHERE ca.customer_id = $1 ORDER BY a.application_name`,
    [customerId],
  );
  return detailed ? rows : rows.map(({ id, applicationName }) => ({ id, applicationName }));
}

export async function customerExists(db: Database, customerId: number): Promise<boolean> {
  const { rowCount } = await db.$client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
  return rowCount === 1;
}
