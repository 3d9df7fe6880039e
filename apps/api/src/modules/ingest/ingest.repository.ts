import type { PoolClient } from 'pg';
import type { DeliveryChannel, TIngestRecord, TrackingStatus } from '@service-hub/contracts';
import { deriveTrackingStatusFromCounts } from '../tracking/tracking-status.ts';

type FileRecord = Extract<TIngestRecord, { type: 'file' }>;
type DocumentRecord = Extract<TIngestRecord, { type: 'document' }>;
type DeliveryRecord = Extract<TIngestRecord, { type: 'delivery' }>;
type StatusEventRecord = Extract<TIngestRecord, { type: 'statusEvent' }>;

/** Customers by customer number (the numbers that exist). */
export async function customersByNumber(
  client: PoolClient,
  numbers: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await client.query<{ id: number; customer_number: string }>(
    'SELECT id, customer_number FROM customers WHERE customer_number = ANY($1)',
    [numbers],
  );
  return new Map(rows.map((r) => [r.customer_number, r.id]));
}

export async function isKnownEvent(
  client: PoolClient,
  customerId: number,
  eventId: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    'SELECT 1 FROM tracking_ingested_events WHERE customer_id = $1 AND event_id = $2',
    [customerId, eventId],
  );
  return rowCount === 1;
}

/**
 * Claims an event id in the applying transaction; false when it is taken. A concurrent batch with
 * the same id waits here until the first commits, then finds it taken.
 */
export async function claimEvent(
  client: PoolClient,
  customerId: number,
  eventId: string,
  apiKeyId: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO tracking_ingested_events (customer_id, event_id, api_key_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [customerId, eventId, apiKeyId],
  );
  return rowCount === 1;
}

export async function findFileByRef(
  client: PoolClient,
  customerId: number,
  fileRef: string,
): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    'SELECT file_id AS id FROM tracking_file_keys WHERE customer_id = $1 AND external_id = $2',
    [customerId, fileRef],
  );
  return rows[0]?.id;
}

export async function findDocument(
  client: PoolClient,
  customerId: number,
  externalDocumentId: string,
): Promise<{ id: number; fileId: number } | undefined> {
  const { rows } = await client.query<{ id: number; file_id: number }>(
    `SELECT d.id, d.file_id FROM tracking_document_keys k
       JOIN tracking_documents d ON d.id = k.document_id AND d.created_at = k.document_created_at
      WHERE k.customer_id = $1 AND k.external_document_id = $2`,
    [customerId, externalDocumentId],
  );
  return rows[0] && { id: rows[0].id, fileId: rows[0].file_id };
}

/**
 * Claims a producer's reference in a key table (tracking_file_keys, tracking_document_keys): a new
 * key takes the next id of the row's table, a known one answers the row it names. Partitioned
 * tables cannot hold a unique key across months, so the key tables carry the idempotency. The
 * conflict branch locks the key, so a concurrent batch with the same reference waits, then finds
 * the row the first one wrote.
 */
async function claimKey(
  client: PoolClient,
  claim: { keyTable: string; keyColumn: string; rowTable: string; idColumn: string; timeColumn: string },
  customerId: number,
  key: string,
  time: string,
  values: unknown[],
): Promise<{ id: number; at: Date; inserted: boolean }> {
  const { keyTable, keyColumn, rowTable, idColumn, timeColumn } = claim;
  const { rows } = await client.query<{ id: number; at: Date; inserted: boolean }>(
    `INSERT INTO ${keyTable} AS k (customer_id, ${keyColumn}, ${idColumn}, ${timeColumn})
     VALUES ($1, $2, nextval(pg_get_serial_sequence('${rowTable}', 'id')), ${time})
     ON CONFLICT (customer_id, ${keyColumn}) DO UPDATE SET ${keyColumn} = k.${keyColumn}
     RETURNING ${idColumn} AS id, ${timeColumn} AS at, xmax = 0 AS inserted`,
    [customerId, key, ...values],
  );
  return rows[0]!;
}

const FILE_KEY = {
  keyTable: 'tracking_file_keys',
  keyColumn: 'external_id',
  rowTable: 'tracking_files',
  idColumn: 'file_id',
  timeColumn: 'file_arrived_at',
};
const DOCUMENT_KEY = {
  keyTable: 'tracking_document_keys',
  keyColumn: 'external_document_id',
  rowTable: 'tracking_documents',
  idColumn: 'document_id',
  timeColumn: 'document_created_at',
};

/**
 * A new file, or more about a known one (fields a record leaves out keep their value). Status,
 * channels and counts follow from the documents and are computed after the batch. A new
 * `arrivedAt` moves the file to that month's partition, with its status log; its documents keep
 * their own month and take the new time in their foreign key (ON UPDATE CASCADE).
 */
export async function upsertFile(
  client: PoolClient,
  customerId: number,
  receiverCustomerId: number | null,
  file: FileRecord,
): Promise<{ id: number; arrived: boolean }> {
  const arrivedAt = new Date(file.arrivedAt);
  const key = await claimKey(client, FILE_KEY, customerId, file.fileRef, '$3', [arrivedAt]);
  const values = [
    key.id,
    customerId,
    file.fileRef,
    receiverCustomerId,
    file.filename,
    arrivedAt,
    file.subCustomerId ?? null,
    file.customerAgreement ?? null,
    file.application ?? null,
    file.category ?? null,
    file.code ?? null,
    file.countryCode ?? null,
    file.deliveryMode ?? null,
    file.itemReference ?? null,
    file.quantity ?? null,
    file.envelopes ?? null,
    file.sheets ?? null,
    file.inserts ?? null,
    file.deliveryFileIds ?? null,
    file.sender?.name ?? null,
    file.sender?.streetAddress ?? null,
    file.sender?.postalCode ?? null,
    file.sender?.postOffice ?? null,
    file.sender?.countryCode ?? null,
    file.receiver?.name ?? null,
    file.receiver?.streetAddress ?? null,
    file.receiver?.postalCode ?? null,
    file.receiver?.postOffice ?? null,
    file.receiver?.countryCode ?? null,
    file.materials ? JSON.stringify(file.materials) : null,
  ];
  if (key.inserted) {
    await client.query(
      `INSERT INTO tracking_files (id, customer_id, external_id, receiver_customer_id, filename, arrived_at, status,
          sub_customer_id, customer_agreement, application, category, code, country_code, delivery_mode, item_reference,
          quantity, envelopes, sheets, inserts, delivery_file_ids,
          sender_name, sender_street_address, sender_postal_code, sender_post_office, sender_country_code,
          receiver_name, receiver_street_address, receiver_postal_code, receiver_post_office, receiver_country_code,
          materials)
       VALUES ($1, $2, $3, $4, $5, $6, 'NotDelivered', $7, $8, $9, $10, $11, $12, $13, $14,
               coalesce($15, 0), coalesce($16, 0), coalesce($17, 0), coalesce($18, 0), coalesce($19, '{}'::text[]),
               $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, coalesce($30::jsonb, '[]'::jsonb))`,
      values,
    );
    return { id: key.id, arrived: true };
  }
  await client.query(
    `UPDATE tracking_files AS f SET
        receiver_customer_id = coalesce($4, f.receiver_customer_id),
        filename = $5,
        arrived_at = $6,
        sub_customer_id = coalesce($7, f.sub_customer_id),
        customer_agreement = coalesce($8, f.customer_agreement),
        application = coalesce($9, f.application),
        category = coalesce($10, f.category),
        code = coalesce($11, f.code),
        country_code = coalesce($12, f.country_code),
        delivery_mode = coalesce($13, f.delivery_mode),
        item_reference = coalesce($14, f.item_reference),
        quantity = coalesce($15::int, f.quantity),
        envelopes = coalesce($16::int, f.envelopes),
        sheets = coalesce($17::int, f.sheets),
        inserts = coalesce($18::int, f.inserts),
        delivery_file_ids = coalesce($19::text[], f.delivery_file_ids),
        sender_name = coalesce($20, f.sender_name),
        sender_street_address = coalesce($21, f.sender_street_address),
        sender_postal_code = coalesce($22, f.sender_postal_code),
        sender_post_office = coalesce($23, f.sender_post_office),
        sender_country_code = coalesce($24, f.sender_country_code),
        receiver_name = coalesce($25, f.receiver_name),
        receiver_street_address = coalesce($26, f.receiver_street_address),
        receiver_postal_code = coalesce($27, f.receiver_postal_code),
        receiver_post_office = coalesce($28, f.receiver_post_office),
        receiver_country_code = coalesce($29, f.receiver_country_code),
        materials = coalesce($30::jsonb, f.materials)
      WHERE f.id = $1 AND f.customer_id = $2 AND f.external_id = $3 AND f.arrived_at = $31`,
    [...values, key.at],
  );
  return { id: key.id, arrived: false };
}

/**
 * A new document in a file, or more about a known one. Its status follows from its deliveries.
 * A new `createdAt` moves it to that month's partition with its deliveries (ON UPDATE CASCADE).
 */
export async function upsertDocument(
  client: PoolClient,
  customerId: number,
  fileId: number,
  document: DocumentRecord,
): Promise<number> {
  const createdAt = document.createdAt ? new Date(document.createdAt) : null;
  const key = await claimKey(
    client,
    DOCUMENT_KEY,
    customerId,
    document.externalDocumentId,
    'coalesce($3::timestamptz, (SELECT arrived_at FROM tracking_files WHERE id = $4))',
    [createdAt, fileId],
  );
  const values = [
    key.id,
    document.invoiceNumber ?? null,
    document.messageId ?? null,
    document.messageType ?? null,
    document.eAddress ?? null,
    document.recipientName ?? null,
  ];
  if (key.inserted) {
    await client.query(
      `INSERT INTO tracking_documents (id, invoice_number, message_id, message_type, e_address, recipient_name,
          file_id, file_arrived_at, customer_id, external_document_id, status, created_at)
       SELECT $1::bigint, $2::text, $3::text, $4::text, $5::text, $6::text, f.id, f.arrived_at, $7::int, $8::text,
              'NotDelivered', $9::timestamptz
         FROM tracking_files f WHERE f.id = $10`,
      [...values, customerId, document.externalDocumentId, key.at, fileId],
    );
    return key.id;
  }
  await client.query(
    `UPDATE tracking_documents AS d SET
        invoice_number = coalesce($2, d.invoice_number),
        message_id = coalesce($3, d.message_id),
        message_type = coalesce($4, d.message_type),
        e_address = coalesce($5, d.e_address),
        recipient_name = coalesce($6, d.recipient_name),
        created_at = coalesce($7, d.created_at)
      WHERE d.id = $1 AND d.created_at = $8`,
    [...values, createdAt, key.at],
  );
  return key.id;
}

/** The channel a delivery already has, if it exists. */
export async function deliveryChannel(
  client: PoolClient,
  documentId: number,
  deliveryDocumentId: string,
): Promise<DeliveryChannel | undefined> {
  const { rows } = await client.query<{ channel: DeliveryChannel }>(
    'SELECT channel FROM delivery_documents WHERE document_id = $1 AND delivery_document_id = $2',
    [documentId, deliveryDocumentId],
  );
  return rows[0]?.channel;
}

/**
 * A channel's report: logged always; the delivery takes its status only when the report is not
 * older than the one it has (reports may arrive out of order).
 */
export async function applyDelivery(
  client: PoolClient,
  documentId: number,
  delivery: DeliveryRecord,
): Promise<{ current: boolean }> {
  const at = new Date(delivery.occurredAt);
  const { rows } = await client.query<{ id: number; document_created_at: Date; status_at: Date }>(
    `INSERT INTO delivery_documents AS dd (document_id, document_created_at, delivery_document_id, channel, pages,
        status, status_at, rejection_reason)
     SELECT d.id, d.created_at, $2::text, $3::text, coalesce($4::int, 0), $5::text, $6::timestamptz, $7::text
       FROM tracking_documents d WHERE d.id = $1
     ON CONFLICT (document_id, delivery_document_id, document_created_at) DO UPDATE SET
        pages = CASE WHEN $4::int IS NULL THEN dd.pages ELSE EXCLUDED.pages END,
        status = CASE WHEN EXCLUDED.status_at >= dd.status_at THEN EXCLUDED.status ELSE dd.status END,
        rejection_reason = CASE WHEN EXCLUDED.status_at >= dd.status_at THEN EXCLUDED.rejection_reason ELSE dd.rejection_reason END,
        status_at = greatest(dd.status_at, EXCLUDED.status_at)
     RETURNING id, document_created_at, status_at`,
    [
      documentId,
      delivery.deliveryDocumentId,
      delivery.channel,
      delivery.pages ?? null,
      delivery.status,
      at,
      delivery.rejectionReason ?? null,
    ],
  );
  await client.query(
    `INSERT INTO delivery_document_events (delivery_id, document_created_at, status, occurred_at, rejection_reason)
     VALUES ($1, $2, $3, $4, $5)`,
    [rows[0]!.id, rows[0]!.document_created_at, delivery.status, at, delivery.rejectionReason ?? null],
  );
  return { current: rows[0]!.status_at.getTime() === at.getTime() };
}

/** A processing step: logged always; the file's latest step is the one with the latest time. */
export async function applyStatusEvent(client: PoolClient, fileId: number, event: StatusEventRecord) {
  const at = new Date(event.occurredAt);
  await client.query(
    `INSERT INTO tracking_file_events (file_id, file_arrived_at, step, occurred_at, detail)
     SELECT f.id, f.arrived_at, $2::text, $3::timestamptz, $4::text FROM tracking_files f WHERE f.id = $1`,
    [fileId, event.step, at, event.detail ?? null],
  );
  await client.query(
    `UPDATE tracking_files SET last_step = $2, last_step_at = $3
      WHERE id = $1 AND (last_step_at IS NULL OR last_step_at <= $3)`,
    [fileId, event.step, at],
  );
}

/** A document whose status a batch changed (for the `document.status_changed` event). */
export type DocumentStatusChange = {
  customerId: number;
  documentId: number;
  externalDocumentId: string;
  fileId: number;
  status: TrackingStatus;
  previousStatus: TrackingStatus;
  channels: DeliveryChannel[];
};

type Tally = { id: number; channels: DeliveryChannel[]; total: number; delivered: number; rejected: number };

/** Status and channels of documents, from their deliveries. */
export async function recomputeDocuments(
  client: PoolClient,
  ids: readonly number[],
): Promise<DocumentStatusChange[]> {
  if (ids.length === 0) return [];
  const { rows } = await client.query<
    Tally & { customer_id: number; external_document_id: string; file_id: number; status: TrackingStatus }
  >(
    `SELECT d.id, d.customer_id, d.external_document_id, d.file_id, d.status, coalesce(array_agg(DISTINCT dd.channel) FILTER (WHERE dd.id IS NOT NULL), '{}') AS channels,
            count(dd.id)::int AS total,
            count(dd.id) FILTER (WHERE dd.status = 'delivered')::int AS delivered,
            count(dd.id) FILTER (WHERE dd.status = 'rejected')::int AS rejected
       FROM tracking_documents d
       LEFT JOIN delivery_documents dd ON dd.document_id = d.id AND dd.document_created_at = d.created_at
      WHERE d.id = ANY($1) GROUP BY d.id, d.customer_id, d.external_document_id, d.file_id, d.status`,
    [ids],
  );
  const computed = rows.map((r) => ({ ...r, newStatus: deriveTrackingStatusFromCounts(r) }));
  await client.query(
    `UPDATE tracking_documents d SET status = u.status, channels = ARRAY(SELECT jsonb_array_elements_text(u.channels))
       FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, status text, channels jsonb) WHERE d.id = u.id`,
    [JSON.stringify(computed.map((r) => ({ id: r.id, status: r.newStatus, channels: r.channels })))],
  );
  return computed
    .filter((r) => r.newStatus !== r.status)
    .map((r) => ({
      customerId: r.customer_id,
      documentId: r.id,
      externalDocumentId: r.external_document_id,
      fileId: r.file_id,
      status: r.newStatus,
      previousStatus: r.status,
      channels: r.channels,
    }));
}

/**
 * Status, channels and document count of files, from all their documents' deliveries. The files
 * are locked first, in id order, so two batches touching the same file take turns.
 */
export async function recomputeFiles(client: PoolClient, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query('SELECT id FROM tracking_files WHERE id = ANY($1) ORDER BY id FOR UPDATE', [ids]);
  const { rows } = await client.query<Tally & { documents: number }>(
    `SELECT f.id, count(DISTINCT d.id)::int AS documents,
            coalesce(array_agg(DISTINCT dd.channel) FILTER (WHERE dd.id IS NOT NULL), '{}') AS channels,
            count(dd.id)::int AS total,
            count(dd.id) FILTER (WHERE dd.status = 'delivered')::int AS delivered,
            count(dd.id) FILTER (WHERE dd.status = 'rejected')::int AS rejected
       FROM tracking_files f
       LEFT JOIN tracking_documents d ON d.file_id = f.id AND d.file_arrived_at = f.arrived_at
       LEFT JOIN delivery_documents dd ON dd.document_id = d.id AND dd.document_created_at = d.created_at
      WHERE f.id = ANY($1) GROUP BY f.id`,
    [ids],
  );
  await client.query(
    `UPDATE tracking_files f SET status = u.status, document_count = u.documents,
            channels = ARRAY(SELECT jsonb_array_elements_text(u.channels))
       FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, status text, documents int, channels jsonb)
      WHERE f.id = u.id`,
    [
      JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          status: deriveTrackingStatusFromCounts(r),
          documents: r.documents,
          channels: r.channels,
        })),
      ),
    ],
  );
}
