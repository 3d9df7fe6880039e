import type { EdiDirection, EdiStatus, MessageCategory } from '@service-hub/contracts';
import type { Database } from '../src/db/client.ts';

type Party = { number?: string; name: string; address: string };

export type EdiFixture = {
  consignmentId: string;
  customerId: number;
  direction: EdiDirection;
  status: EdiStatus;
  filename: string;
  sender: Party;
  receiver: Party;
  receivedAt: string;
  errorMessage?: string;
  documents?: { documentId: string; category: MessageCategory; status: EdiStatus; errorMessage?: string }[];
  messages?: {
    messageId: string;
    category: MessageCategory;
    direction: EdiDirection;
    status: EdiStatus;
    minutesAfter?: number;
  }[];
};

/** A consignment with its documents and messages, written straight to the database. */
export async function insertEdiConsignment(db: Database, f: EdiFixture): Promise<number> {
  const { rows } = await db.$client.query<{ id: number }>(
    `INSERT INTO edi_consignments (consignment_id, customer_id, direction, status, filename,
        sender_customer_number, sender_name, sender_address, receiver_customer_number, receiver_name,
        receiver_address, received_at, delivered_at, error_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
             CASE WHEN $4 = 'DELIVERED' THEN $12::timestamptz + interval '5 minutes' END, $13)
     RETURNING id`,
    [
      f.consignmentId,
      f.customerId,
      f.direction,
      f.status,
      f.filename,
      f.sender.number ?? null,
      f.sender.name,
      f.sender.address,
      f.receiver.number ?? null,
      f.receiver.name,
      f.receiver.address,
      f.receivedAt,
      f.errorMessage ?? null,
    ],
  );
  const ref = rows[0]!.id;
  for (const d of f.documents ?? []) {
    await db.$client.query(
      `INSERT INTO edi_documents (document_id, consignment_ref, customer_id, direction, category, status,
          document_number, created_at, error_message)
       VALUES ($1, $2, $3, $4, $5, $6, '4711', $7, $8)`,
      [
        d.documentId,
        ref,
        f.customerId,
        f.direction,
        d.category,
        d.status,
        f.receivedAt,
        d.errorMessage ?? null,
      ],
    );
  }
  for (const m of f.messages ?? []) {
    await db.$client.query(
      `INSERT INTO edi_messages (message_id, consignment_ref, customer_id, category, message_type, direction,
          status, size_bytes, created_at)
       VALUES ($1, $2, $3, $4, 'ORDERS', $5, $6, 1234, $7::timestamptz + make_interval(mins => $8))`,
      [m.messageId, ref, f.customerId, m.category, m.direction, m.status, f.receivedAt, m.minutesAfter ?? 0],
    );
  }
  return ref;
}
