import type { PoolClient } from 'pg';
import type { EdiStatus, TIngestRecord } from '@service-hub/contracts';

type ConsignmentRecord = Extract<TIngestRecord, { type: 'ediConsignment' }>;
type DocumentRecord = Extract<TIngestRecord, { type: 'ediDocument' }>;
type MessageRecord = Extract<TIngestRecord, { type: 'ediMessage' }>;
type StatusRecord = Extract<TIngestRecord, { type: 'ediStatusEvent' }>;

/** What an EDI status event is about: the consignment itself, or one of its documents or messages. */
export type EdiTarget =
  | { kind: 'consignment'; consignmentRef: number }
  | { kind: 'document'; consignmentRef: number; ref: number }
  | { kind: 'message'; consignmentRef: number; ref: number };

/** The consignment with this id: its row id and account, whoever it belongs to. */
export async function findConsignment(
  client: PoolClient,
  consignmentId: string,
): Promise<{ id: number; customerId: number } | undefined> {
  const { rows } = await client.query<{ id: number; customer_id: number }>(
    'SELECT id, customer_id FROM edi_consignments WHERE consignment_id = $1',
    [consignmentId],
  );
  return rows[0] && { id: rows[0].id, customerId: rows[0].customer_id };
}

export async function findChild(
  client: PoolClient,
  table: 'edi_documents' | 'edi_messages',
  consignmentRef: number,
  childId: string,
): Promise<number | undefined> {
  const column = table === 'edi_documents' ? 'document_id' : 'message_id';
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE consignment_ref = $1 AND ${column} = $2`,
    [consignmentRef, childId],
  );
  return rows[0]?.id;
}

/**
 * Batches touching one consignment take turns: its status is computed from the events the batch
 * can see, which must include every event committed before.
 */
export async function lockConsignment(client: PoolClient, id: number): Promise<void> {
  await client.query('SELECT 1 FROM edi_consignments WHERE id = $1 FOR UPDATE', [id]);
}

async function addEvent(
  client: PoolClient,
  target: EdiTarget,
  status: string,
  at: Date,
  reason: string | null,
): Promise<void> {
  await client.query(
    `INSERT INTO edi_status_events (consignment_ref, document_ref, message_ref, status, occurred_at, reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      target.consignmentRef,
      target.kind === 'document' ? target.ref : null,
      target.kind === 'message' ? target.ref : null,
      status,
      at,
      reason,
    ],
  );
}

/**
 * A new consignment (received, with that first event in its history), or more about a known one
 * of the same account; its status follows its events. Returns its row id.
 */
export async function upsertConsignment(
  client: PoolClient,
  customerId: number,
  record: ConsignmentRecord,
): Promise<number> {
  const receivedAt = new Date(record.receivedAt);
  const { rows } = await client.query<{ id: number; inserted: boolean }>(
    `INSERT INTO edi_consignments AS c (consignment_id, customer_id, direction, status, filename,
        sender_customer_number, sender_name, sender_address, receiver_customer_number, receiver_name,
        receiver_address, received_at)
     VALUES ($1, $2, $3, 'RECEIVED', $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (consignment_id) DO UPDATE SET
        direction = EXCLUDED.direction, filename = EXCLUDED.filename,
        sender_customer_number = EXCLUDED.sender_customer_number, sender_name = EXCLUDED.sender_name,
        sender_address = EXCLUDED.sender_address, receiver_customer_number = EXCLUDED.receiver_customer_number,
        receiver_name = EXCLUDED.receiver_name, receiver_address = EXCLUDED.receiver_address,
        received_at = EXCLUDED.received_at
      WHERE c.customer_id = EXCLUDED.customer_id
     RETURNING id, (xmax = 0) AS inserted`,
    [
      record.consignmentId,
      customerId,
      record.direction,
      record.filename,
      record.sender.customerNumber ?? null,
      record.sender.name,
      record.sender.address,
      record.receiver.customerNumber ?? null,
      record.receiver.name,
      record.receiver.address,
      receivedAt,
    ],
  );
  const row = rows[0]!;
  if (row.inserted) {
    await addEvent(client, { kind: 'consignment', consignmentRef: row.id }, 'RECEIVED', receivedAt, null);
  } else {
    await client.query('UPDATE edi_documents SET direction = $2 WHERE consignment_ref = $1', [
      row.id,
      record.direction,
    ]);
  }
  return row.id;
}

export async function upsertDocument(
  client: PoolClient,
  customerId: number,
  consignmentRef: number,
  record: DocumentRecord,
): Promise<void> {
  const { rows } = await client.query<{ id: number; inserted: boolean; created_at: Date }>(
    `INSERT INTO edi_documents AS d (document_id, consignment_ref, customer_id, direction, category, status,
        document_number, created_at)
     SELECT $1, c.id, $3, c.direction, $4, 'RECEIVED', $5, coalesce($6::timestamptz, c.received_at)
       FROM edi_consignments c WHERE c.id = $2
     ON CONFLICT (document_id, consignment_ref) DO UPDATE SET
        category = EXCLUDED.category,
        document_number = coalesce(EXCLUDED.document_number, d.document_number),
        created_at = CASE WHEN $6::timestamptz IS NULL THEN d.created_at ELSE EXCLUDED.created_at END
     RETURNING id, (xmax = 0) AS inserted, created_at`,
    [
      record.documentId,
      consignmentRef,
      customerId,
      record.category,
      record.documentNumber ?? null,
      record.createdAt ? new Date(record.createdAt) : null,
    ],
  );
  const row = rows[0]!;
  if (row.inserted)
    await addEvent(
      client,
      { kind: 'document', consignmentRef, ref: row.id },
      'RECEIVED',
      row.created_at,
      null,
    );
}

export async function upsertMessage(
  client: PoolClient,
  customerId: number,
  consignmentRef: number,
  record: MessageRecord,
): Promise<void> {
  const { rows } = await client.query<{ id: number; inserted: boolean; created_at: Date }>(
    `INSERT INTO edi_messages AS m (message_id, consignment_ref, customer_id, category, message_type, direction,
        status, size_bytes, created_at)
     SELECT $1, c.id, $3, $4, $5, $6, 'RECEIVED', coalesce($7, 0), coalesce($8::timestamptz, c.received_at)
       FROM edi_consignments c WHERE c.id = $2
     ON CONFLICT (message_id, consignment_ref) DO UPDATE SET
        category = EXCLUDED.category, message_type = EXCLUDED.message_type, direction = EXCLUDED.direction,
        size_bytes = CASE WHEN $7::int IS NULL THEN m.size_bytes ELSE EXCLUDED.size_bytes END,
        created_at = CASE WHEN $8::timestamptz IS NULL THEN m.created_at ELSE EXCLUDED.created_at END
     RETURNING id, (xmax = 0) AS inserted, created_at`,
    [
      record.messageId,
      consignmentRef,
      customerId,
      record.category,
      record.messageType,
      record.direction,
      record.sizeBytes ?? null,
      record.createdAt ? new Date(record.createdAt) : null,
    ],
  );
  const row = rows[0]!;
  if (row.inserted)
    await addEvent(
      client,
      { kind: 'message', consignmentRef, ref: row.id },
      'RECEIVED',
      row.created_at,
      null,
    );
}

/**
 * A reported status: the history keeps it; the entity takes the status of its latest event (by
 * time, then arrival), with the reason of a failure and, for a consignment, when it was delivered.
 */
export async function applyEdiStatus(
  client: PoolClient,
  target: EdiTarget,
  record: StatusRecord,
): Promise<EdiMessageStatusChange | undefined> {
  await addEvent(client, target, record.status, new Date(record.occurredAt), record.reason ?? null);
  const latest = (where: string) =>
    `(SELECT e.status, e.occurred_at, e.reason FROM edi_status_events e WHERE ${where}
       ORDER BY e.occurred_at DESC, e.id DESC LIMIT 1)`;
  const failure = `CASE WHEN e.status IN ('ERROR', 'NOT_EXISTS') THEN e.reason END`;
  switch (target.kind) {
    case 'consignment':
      await client.query(
        `UPDATE edi_consignments c SET status = e.status, error_message = ${failure},
                delivered_at = CASE WHEN e.status = 'DELIVERED' THEN e.occurred_at END
           FROM ${latest('e.consignment_ref = $1 AND e.document_ref IS NULL AND e.message_ref IS NULL')} e
          WHERE c.id = $1`,
        [target.consignmentRef],
      );
      return;
    case 'document':
      await client.query(
        `UPDATE edi_documents d SET status = e.status, error_message = ${failure}
           FROM ${latest('e.document_ref = $1')} e WHERE d.id = $1`,
        [target.ref],
      );
      return;
    case 'message': {
      // `before` reads the row as it was when the statement started: the status it replaces.
      const { rows } = await client.query<{
        id: number;
        message_id: string;
        status: EdiStatus;
        previous: EdiStatus;
        reason: string | null;
      }>(
        `UPDATE edi_messages m SET status = e.status, error_message = ${failure}
           FROM ${latest('e.message_ref = $1')} e, (SELECT status FROM edi_messages WHERE id = $1) before
          WHERE m.id = $1
        RETURNING m.id, m.message_id, m.status, before.status AS previous, m.error_message AS reason`,
        [target.ref],
      );
      const row = rows[0];
      if (!row || row.status === row.previous) return undefined;
      return {
        messageRowId: row.id,
        messageId: row.message_id,
        status: row.status,
        previousStatus: row.previous,
        reason: row.reason,
      };
    }
  }
}

/** A message whose status an event changed (for the `edi_message.status_changed` event). */
export type EdiMessageStatusChange = {
  messageRowId: number;
  messageId: string;
  status: EdiStatus;
  previousStatus: EdiStatus;
  reason: string | null;
};
