import { asc, eq } from 'drizzle-orm';
import type { Market, MfaType, TCustomerSummary } from '@service-hub/contracts';
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
