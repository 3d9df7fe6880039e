import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import {
  SUPPORT_ITEM_KINDS,
  type SupportCaseSort,
  type SupportCaseStatus,
  type SupportItemKind,
  type TSupportAttachment,
  type TSupportCaseSummary,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import type {
  AttachmentRecord,
  CaseItem,
  CaseRecord,
  CaseScope,
  SupportCaseConnector,
} from './support-connector.ts';
import type { StoredUpload } from './upload.ts';

type Queryable = Pick<PoolClient, 'query'>;

type SummaryRow = {
  id: number;
  case_number: string;
  customer_id: number;
  customer_name: string;
  title: string;
  category: string;
  sub_category: string | null;
  status: SupportCaseStatus;
  type: string;
  owner: string | null;
  created: Date;
  updated: Date;
};

const SUMMARY_COLUMNS = `c.id, c.case_number, c.customer_id, cu.name AS customer_name, c.title, c.category,
  c.sub_category, c.status, c.type, c.owner, c.created, c.updated`;

const toSummary = (row: SummaryRow): TSupportCaseSummary => ({
  caseId: row.id,
  caseNumber: row.case_number,
  customerId: row.customer_id,
  customerName: row.customer_name,
  title: row.title,
  category: row.category,
  subCategory: row.sub_category,
  status: row.status,
  type: row.type,
  owner: row.owner,
  date: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** `customer_id = $n` for one account, nothing (or the chosen account) for provider staff. */
function scopeCondition(scope: CaseScope, params: unknown[]): string {
  if (scope.customerId === undefined) return 'true';
  params.push(scope.customerId);
  return `c.customer_id = $${params.length}`;
}

/** Sort columns by name: only these strings ever reach the ORDER BY. */
const SORT_COLUMNS: Record<SupportCaseSort, string> = {
  updated: 'c.updated',
  date: 'c.created',
  caseNumber: 'c.case_number',
  title: 'lower(c.title)',
  status: 'c.status',
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const storageKeyOf = (attachmentId: string) => `support/${attachmentId.slice(0, 2)}/${attachmentId}`;

async function readCase(db: Queryable, scope: CaseScope, caseId: number): Promise<CaseRecord | undefined> {
  const params: unknown[] = [caseId];
  const where = scopeCondition(scope, params);
  const { rows } = await db.query<
    SummaryRow & {
      description: string;
      from_email: string;
      to_email: string;
      created_by_user_id: string | null;
      created_by: string | null;
    }
  >(
    `SELECT ${SUMMARY_COLUMNS}, c.description, c.from_email, c.to_email, c.created_by_user_id,
            u.display_name AS created_by
       FROM support_cases c
       JOIN customers cu ON cu.id = c.customer_id
       LEFT JOIN users u ON u.id = c.created_by_user_id
      WHERE c.id = $1 AND ${where}`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  // One after the other: `db` may be the client of a transaction, which runs one query at a time.
  const replies = await db.query<{
    id: number;
    author_name: string;
    from_provider: boolean;
    message: string;
    created: Date;
  }>(
    'SELECT id, author_name, from_provider, message, created FROM support_case_replies WHERE case_id = $1 ORDER BY created, id',
    [caseId],
  );
  const attachments = await db.query<{
    id: string;
    reply_id: number | null;
    filename: string;
    content_type: string;
    size_bytes: number;
    created: Date;
  }>(
    'SELECT id, reply_id, filename, content_type, size_bytes, created FROM support_attachments WHERE case_id = $1 ORDER BY created, filename',
    [caseId],
  );
  // Grouped by kind in the vocabulary's order, then by number: the table keeps no order of linking.
  const items = await db.query<{ kind: SupportItemKind; item_id: number; label: string }>(
    `SELECT kind, item_id, label FROM support_case_items WHERE case_id = $1
      ORDER BY array_position($2::text[], kind), item_id`,
    [caseId, SUPPORT_ITEM_KINDS],
  );
  const attachmentsOf = (replyId: number | null): TSupportAttachment[] =>
    attachments.rows
      .filter((a) => a.reply_id === replyId)
      .map((a) => ({
        id: a.id,
        filename: a.filename,
        contentType: a.content_type,
        sizeBytes: a.size_bytes,
        created: a.created.toISOString(),
      }));
  return {
    ...toSummary(row),
    description: row.description,
    from: row.from_email,
    to: row.to_email,
    createdBy: row.created_by,
    createdByUserId: row.created_by_user_id,
    attachments: attachmentsOf(null),
    items: items.rows.map((i) => ({ kind: i.kind, id: i.item_id, label: i.label })),
    replies: replies.rows.map((r) => ({
      id: r.id,
      authorName: r.author_name,
      fromProvider: r.from_provider,
      message: r.message,
      created: r.created.toISOString(),
      attachments: attachmentsOf(r.id),
    })),
  };
}

async function insertAttachments(
  client: PoolClient,
  caseId: number,
  replyId: number | null,
  files: readonly StoredUpload[],
): Promise<void> {
  for (const file of files) {
    await client.query(
      `INSERT INTO support_attachments (id, case_id, reply_id, filename, content_type, size_bytes, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [file.id, caseId, replyId, file.filename, file.contentType, file.sizeBytes, file.storageKey],
    );
  }
}

/** The items of a new case, in one statement; `customer_id` is the case's account (an item's page asks by it). */
async function insertItems(
  client: PoolClient,
  caseId: number,
  customerId: number,
  items: readonly CaseItem[],
): Promise<void> {
  if (items.length === 0) return;
  await client.query(
    `INSERT INTO support_case_items (case_id, kind, item_id, customer_id, label)
     SELECT $1, kind, item_id, $2, label
       FROM unnest($3::text[], $4::bigint[], $5::text[]) AS i(kind, item_id, label)`,
    [caseId, customerId, items.map((i) => i.kind), items.map((i) => i.id), items.map((i) => i.label)],
  );
}

/** Locks the case row for a status decision; undefined when it is not in scope. */
async function lockCase(
  client: PoolClient,
  scope: CaseScope,
  caseId: number,
): Promise<SupportCaseStatus | undefined> {
  const params: unknown[] = [caseId];
  const where = scopeCondition(scope, params);
  const { rows } = await client.query<{ status: SupportCaseStatus }>(
    `SELECT c.status FROM support_cases c WHERE c.id = $1 AND ${where} FOR UPDATE`,
    params,
  );
  return rows[0]?.status;
}

/** The Hub's own case store: support cases, replies and attachments in PostgreSQL. */
export function createHubSupportConnector(db: Database, storage: FileStorage): SupportCaseConnector {
  return {
    async listCases(scope, query) {
      const params: unknown[] = [];
      const conditions = [scopeCondition(scope, params)];
      if (query.status !== 'all') {
        params.push(query.status);
        conditions.push(`c.status = $${params.length}`);
      }
      if (query.subject) {
        params.push(likePattern(query.subject));
        conditions.push(`c.title ILIKE $${params.length}`);
      }
      const where = conditions.join(' AND ');
      const [list, count] = await Promise.all([
        db.$client.query<SummaryRow>(
          `SELECT ${SUMMARY_COLUMNS} FROM support_cases c JOIN customers cu ON cu.id = c.customer_id
            WHERE ${where}
            ORDER BY ${SORT_COLUMNS[query.sort]} ${query.order === 'asc' ? 'ASC' : 'DESC'}, c.updated DESC, c.id DESC
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.pageSize, (query.page - 1) * query.pageSize],
        ),
        db.$client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM support_cases c WHERE ${where}`,
          params,
        ),
      ]);
      return { cases: list.rows.map(toSummary), totalCount: count.rows[0]?.n ?? 0 };
    },

    getCase: (scope, caseId) => readCase(db.$client, scope, caseId),

    createCase: (input, linkItems) =>
      inTransaction(db.$client, async (client) => {
        // Checked in the transaction that writes the case: a refusal leaves nothing behind.
        const items = await linkItems(client);
        const { rows } = await client.query<{ id: number; created: Date; support_email: string }>(
          `SELECT nextval(pg_get_serial_sequence('support_cases', 'id'))::bigint AS id, now() AS created,
                  m.support_email
             FROM customers cu JOIN markets m ON m.code = cu.market WHERE cu.id = $1`,
          [input.customerId],
        );
        const row = rows[0]!;
        const caseNumber = `CS-${row.created.getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;
        await client.query(
          `INSERT INTO support_cases (id, case_number, customer_id, created_by_user_id, title, description, category,
             sub_category, type, status, from_email, to_email)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Service request', 'needsAttention', $9, $10)`,
          [
            row.id,
            caseNumber,
            input.customerId,
            input.author.userId,
            input.title,
            input.description,
            input.category,
            input.subCategory,
            input.author.email,
            row.support_email,
          ],
        );
        await insertAttachments(client, row.id, null, input.attachments);
        await insertItems(client, row.id, input.customerId, items);
        return { caseId: row.id, caseNumber };
      }),

    async listCasesAbout(scope, item, query) {
      const params: unknown[] = [item.kind, item.id, query.statuses, query.limit];
      // The items' index is (customer_id, kind, item_id): an account's cases about one item.
      const where =
        scope.customerId === undefined ? 'true' : `i.customer_id = $${params.push(scope.customerId)}`;
      const { rows } = await db.$client.query<{
        id: number;
        case_number: string;
        title: string;
        status: SupportCaseStatus;
        updated: Date;
      }>(
        `SELECT c.id, c.case_number, c.title, c.status, c.updated
           FROM support_case_items i JOIN support_cases c ON c.id = i.case_id
          WHERE i.kind = $1 AND i.item_id = $2 AND ${where} AND c.status = ANY($3::text[])
          ORDER BY c.updated DESC, c.id DESC
          LIMIT $4`,
        params,
      );
      return rows.map((r) => ({
        caseId: r.id,
        caseNumber: r.case_number,
        title: r.title,
        status: r.status,
        updated: r.updated.toISOString(),
      }));
    },

    addReply: (scope, caseId, reply, decide) =>
      inTransaction(db.$client, async (client) => {
        const from = await lockCase(client, scope, caseId);
        if (from === undefined) return undefined;
        const to = decide(from);
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO support_case_replies (case_id, author_user_id, author_name, from_provider, message)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [caseId, reply.author.userId, reply.author.name, reply.author.side === 'provider', reply.message],
        );
        const replyId = rows[0]!.id;
        await insertAttachments(client, caseId, replyId, reply.attachments);
        // Provider staff who answer a case without an owner take it on.
        await client.query(
          `UPDATE support_cases SET status = $2, updated = now(),
                  owner = CASE WHEN $3::boolean THEN coalesce(owner, $4) ELSE owner END
            WHERE id = $1`,
          [caseId, to, reply.author.side === 'provider', reply.author.name],
        );
        return { replyId, from, to, case: (await readCase(client, scope, caseId))! };
      }),

    changeStatus: (scope, caseId, to, check) =>
      inTransaction(db.$client, async (client) => {
        const from = await lockCase(client, scope, caseId);
        if (from === undefined) return undefined;
        check(from);
        await client.query('UPDATE support_cases SET status = $2, updated = now() WHERE id = $1', [
          caseId,
          to,
        ]);
        return { from, case: (await readCase(client, scope, caseId))! };
      }),

    async getAttachment(scope, attachmentId) {
      const params: unknown[] = [attachmentId];
      const where = scopeCondition(scope, params);
      const { rows } = await db.$client.query<{
        id: string;
        case_id: number;
        filename: string;
        content_type: string;
        size_bytes: number;
      }>(
        `SELECT a.id, a.case_id, a.filename, a.content_type, a.size_bytes
           FROM support_attachments a JOIN support_cases c ON c.id = a.case_id
          WHERE a.id = $1 AND ${where}`,
        params,
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          caseId: row.case_id,
          filename: row.filename,
          contentType: row.content_type,
          sizeBytes: row.size_bytes,
        }
      );
    },

    async openAttachment(attachment: AttachmentRecord) {
      const { rows } = await db.$client.query<{ storage_key: string | null; content: Buffer | null }>(
        'SELECT storage_key, content FROM support_attachments WHERE id = $1',
        [attachment.id],
      );
      const row = rows[0];
      if (row?.storage_key) return storage.get(row.storage_key);
      const content = row?.content ?? Buffer.alloc(0);
      // Attachments from before the storage (the demo seed) move there on their first download.
      const key = storageKeyOf(attachment.id);
      await storage.put(key, Readable.from([content]));
      await db.$client.query(
        'UPDATE support_attachments SET storage_key = $2, content = NULL WHERE id = $1 AND storage_key IS NULL',
        [attachment.id, key],
      );
      return Readable.from([content]);
    },
  };
}
