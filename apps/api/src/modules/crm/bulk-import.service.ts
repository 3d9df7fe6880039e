import {
  BULK_INLINE_LIMIT,
  BULK_MAX_ACCOUNTS,
  CRM_REQUIRED_FIELDS,
  MARKETS,
  type BulkProblem,
  type CrmRequiredField,
  type TBulkCheckedAccount,
  type TCrmAccount,
  type TCustomerImport,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { violatedUniqueConstraint } from '../../lib/unique-violation.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { insertCustomer } from '../customers/customer-admin.service.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import type { CrmConnector } from './crm-connector.ts';
import { findImport } from './customer-imports.repository.ts';

/** A country prefix (one of the markets) and digits, e.g. SE123 (spec 5). */
const ACCOUNT_NUMBER = new RegExp(`^(${MARKETS.join('|')})\\d{1,12}$`);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Accounts asked of the CRM at once while importing. */
const IMPORT_CHUNK = 20;

/** The account numbers of the wizard's first step: comma-separated, in order, each once. */
export function parseAccountNumbers(text: string): string[] {
  const numbers = [
    ...new Set(
      text
        .split(/[,;\s]+/)
        .map((n) => n.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (numbers.length === 0) {
    throw badRequest('This field cannot be empty.', [
      { field: 'body.accountNumbers', code: 'required', message: 'This field cannot be empty.' },
    ]);
  }
  if (numbers.length > BULK_MAX_ACCOUNTS) {
    const message = `This list cannot have more than ${BULK_MAX_ACCOUNTS} items.`;
    throw badRequest(message, [
      { field: 'body.accountNumbers', code: 'tooBig', message, params: { maximum: BULK_MAX_ACCOUNTS } },
    ]);
  }
  return numbers;
}

const missingFieldsOf = (account: TCrmAccount): CrmRequiredField[] =>
  CRM_REQUIRED_FIELDS.filter((field) => account[field] === null);

function judge(
  number: string,
  crm: TCrmAccount | undefined,
  existsInHub: boolean,
): Omit<TBulkCheckedAccount, 'accountNumber'> {
  const problem = (p: BulkProblem | null, missingFields: CrmRequiredField[] = []) => ({
    ready: p === null,
    problem: p,
    missingFields,
    crm: crm ?? null,
  });
  if (!ACCOUNT_NUMBER.test(number)) return problem('invalid');
  if (existsInHub) return problem('existsInHub');
  if (!crm) return problem('notInCrm');
  const missing = missingFieldsOf(crm);
  return missing.length > 0 ? problem('incomplete', missing) : problem(null);
}

async function hubNumbers(db: Database, numbers: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.$client.query<{ customer_number: string }>(
    'SELECT customer_number FROM customers WHERE customer_number = ANY($1)',
    [numbers],
  );
  return new Set(rows.map((r) => r.customer_number));
}

/**
 * The wizard's second step: each account checked against the CRM and the Hub (spec 2 and 8): ready,
 * or why not — a typo, not in the CRM, incomplete in the CRM (with the missing fields), already in
 * the Hub. A CRM that does not answer fails the whole check (502), never marks accounts "not in CRM".
 */
export async function checkAccounts(
  db: Database,
  crm: CrmConnector,
  numbers: readonly string[],
): Promise<TBulkCheckedAccount[]> {
  const wellFormed = numbers.filter((n) => ACCOUNT_NUMBER.test(n));
  const [known, inHub] = await Promise.all([crm.findAccounts(wellFormed), hubNumbers(db, wellFormed)]);
  return numbers.map((number) => ({
    accountNumber: number,
    ...judge(number, known.get(number), inHub.has(number)),
  }));
}

/**
 * Records an import of the given accounts. Up to BULK_INLINE_LIMIT accounts are imported at once;
 * more run as a background job (`enqueue`), whose progress the wizard polls.
 */
export async function startImport(
  db: Database,
  crm: CrmConnector,
  actor: Principal,
  numbers: readonly string[],
  requestId: string,
  enqueue: (importId: string) => Promise<void>,
): Promise<{ importRecord: TCustomerImport; background: boolean }> {
  const accounts = [...new Set(numbers.map((n) => n.trim().toUpperCase()))];
  const importId = await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO customer_imports (requested_by, requested_by_email, request_id, total) VALUES ($1, $2, $3, $4) RETURNING id`,
      [actor.userId, actor.email, requestId, accounts.length],
    );
    const id = rows[0]!.id;
    await client.query(
      `INSERT INTO customer_import_items (import_id, position, customer_number)
       SELECT $1, n.position, n.number FROM unnest($2::text[]) WITH ORDINALITY AS n(number, position)`,
      [id, accounts],
    );
    return id;
  });
  const background = accounts.length > BULK_INLINE_LIMIT;
  if (background) await enqueue(importId);
  else await runImport(db, crm, importId, { notify: false });
  return { importRecord: (await findImport(db, importId))!, background };
}

/**
 * Imports the pending accounts of an import, each in its own transaction and checked again, so
 * the progress shows as it goes and one failure does not undo the others. Runs once: an import
 * that is no longer queued is left alone. The requester is notified when a background import ends.
 */
export async function runImport(
  db: Database,
  crm: CrmConnector,
  importId: string,
  options: { notify: boolean },
): Promise<void> {
  const { rows: started } = await db.$client.query<{
    requested_by: string | null;
    requested_by_email: string;
    request_id: string | null;
  }>(
    // 'running' again: the retry of an attempt whose worker died resumes at the pending items
    // (each item commits with its customer, so none is created twice).
    `UPDATE customer_imports SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running')
      RETURNING requested_by, requested_by_email, request_id`,
    [importId],
  );
  const run = started[0];
  if (!run) return;
  const { rows: items } = await db.$client.query<{ position: number; customer_number: string }>(
    `SELECT position, customer_number FROM customer_import_items WHERE import_id = $1 AND status = 'pending' ORDER BY position`,
    [importId],
  );
  try {
    for (let i = 0; i < items.length; i += IMPORT_CHUNK) {
      const chunk = items.slice(i, i + IMPORT_CHUNK);
      const numbers = chunk.map((item) => item.customer_number);
      const wellFormed = numbers.filter((n) => ACCOUNT_NUMBER.test(n));
      const [known, inHub] = await Promise.all([crm.findAccounts(wellFormed), hubNumbers(db, wellFormed)]);
      for (const item of chunk) {
        const crmAccount = known.get(item.customer_number);
        const verdict = judge(item.customer_number, crmAccount, inHub.has(item.customer_number));
        if (!verdict.ready || !crmAccount) {
          await finishItem(db, importId, item.position, {
            problem: verdict.problem,
            missing: verdict.missingFields,
          });
          continue;
        }
        await importOne(db, importId, item.position, crmAccount, run);
      }
    }
    await endImport(db, importId, 'finished', options.notify ? run.requested_by : null);
  } catch (error) {
    // The CRM stopped answering: what is left is marked for a manual check, and the import ends.
    await endImport(db, importId, 'failed', options.notify ? run.requested_by : null);
    if (!options.notify) throw error;
  }
}

/**
 * Ends an import and notifies its requester in one transaction: whoever sees the import ended
 * also finds the notification about it.
 */
async function endImport(
  db: Database,
  importId: string,
  status: 'finished' | 'failed',
  notifyUserId: string | null,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    // Only a failed run leaves items pending: they are marked for a manual check.
    await client.query(
      `UPDATE customer_import_items SET status = 'failed', reason = 'crmUnavailable', processed_at = now()
        WHERE import_id = $1 AND status = 'pending'`,
      [importId],
    );
    const { rows } = await client.query<{ imported: number; failed: number }>(
      `WITH ended AS (UPDATE customer_imports SET status = $2, finished_at = now() WHERE id = $1 RETURNING id)
       SELECT count(*) FILTER (WHERE it.status = 'imported')::int AS imported,
              count(*) FILTER (WHERE it.status = 'failed')::int AS failed
         FROM customer_import_items it WHERE it.import_id = $1`,
      [importId, status],
    );
    if (!notifyUserId) return;
    await insertNotification(client, {
      userId: notifyUserId,
      type: 'importFinished',
      payload: { importId, succeeded: rows[0]!.imported, failed: rows[0]!.failed },
    });
  });
}

async function importOne(
  db: Database,
  importId: string,
  position: number,
  account: TCrmAccount,
  run: { requested_by: string | null; requested_by_email: string; request_id: string | null },
): Promise<void> {
  try {
    await inTransaction(db.$client, async (client) => {
      const customerId = await insertCustomer(client, run.requested_by_email, {
        name: account.name!,
        customerNumber: account.customerNumber,
        market: account.market!,
        organizationalNumber: account.organizationalNumber,
        vatNumber: account.vatNumber,
        notes: null,
        crmMappingGuid:
          account.crmMappingGuid && GUID.test(account.crmMappingGuid) ? account.crmMappingGuid : null,
        wodGroupName: null,
        source: 'crm',
      });
      await client.query(
        `UPDATE customer_import_items SET status = 'imported', customer_id = $3, processed_at = now()
          WHERE import_id = $1 AND position = $2`,
        [importId, position, customerId],
      );
      await writeAudit(client, {
        actorUserId: run.requested_by,
        actorEmail: run.requested_by_email,
        action: 'customer.imported',
        entityType: 'customer',
        entityId: String(customerId),
        customerId,
        after: { ...account, importId },
        requestId: run.request_id ?? undefined,
      });
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'customers_customer_number_key') throw error;
    // Someone created it since the check.
    await finishItem(db, importId, position, { problem: 'existsInHub', missing: [] });
  }
}

async function finishItem(
  db: Database,
  importId: string,
  position: number,
  result: { problem: BulkProblem | null; missing: string[] },
) {
  await db.$client.query(
    `UPDATE customer_import_items SET status = 'failed', reason = $3, missing_fields = $4, processed_at = now()
      WHERE import_id = $1 AND position = $2`,
    [importId, position, result.problem, result.missing],
  );
}
