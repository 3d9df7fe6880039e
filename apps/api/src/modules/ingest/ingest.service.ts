import type { PoolClient } from 'pg';
import { z } from 'zod';
import {
  INGEST_BATCH_LIMIT,
  ZIngestRecord,
  type TFieldError,
  type TIngestTrackingResponse,
  type TIngestRecord,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { toFieldErrors, type SchemaIssue } from '../../lib/validation-errors.ts';
import type { MachineCaller } from './api-keys.repository.ts';
import { recordEvents, type NewHubEvent } from '../events/events.repository.ts';
import { isEdiRecord, prepareEdi } from './ingest-edi.service.ts';
import {
  applyDelivery,
  applyStatusEvent,
  claimEvent,
  customersByNumber,
  deliveryChannel,
  findDocument,
  findFileByRef,
  isKnownEvent,
  recomputeDocuments,
  recomputeFiles,
  upsertDocument,
  upsertFile,
} from './ingest.repository.ts';

type Result = TIngestTrackingResponse['results'][number];

/** The envelope alone: the records are checked one by one, so one bad record spoils nothing else. */
const ZEnvelope = z.object({ records: z.array(z.unknown()).min(1).max(INGEST_BATCH_LIMIT) }).strict();

/** zod's issues in the shape the API's field errors are made from (as fastify-type-provider-zod does). */
function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix: string): TFieldError[] {
  const schemaIssues: SchemaIssue[] = issues.map(({ code, path, message, ...params }) => ({
    keyword: code,
    instancePath: `/${[prefix, ...path.map(String)].filter(Boolean).join('/')}`,
    message,
    params,
  }));
  return toFieldErrors('body', schemaIssues);
}

/** Files first, then documents, deliveries and steps: a batch may carry a file and its contents. */
const ORDER: Record<TIngestRecord['type'], number> = {
  file: 0,
  ediConsignment: 0,
  document: 1,
  ediDocument: 1,
  ediMessage: 1,
  delivery: 2,
  statusEvent: 3,
  ediStatusEvent: 3,
};

const NOT_ALLOWED = 'This API key may not deliver data for this customer.';

type Valid = { index: number; record: TIngestRecord; customerId: number; receiverCustomerId: number | null };

/**
 * Applies a batch from a production system. Every record is answered on its own: accepted,
 * duplicate (its event id was applied before, nothing changes) or rejected with field errors; the
 * good ones are kept. All accepted records are committed before the answer leaves, so an
 * acknowledged event is never lost; a failure of the database rejects the whole batch (nothing was
 * acknowledged) and the producer sends it again, which the event ids make safe.
 */
export async function ingestBatch(
  db: Database,
  machine: MachineCaller,
  body: unknown,
): Promise<TIngestTrackingResponse> {
  const envelope = ZEnvelope.safeParse(body);
  if (!envelope.success) {
    const errors = fieldErrors(envelope.error.issues, '');
    throw badRequest(`Invalid request: ${errors.map((e) => e.field).join(', ')}.`, errors);
  }
  const results: Result[] = envelope.data.records.map((raw, index) => {
    const eventId = (raw as { eventId?: unknown } | null)?.eventId;
    return {
      index,
      eventId: typeof eventId === 'string' && eventId.length <= 200 ? eventId : null,
      outcome: 'rejected',
    };
  });
  const parsed: { index: number; record: TIngestRecord }[] = [];
  envelope.data.records.forEach((raw, index) => {
    const record = ZIngestRecord.safeParse(raw);
    if (record.success) parsed.push({ index, record: record.data });
    else results[index]!.errors = fieldErrors(record.error.issues, `records/${index}`);
  });

  const client = await db.$client.connect();
  try {
    const numbers = parsed.flatMap(({ record }) => [
      record.customerNumber,
      ...(record.type === 'file' && record.receiverCustomerNumber ? [record.receiverCustomerNumber] : []),
      ...(record.type === 'ediConsignment'
        ? [record.sender.customerNumber, record.receiver.customerNumber].filter((n) => n !== undefined)
        : []),
    ]);
    const customers = await customersByNumber(client, [...new Set(numbers)]);
    const valid: Valid[] = [];
    for (const { index, record } of parsed) {
      const customerId = customers.get(record.customerNumber);
      // Unknown and foreign customers get the same answer: a key learns nothing about others.
      if (customerId === undefined || !machine.customerIds.includes(customerId)) {
        results[index]!.errors = [
          { field: `body.records.${index}.customerNumber`, code: 'invalidValue', message: NOT_ALLOWED },
        ];
        continue;
      }
      let receiverCustomerId: number | null = null;
      if (record.type === 'file' && record.receiverCustomerNumber) {
        receiverCustomerId = customers.get(record.receiverCustomerNumber) ?? null;
        if (receiverCustomerId === null) {
          results[index]!.errors = [
            {
              field: `body.records.${index}.receiverCustomerNumber`,
              code: 'invalidValue',
              message: 'No customer has this customer number.',
            },
          ];
          continue;
        }
      }
      if (record.type === 'ediConsignment') {
        const side = (['sender', 'receiver'] as const).find(
          (party) => record[party].customerNumber && !customers.has(record[party].customerNumber!),
        );
        if (side) {
          results[index]!.errors = [
            {
              field: `body.records.${index}.${side}.customerNumber`,
              code: 'invalidValue',
              message: 'No customer has this customer number.',
            },
          ];
          continue;
        }
      }
      valid.push({ index, record, customerId, receiverCustomerId });
    }
    valid.sort((a, b) => ORDER[a.record.type] - ORDER[b.record.type] || a.index - b.index);

    const outcomes = await withRetry(client, () => applyAll(client, machine, valid));
    for (const [index, outcome] of outcomes) Object.assign(results[index]!, outcome);
  } finally {
    client.release();
  }

  const count = (outcome: Result['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return {
    accepted: count('accepted'),
    duplicates: count('duplicate'),
    rejected: count('rejected'),
    results: results.map((r) => (r.outcome === 'rejected' ? { ...r, errors: r.errors ?? [] } : r)),
  };
}

type Outcome = Pick<Result, 'outcome' | 'errors'>;

/** Serialisation failures and deadlocks (two batches on the same files) are tried again, whole. */
async function withRetry<T>(client: PoolClient, work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await client.query('BEGIN');
    // Each written row's foreign key is checked by a query on a partitioned table: one generic
    // plan for it instead of planning it anew per row (see tracking-generator.ts).
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== '40001' && code !== '40P01')) throw error;
    }
  }
}

async function applyAll(
  client: PoolClient,
  machine: MachineCaller,
  valid: readonly Valid[],
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const touchedFiles = new Set<number>();
  const touchedDocuments = new Set<number>();
  // What customers' webhooks hear of, written with the change itself at the end of the batch.
  const events: NewHubEvent[] = [];
  const reject = (index: number, field: string, message: string) =>
    outcomes.set(index, {
      outcome: 'rejected',
      errors: [{ field: `body.records.${index}.${field}`, code: 'invalidValue', message }],
    });

  for (const { index, record, customerId, receiverCustomerId } of valid) {
    if (await isKnownEvent(client, customerId, record.eventId)) {
      outcomes.set(index, { outcome: 'duplicate' });
      continue;
    }
    // Everything a record refers to is checked before its event id is claimed.
    let apply: () => Promise<void>;
    if (isEdiRecord(record)) {
      const prepared = await prepareEdi(client, customerId, record, events);
      if ('field' in prepared) {
        reject(index, prepared.field, prepared.message);
        continue;
      }
      apply = prepared.apply;
    } else
      switch (record.type) {
        case 'file':
          apply = async () => {
            const file = await upsertFile(client, customerId, receiverCustomerId, record);
            touchedFiles.add(file.id);
            if (file.arrived)
              events.push({
                customerId,
                type: 'file.arrived',
                occurredAt: new Date(record.arrivedAt),
                data: {
                  fileId: file.id,
                  fileRef: record.fileRef,
                  filename: record.filename,
                  application: record.application ?? null,
                  arrivedAt: new Date(record.arrivedAt).toISOString(),
                },
              });
          };
          break;
        case 'document': {
          const fileId = await findFileByRef(client, customerId, record.fileRef);
          if (fileId === undefined) {
            reject(index, 'fileRef', 'No file with this reference; send the file first.');
            continue;
          }
          const known = await findDocument(client, customerId, record.externalDocumentId);
          if (known && known.fileId !== fileId) {
            reject(index, 'fileRef', 'This document belongs to another file.');
            continue;
          }
          apply = async () => {
            touchedDocuments.add(await upsertDocument(client, customerId, fileId, record));
            touchedFiles.add(fileId);
          };
          break;
        }
        case 'delivery': {
          const document = await findDocument(client, customerId, record.externalDocumentId);
          if (!document) {
            reject(index, 'externalDocumentId', 'No document with this id; send the document first.');
            continue;
          }
          const channel = await deliveryChannel(client, document.id, record.deliveryDocumentId);
          if (channel && channel !== record.channel) {
            reject(index, 'channel', 'This delivery was reported through another channel.');
            continue;
          }
          apply = async () => {
            const { current } = await applyDelivery(client, document.id, record);
            if (current && (record.status === 'delivered' || record.status === 'rejected'))
              events.push({
                customerId,
                type: record.status === 'delivered' ? 'document.delivered' : 'document.rejected',
                occurredAt: new Date(record.occurredAt),
                data: {
                  documentId: document.id,
                  externalDocumentId: record.externalDocumentId,
                  fileId: document.fileId,
                  channel: record.channel,
                  deliveryDocumentId: record.deliveryDocumentId,
                  rejectionReason: record.rejectionReason ?? null,
                },
              });
            touchedDocuments.add(document.id);
            touchedFiles.add(document.fileId);
          };
          break;
        }
        case 'statusEvent': {
          const fileId = await findFileByRef(client, customerId, record.fileRef);
          if (fileId === undefined) {
            reject(index, 'fileRef', 'No file with this reference; send the file first.');
            continue;
          }
          apply = () => applyStatusEvent(client, fileId, record);
          break;
        }
      }
    if (!(await claimEvent(client, customerId, record.eventId, machine.apiKeyId))) {
      outcomes.set(index, { outcome: 'duplicate' });
      continue;
    }
    await apply();
    outcomes.set(index, { outcome: 'accepted' });
  }
  const now = new Date();
  for (const change of await recomputeDocuments(client, [...touchedDocuments])) {
    const { customerId, ...data } = change;
    events.push({ customerId, type: 'document.status_changed', occurredAt: now, data });
  }
  await recomputeFiles(client, [...touchedFiles]);
  await recordEvents(client, events);
  return outcomes;
}
