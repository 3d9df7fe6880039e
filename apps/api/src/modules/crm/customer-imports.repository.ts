import type { BulkProblem, TCustomerImport } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

/** An import with its progress and the result of each account, in the order they were given. */
export async function findImport(db: Database, importId: string): Promise<TCustomerImport | undefined> {
  const { rows } = await db.$client.query<{
    id: string;
    status: TCustomerImport['status'];
    total: number;
    created: Date;
    finished_at: Date | null;
    accounts: {
      accountNumber: string;
      status: 'pending' | 'imported' | 'failed';
      problem: BulkProblem | null;
      missingFields: string[];
      customerId: number | null;
    }[];
  }>(
    `SELECT i.id, i.status, i.total, i.created, i.finished_at,
            coalesce((SELECT json_agg(json_build_object(
                        'accountNumber', it.customer_number, 'status', it.status, 'problem', it.reason,
                        'missingFields', it.missing_fields, 'customerId', it.customer_id) ORDER BY it.position)
                        FROM customer_import_items it WHERE it.import_id = i.id), '[]') AS accounts
       FROM customer_imports i WHERE i.id = $1`,
    [importId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const count = (status: string) => row.accounts.filter((a) => a.status === status).length;
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.total - count('pending'),
    imported: count('imported'),
    failed: count('failed'),
    created: row.created.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    accounts: row.accounts,
  };
}
