import type {
  TEdiStatusEntry,
  TGetEdiConsignmentResponse,
  TGetEdiDocumentResponse,
  TGetEdiMessageResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { toConsignmentSummary, toDocumentSummary, toMessageSummary } from './edi-tracking.repository.ts';

/*
 * A consignment, document or message with everything its page shows, in one round trip, when the
 * customer number is the consignment's sender or receiver (spec 6); undefined otherwise, whether
 * or not it exists.
 */

type Raw = Record<string, unknown>;
type Event = { status: TEdiStatusEntry['status']; at: string; reason: string | null };

/**
 * The history as ingested; generated data has no events, so its history is read from the times it
 * has: received, then the status it ended in (with its reason).
 */
function history(
  events: Event[],
  received: Date | string,
  status: TEdiStatusEntry['status'],
  finishedAt: Date | string | null,
  reason: string | null,
): TEdiStatusEntry[] {
  const iso = (value: Date | string) => new Date(value).toISOString();
  if (events.length > 0) return events.map((e) => ({ status: e.status, at: iso(e.at), reason: e.reason }));
  const entries: TEdiStatusEntry[] = [{ status: 'RECEIVED', at: iso(received), reason: null }];
  if (status !== 'RECEIVED') entries.push({ status, at: iso(finishedAt ?? received), reason });
  return entries;
}

const CONSIGNMENT_SQL = `c.id AS ref, c.consignment_id, c.customer_id, c.direction, c.status, c.filename,
  c.sender_customer_number, c.sender_name, c.sender_address,
  c.receiver_customer_number, c.receiver_name, c.receiver_address,
  c.received_at, c.delivered_at, c.error_message`;

const party = (row: Raw, side: 'sender' | 'receiver') => ({
  customerNumber: row[`${side}_customer_number`] as string | null,
  name: row[`${side}_name`] as string,
  address: row[`${side}_address`] as string,
});

const eventsOf = (where: string) =>
  `coalesce((SELECT json_agg(json_build_object('status', e.status, 'at', e.occurred_at, 'reason', e.reason)
                              ORDER BY e.occurred_at, e.id)
               FROM edi_status_events e WHERE ${where}), '[]')`;

export async function findConsignmentOfParty(
  db: Database,
  consignmentId: string,
  customerNumber: string,
): Promise<TGetEdiConsignmentResponse | undefined> {
  const { rows } = await db.$client.query<Raw>(
    `SELECT ${CONSIGNMENT_SQL}, owner.name AS owner_name, owner.customer_number AS owner_number,
            ${eventsOf('e.consignment_ref = c.id AND e.document_ref IS NULL AND e.message_ref IS NULL')} AS events,
            coalesce((SELECT json_agg(json_build_object(
                        'document_ref', d.id, 'document_id', d.document_id, 'consignment_id', c.consignment_id,
                        'customer_id', d.customer_id, 'direction', d.direction,
                        'category', d.category, 'status', d.status, 'document_number', d.document_number,
                        'sender_name', c.sender_name, 'receiver_name', c.receiver_name, 'filename', c.filename,
                        'created_at', d.created_at, 'error_message', d.error_message) ORDER BY d.created_at, d.id)
                        FROM edi_documents d WHERE d.consignment_ref = c.id), '[]') AS documents,
            coalesce((SELECT json_agg(json_build_object(
                        'message_ref', m.id, 'message_id', m.message_id, 'consignment_id', c.consignment_id,
                        'customer_id', m.customer_id, 'direction', m.direction,
                        'category', m.category, 'message_type', m.message_type, 'status', m.status,
                        'size_bytes', m.size_bytes, 'sender_name', c.sender_name, 'receiver_name', c.receiver_name,
                        'filename', c.filename, 'created_at', m.created_at, 'error_message', m.error_message)
                        ORDER BY m.created_at, m.id)
                        FROM edi_messages m WHERE m.consignment_ref = c.id), '[]') AS messages
       FROM edi_consignments c JOIN customers owner ON owner.id = c.customer_id
      WHERE c.consignment_id = $1 AND (c.sender_customer_number = $2 OR c.receiver_customer_number = $2)`,
    [consignmentId, customerNumber],
  );
  const row = rows[0];
  if (!row) return undefined;
  const summary = toConsignmentSummary(row as Parameters<typeof toConsignmentSummary>[0]);
  return {
    ...summary,
    customer: { name: row.owner_name as string, customerNumber: row.owner_number as string },
    sender: party(row, 'sender'),
    receiver: party(row, 'receiver'),
    statusHistory: history(
      row.events as Event[],
      row.received_at as Date,
      summary.status,
      row.delivered_at as Date | null,
      summary.errorMessage,
    ),
    documents: (row.documents as Parameters<typeof toDocumentSummary>[0][]).map(toDocumentSummary),
    messages: (row.messages as Parameters<typeof toMessageSummary>[0][]).map(toMessageSummary),
  };
}

export async function findDocumentOfParty(
  db: Database,
  documentId: string,
  consignmentId: string,
  customerNumber: string,
): Promise<TGetEdiDocumentResponse | undefined> {
  const { rows } = await db.$client.query<Raw>(
    `SELECT ${CONSIGNMENT_SQL}, c.status AS consignment_status,
            d.id AS document_ref, d.document_id, d.direction, d.category, d.status AS document_status, d.document_number, d.created_at,
            d.error_message AS document_error,
            ${eventsOf('e.document_ref = d.id')} AS events,
            coalesce((SELECT json_agg(json_build_object('id', m.message_id, 'category', m.category,
                                      'status', m.status, 'messageType', m.message_type) ORDER BY m.created_at, m.id)
                        FROM edi_messages m WHERE m.consignment_ref = c.id), '[]') AS messages
       FROM edi_consignments c JOIN edi_documents d ON d.consignment_ref = c.id
      WHERE c.consignment_id = $1 AND d.document_id = $2
        AND (c.sender_customer_number = $3 OR c.receiver_customer_number = $3)`,
    [consignmentId, documentId, customerNumber],
  );
  const row = rows[0];
  if (!row) return undefined;
  const summary = toDocumentSummary({
    ...(row as Parameters<typeof toDocumentSummary>[0]),
    status: row.document_status as TEdiStatusEntry['status'],
    error_message: row.document_error as string | null,
  });
  return {
    ...summary,
    consignmentStatus: row.consignment_status as TEdiStatusEntry['status'],
    sender: party(row, 'sender'),
    receiver: party(row, 'receiver'),
    statusHistory: history(
      row.events as Event[],
      row.created_at as Date,
      summary.status,
      null,
      summary.errorMessage,
    ),
    messages: row.messages as TGetEdiDocumentResponse['messages'],
  };
}

export async function findMessageOfParty(
  db: Database,
  messageId: string,
  consignmentId: string,
  customerNumber: string,
): Promise<TGetEdiMessageResponse | undefined> {
  const { rows } = await db.$client.query<Raw>(
    `SELECT ${CONSIGNMENT_SQL}, c.status AS consignment_status,
            m.id AS message_ref, m.message_id, m.direction AS message_direction, m.category, m.message_type,
            m.status AS message_status, m.size_bytes, m.created_at, m.error_message AS message_error,
            ${eventsOf('e.message_ref = m.id')} AS events,
            coalesce((SELECT json_agg(json_build_object('id', d.document_id, 'category', d.category,
                                      'status', d.status) ORDER BY d.created_at, d.id)
                        FROM edi_documents d WHERE d.consignment_ref = c.id), '[]') AS documents
       FROM edi_consignments c JOIN edi_messages m ON m.consignment_ref = c.id
      WHERE c.consignment_id = $1 AND m.message_id = $2
        AND (c.sender_customer_number = $3 OR c.receiver_customer_number = $3)`,
    [consignmentId, messageId, customerNumber],
  );
  const row = rows[0];
  if (!row) return undefined;
  const summary = toMessageSummary({
    ...(row as Parameters<typeof toMessageSummary>[0]),
    direction: row.message_direction as TGetEdiMessageResponse['direction'],
    status: row.message_status as TEdiStatusEntry['status'],
    error_message: row.message_error as string | null,
  });
  return {
    ...summary,
    consignmentStatus: row.consignment_status as TEdiStatusEntry['status'],
    sender: party(row, 'sender'),
    receiver: party(row, 'receiver'),
    statusHistory: history(
      row.events as Event[],
      row.created_at as Date,
      summary.status,
      null,
      summary.errorMessage,
    ),
    documents: row.documents as TGetEdiMessageResponse['documents'],
  };
}
