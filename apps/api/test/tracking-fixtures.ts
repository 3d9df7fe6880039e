import type { DeliveryChannel, DeliveryStatus, ProcessingStep, TrackingStatus } from '@service-hub/contracts';
import type { Database } from '../src/db/client.ts';

export type FixtureDocument = {
  externalDocumentId: string;
  invoiceNumber?: string | null;
  messageId?: string | null;
  recipientName?: string | null;
  eAddress?: string | null;
  status?: TrackingStatus;
  deliveries?: { channel: DeliveryChannel; status: DeliveryStatus; pages?: number; reason?: string }[];
};

export type FixtureFile = {
  customerId: number;
  receiverCustomerId?: number | null;
  filename: string;
  arrivedAt: string;
  status?: TrackingStatus;
  subCustomerId?: string | null;
  receiverName?: string | null;
  senderName?: string | null;
  steps?: { step: ProcessingStep; at: string }[];
  documents?: FixtureDocument[];
};

/**
 * Writes a file with its documents, deliveries and status log, with exactly the values a test
 * names, so filters can be checked against known rows. Answers the ids.
 */
export async function insertTrackingFile(
  db: Database,
  file: FixtureFile,
): Promise<{ fileId: number; documentIds: number[] }> {
  const documents = file.documents ?? [];
  const channelsOf = (d: FixtureDocument) => [...new Set((d.deliveries ?? []).map((x) => x.channel))];
  const fileChannels = [...new Set(documents.flatMap(channelsOf))];
  const lastStep = file.steps?.at(-1);
  const { rows } = await db.$client.query<{ id: number }>(
    `INSERT INTO tracking_files (customer_id, receiver_customer_id, filename, status, channels, arrived_at,
                                 document_count, sub_customer_id, sender_name, receiver_name, last_step, last_step_at,
                                 customer_agreement, application)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'AGR-FIXTURE', 'Invoice') RETURNING id`,
    [
      file.customerId,
      file.receiverCustomerId ?? null,
      file.filename,
      file.status ?? 'Delivered',
      fileChannels,
      file.arrivedAt,
      documents.length,
      file.subCustomerId ?? null,
      file.senderName ?? null,
      file.receiverName ?? null,
      lastStep?.step ?? null,
      lastStep?.at ?? null,
    ],
  );
  const fileId = rows[0]!.id;
  for (const step of file.steps ?? []) {
    await db.$client.query(
      'INSERT INTO tracking_file_events (file_id, file_arrived_at, step, occurred_at) VALUES ($1, $2, $3, $4)',
      [fileId, file.arrivedAt, step.step, step.at],
    );
  }
  const documentIds: number[] = [];
  for (const document of documents) {
    const inserted = await db.$client.query<{ id: number }>(
      `INSERT INTO tracking_documents (file_id, customer_id, external_document_id, invoice_number, message_id,
                                       recipient_name, e_address, status, channels, created_at, message_type,
                                       file_arrived_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'INVOICE', $10) RETURNING id`,
      [
        fileId,
        file.customerId,
        document.externalDocumentId,
        document.invoiceNumber ?? null,
        document.messageId ?? null,
        document.recipientName ?? null,
        document.eAddress ?? null,
        document.status ?? 'Delivered',
        channelsOf(document),
        file.arrivedAt,
      ],
    );
    const documentId = inserted.rows[0]!.id;
    documentIds.push(documentId);
    await db.$client.query(
      `INSERT INTO tracking_document_keys (customer_id, external_document_id, document_id, document_created_at)
       VALUES ($1, $2, $3, $4)`,
      [file.customerId, document.externalDocumentId, documentId, file.arrivedAt],
    );
    for (const [i, delivery] of (document.deliveries ?? []).entries()) {
      await db.$client.query(
        `INSERT INTO delivery_documents (document_id, delivery_document_id, channel, pages, status, status_at,
                                         rejection_reason, document_created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          documentId,
          `FX-${documentId}-${i}`,
          delivery.channel,
          delivery.pages ?? 1,
          delivery.status,
          file.steps?.at(-1)?.at ?? file.arrivedAt,
          delivery.reason ?? null,
          file.arrivedAt,
        ],
      );
    }
  }
  return { fileId, documentIds };
}

/**
 * Where the overview's hourly counts (tracking_document_counts, kept by the triggers of migration
 * 0018) disagree with the documents themselves, per account, hour, status and channel set: an
 * empty list when they agree exactly. Takes a pool or a database's client.
 */
export async function documentCountDrift(db: { query: Database['$client']['query'] }) {
  const { rows } = await db.query(
    `WITH counted AS (
       SELECT customer_id, hour, status, channels, sum(documents)::int AS n FROM tracking_document_counts
        GROUP BY 1, 2, 3, 4 HAVING sum(documents) <> 0
     ), actual AS (
       SELECT customer_id, date_trunc('hour', created_at, 'UTC') AS hour, status, channels, count(*)::int AS n
         FROM tracking_documents GROUP BY 1, 2, 3, 4
     )
     SELECT 'counted' AS side, * FROM (SELECT * FROM counted EXCEPT ALL SELECT * FROM actual) c
     UNION ALL
     SELECT 'actual', * FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM counted) a`,
  );
  return rows;
}
