import type { PoolClient } from 'pg';
import type { DeliveryChannel, TIngestRecord } from '@service-hub/contracts';
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
    'SELECT id FROM tracking_files WHERE customer_id = $1 AND external_id = $2',
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
    'SELECT id, file_id FROM tracking_documents WHERE customer_id = $1 AND external_document_id = $2',
    [customerId, externalDocumentId],
  );
  return rows[0] && { id: rows[0].id, fileId: rows[0].file_id };
}

/**
 * A new file, or more about a known one (fields a record leaves out keep their value). Status,
 * channels and counts follow from the documents and are computed after the batch.
 */
export async function upsertFile(
  client: PoolClient,
  customerId: number,
  receiverCustomerId: number | null,
  file: FileRecord,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO tracking_files AS f (customer_id, external_id, receiver_customer_id, filename, arrived_at, status,
        sub_customer_id, customer_agreement, application, category, code, country_code, delivery_mode, item_reference,
        quantity, envelopes, sheets, inserts, delivery_file_ids,
        sender_name, sender_street_address, sender_postal_code, sender_post_office, sender_country_code,
        receiver_name, receiver_street_address, receiver_postal_code, receiver_post_office, receiver_country_code,
        materials)
     VALUES ($1, $2, $3, $4, $5, 'NotDelivered', $6, $7, $8, $9, $10, $11, $12, $13,
             coalesce($14, 0), coalesce($15, 0), coalesce($16, 0), coalesce($17, 0), coalesce($18, '{}'::text[]),
             $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, coalesce($29::jsonb, '[]'::jsonb))
     ON CONFLICT (customer_id, external_id) WHERE external_id IS NOT NULL DO UPDATE SET
        receiver_customer_id = coalesce(EXCLUDED.receiver_customer_id, f.receiver_customer_id),
        filename = EXCLUDED.filename,
        arrived_at = EXCLUDED.arrived_at,
        sub_customer_id = coalesce(EXCLUDED.sub_customer_id, f.sub_customer_id),
        customer_agreement = coalesce(EXCLUDED.customer_agreement, f.customer_agreement),
        application = coalesce(EXCLUDED.application, f.application),
        category = coalesce(EXCLUDED.category, f.category),
        code = coalesce(EXCLUDED.code, f.code),
        country_code = coalesce(EXCLUDED.country_code, f.country_code),
        delivery_mode = coalesce(EXCLUDED.delivery_mode, f.delivery_mode),
        item_reference = coalesce(EXCLUDED.item_reference, f.item_reference),
        quantity = CASE WHEN $14::int IS NULL THEN f.quantity ELSE EXCLUDED.quantity END,
        envelopes = CASE WHEN $15::int IS NULL THEN f.envelopes ELSE EXCLUDED.envelopes END,
        sheets = CASE WHEN $16::int IS NULL THEN f.sheets ELSE EXCLUDED.sheets END,
        inserts = CASE WHEN $17::int IS NULL THEN f.inserts ELSE EXCLUDED.inserts END,
        delivery_file_ids = CASE WHEN $18::text[] IS NULL THEN f.delivery_file_ids ELSE EXCLUDED.delivery_file_ids END,
        sender_name = coalesce(EXCLUDED.sender_name, f.sender_name),
        sender_street_address = coalesce(EXCLUDED.sender_street_address, f.sender_street_address),
        sender_postal_code = coalesce(EXCLUDED.sender_postal_code, f.sender_postal_code),
        sender_post_office = coalesce(EXCLUDED.sender_post_office, f.sender_post_office),
        sender_country_code = coalesce(EXCLUDED.sender_country_code, f.sender_country_code),
        receiver_name = coalesce(EXCLUDED.receiver_name, f.receiver_name),
        receiver_street_address = coalesce(EXCLUDED.receiver_street_address, f.receiver_street_address),
        receiver_postal_code = coalesce(EXCLUDED.receiver_postal_code, f.receiver_postal_code),
        receiver_post_office = coalesce(EXCLUDED.receiver_post_office, f.receiver_post_office),
        receiver_country_code = coalesce(EXCLUDED.receiver_country_code, f.receiver_country_code),
        materials = CASE WHEN $29::jsonb IS NULL THEN f.materials ELSE EXCLUDED.materials END
     RETURNING id`,
    [
      customerId,
      file.fileRef,
      receiverCustomerId,
      file.filename,
      new Date(file.arrivedAt),
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
    ],
  );
  return rows[0]!.id;
}

/** A new document in a file, or more about a known one. Its status follows from its deliveries. */
export async function upsertDocument(
  client: PoolClient,
  customerId: number,
  fileId: number,
  document: DocumentRecord,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO tracking_documents AS d (file_id, customer_id, external_document_id, invoice_number, message_id,
        message_type, e_address, recipient_name, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'NotDelivered',
             coalesce($9::timestamptz, (SELECT arrived_at FROM tracking_files WHERE id = $1)))
     ON CONFLICT (customer_id, external_document_id) DO UPDATE SET
        invoice_number = coalesce(EXCLUDED.invoice_number, d.invoice_number),
        message_id = coalesce(EXCLUDED.message_id, d.message_id),
        message_type = coalesce(EXCLUDED.message_type, d.message_type),
        e_address = coalesce(EXCLUDED.e_address, d.e_address),
        recipient_name = coalesce(EXCLUDED.recipient_name, d.recipient_name),
        created_at = CASE WHEN $9::timestamptz IS NULL THEN d.created_at ELSE EXCLUDED.created_at END
     RETURNING id`,
    [
      fileId,
      customerId,
      document.externalDocumentId,
      document.invoiceNumber ?? null,
      document.messageId ?? null,
      document.messageType ?? null,
      document.eAddress ?? null,
      document.recipientName ?? null,
      document.createdAt ? new Date(document.createdAt) : null,
    ],
  );
  return rows[0]!.id;
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
export async function applyDelivery(client: PoolClient, documentId: number, delivery: DeliveryRecord) {
  const at = new Date(delivery.occurredAt);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO delivery_documents AS dd (document_id, delivery_document_id, channel, pages, status, status_at, rejection_reason)
     VALUES ($1, $2, $3, coalesce($4, 0), $5, $6, $7)
     ON CONFLICT (document_id, delivery_document_id) DO UPDATE SET
        pages = CASE WHEN $4::int IS NULL THEN dd.pages ELSE EXCLUDED.pages END,
        status = CASE WHEN EXCLUDED.status_at >= dd.status_at THEN EXCLUDED.status ELSE dd.status END,
        rejection_reason = CASE WHEN EXCLUDED.status_at >= dd.status_at THEN EXCLUDED.rejection_reason ELSE dd.rejection_reason END,
        status_at = greatest(dd.status_at, EXCLUDED.status_at)
     RETURNING id`,
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
    'INSERT INTO delivery_document_events (delivery_id, status, occurred_at, rejection_reason) VALUES ($1, $2, $3, $4)',
    [rows[0]!.id, delivery.status, at, delivery.rejectionReason ?? null],
  );
}

/** A processing step: logged always; the file's latest step is the one with the latest time. */
export async function applyStatusEvent(client: PoolClient, fileId: number, event: StatusEventRecord) {
  const at = new Date(event.occurredAt);
  await client.query(
    'INSERT INTO tracking_file_events (file_id, step, occurred_at, detail) VALUES ($1, $2, $3, $4)',
    [fileId, event.step, at, event.detail ?? null],
  );
  await client.query(
    `UPDATE tracking_files SET last_step = $2, last_step_at = $3
      WHERE id = $1 AND (last_step_at IS NULL OR last_step_at <= $3)`,
    [fileId, event.step, at],
  );
}

type Tally = { id: number; channels: DeliveryChannel[]; total: number; delivered: number; rejected: number };

/** Status and channels of documents, from their deliveries. */
export async function recomputeDocuments(client: PoolClient, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await client.query<Tally>(
    `SELECT d.id, coalesce(array_agg(DISTINCT dd.channel) FILTER (WHERE dd.id IS NOT NULL), '{}') AS channels,
            count(dd.id)::int AS total,
            count(dd.id) FILTER (WHERE dd.status = 'delivered')::int AS delivered,
            count(dd.id) FILTER (WHERE dd.status = 'rejected')::int AS rejected
       FROM tracking_documents d LEFT JOIN delivery_documents dd ON dd.document_id = d.id
      WHERE d.id = ANY($1) GROUP BY d.id`,
    [ids],
  );
  await client.query(
    `UPDATE tracking_documents d SET status = u.status, channels = ARRAY(SELECT jsonb_array_elements_text(u.channels))
       FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, status text, channels jsonb) WHERE d.id = u.id`,
    [
      JSON.stringify(
        rows.map((r) => ({ id: r.id, status: deriveTrackingStatusFromCounts(r), channels: r.channels })),
      ),
    ],
  );
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
       LEFT JOIN tracking_documents d ON d.file_id = f.id
       LEFT JOIN delivery_documents dd ON dd.document_id = d.id
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
