import type { PoolClient } from 'pg';
import {
  holdsServicePermission,
  supportItemKey,
  type PermissionGrant,
  type SupportItemKind,
  type TSupportItemFacts,
  type TSupportItemRef,
} from '@service-hub/contracts';

/*
 * The items a support case can be about (issue 25), seen exactly as their own lists and pages show
 * them to an account (docs/support.md, "What a case is about"):
 *
 * - tracking documents and files need track and trace (STT) on the account, and belong to it as
 *   their sender (`customer_id`) or, for a file and its documents, their receiver account — the
 *   rule of `findFileOfParty` / `findDocumentOfParty` in tracking.repository.ts;
 * - EDI consignments, messages and documents need EDI tracking (ETS), and belong to the account
 *   whose agreement handled the consignment (the lists) or that is its sender or receiver (the
 *   pages, edi-tracking-details.repository.ts); a message or document is judged by its consignment.
 *
 * One query per kind asked for, each by primary key; items outside the rule are simply absent.
 */

/** A query runner: the pool, or the client of the transaction that creates a case. */
export type Queryable = Pick<PoolClient, 'query'>;

/** The account an item is seen in, with the caller's permissions there. */
export type ItemAccount = { id: number; customerNumber: string; permissions: readonly PermissionGrant[] };

/** The service whose permission each kind needs: its list's and page's account rule. */
export const ITEM_SERVICE = {
  trackingDocument: 'STT',
  trackingFile: 'STT',
  ediConsignment: 'ETS',
  ediMessage: 'ETS',
  ediDocument: 'ETS',
} as const satisfies Record<SupportItemKind, 'STT' | 'ETS'>;

/** Whether the caller's permissions on the account let them see items of this kind at all. */
export const maySeeKind = (kind: SupportItemKind, account: ItemAccount) =>
  holdsServicePermission(ITEM_SERVICE[kind], account.permissions);

const iso = (value: Date) => value.toISOString();

type Finder = (db: Queryable, ids: number[], account: ItemAccount) => Promise<TSupportItemFacts[]>;

/** `the account is the consignment's agreement holder, sender or receiver`, against alias `c`. */
const EDI_PARTY = `(c.customer_id = $2 OR c.sender_customer_number = $3 OR c.receiver_customer_number = $3)`;

const FINDERS: Record<SupportItemKind, Finder> = {
  async trackingDocument(db, ids, account) {
    const { rows } = await db.query<{
      id: number;
      external_document_id: string;
      invoice_number: string | null;
      recipient_name: string | null;
      channels: Extract<TSupportItemFacts, { kind: 'trackingDocument' }>['channels'];
      status: Extract<TSupportItemFacts, { kind: 'trackingDocument' }>['status'];
      created_at: Date;
      file_id: number;
      filename: string;
    }>(
      `SELECT d.id, d.external_document_id, d.invoice_number, d.recipient_name, d.channels, d.status,
              d.created_at, d.file_id, file.filename
         FROM tracking_documents d
         JOIN tracking_files file ON file.id = d.file_id AND file.arrived_at = d.file_arrived_at
        WHERE d.id = ANY($1::bigint[]) AND (d.customer_id = $2 OR file.receiver_customer_id = $2)`,
      [ids, account.id],
    );
    return rows.map((r) => ({
      kind: 'trackingDocument',
      id: Number(r.id),
      label: r.external_document_id,
      status: r.status,
      date: iso(r.created_at),
      invoiceNumber: r.invoice_number,
      recipientName: r.recipient_name,
      channels: r.channels,
      filename: r.filename,
      fileId: Number(r.file_id),
    }));
  },

  async trackingFile(db, ids, account) {
    const { rows } = await db.query<{
      id: number;
      filename: string;
      status: Extract<TSupportItemFacts, { kind: 'trackingFile' }>['status'];
      arrived_at: Date;
      document_count: number;
    }>(
      `SELECT f.id, f.filename, f.status, f.arrived_at, f.document_count
         FROM tracking_files f
        WHERE f.id = ANY($1::bigint[]) AND (f.customer_id = $2 OR f.receiver_customer_id = $2)`,
      [ids, account.id],
    );
    return rows.map((r) => ({
      kind: 'trackingFile',
      id: Number(r.id),
      label: r.filename,
      status: r.status,
      date: iso(r.arrived_at),
      documentCount: r.document_count,
    }));
  },

  async ediConsignment(db, ids, account) {
    const { rows } = await db.query<EdiRow>(
      `SELECT c.id, c.consignment_id AS label, c.status, c.received_at AS at, c.consignment_id,
              c.sender_name, c.receiver_name
         FROM edi_consignments c
        WHERE c.id = ANY($1::bigint[]) AND ${EDI_PARTY}`,
      [ids, account.id, account.customerNumber],
    );
    return rows.map((r) => ({ kind: 'ediConsignment', ...ediFacts(r) }));
  },

  async ediMessage(db, ids, account) {
    const { rows } = await db.query<EdiRow & { message_type: string }>(
      `SELECT m.id, m.message_id AS label, m.status, m.created_at AS at, m.message_type, c.consignment_id,
              c.sender_name, c.receiver_name
         FROM edi_messages m JOIN edi_consignments c ON c.id = m.consignment_ref
        WHERE m.id = ANY($1::bigint[]) AND ${EDI_PARTY}`,
      [ids, account.id, account.customerNumber],
    );
    return rows.map((r) => ({ kind: 'ediMessage', ...ediFacts(r), messageType: r.message_type }));
  },

  async ediDocument(db, ids, account) {
    const { rows } = await db.query<EdiRow & { document_number: string | null }>(
      `SELECT d.id, d.document_id AS label, d.status, d.created_at AS at, d.document_number,
              c.consignment_id, c.sender_name, c.receiver_name
         FROM edi_documents d JOIN edi_consignments c ON c.id = d.consignment_ref
        WHERE d.id = ANY($1::bigint[]) AND ${EDI_PARTY}`,
      [ids, account.id, account.customerNumber],
    );
    return rows.map((r) => ({ kind: 'ediDocument', ...ediFacts(r), documentNumber: r.document_number }));
  },
};

type EdiRow = {
  id: number;
  label: string;
  status: Extract<TSupportItemFacts, { kind: 'ediConsignment' }>['status'];
  at: Date;
  consignment_id: string;
  sender_name: string;
  receiver_name: string;
};

const ediFacts = (r: EdiRow) => ({
  id: Number(r.id),
  label: r.label,
  status: r.status,
  date: iso(r.at),
  consignmentId: r.consignment_id,
  senderName: r.sender_name,
  receiverName: r.receiver_name,
});

/**
 * The items the account may see, with their facts, keyed by `kind:id`; kinds the caller's
 * permissions on the account do not cover are not looked up. One query after the other: `db` may
 * be the client of a transaction.
 */
export async function findVisibleItems(
  db: Queryable,
  account: ItemAccount,
  items: readonly TSupportItemRef[],
): Promise<Map<string, TSupportItemFacts>> {
  const found = new Map<string, TSupportItemFacts>();
  const byKind = new Map<SupportItemKind, number[]>();
  for (const item of items) {
    if (!maySeeKind(item.kind, account)) continue;
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item.id]);
  }
  for (const [kind, ids] of byKind) {
    for (const facts of await FINDERS[kind](db, ids, account)) found.set(supportItemKey(facts), facts);
  }
  return found;
}
