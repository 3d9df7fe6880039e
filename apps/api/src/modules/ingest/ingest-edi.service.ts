import type { PoolClient } from 'pg';
import type { TIngestRecord } from '@service-hub/contracts';
import type { NewHubEvent } from '../events/events.repository.ts';
import { alertEdiMessageStatus } from '../alert-rules/failure-alerts.ts';
import {
  applyEdiStatus,
  findChild,
  findConsignment,
  lockConsignment,
  upsertConsignment,
  upsertDocument,
  upsertMessage,
  type EdiTarget,
} from './ingest-edi.repository.ts';

export type EdiRecord = Extract<
  TIngestRecord,
  { type: 'ediConsignment' | 'ediDocument' | 'ediMessage' | 'ediStatusEvent' }
>;

export const isEdiRecord = (record: TIngestRecord): record is EdiRecord => record.type.startsWith('edi');

/** What to do with a checked record, or why it is refused (field relative to the record). */
export type Prepared = { apply: () => Promise<void> } | { field: string; message: string };

const refuse = (field: string, message: string): Prepared => ({ field, message });
const SEND_FIRST = 'No consignment with this id; send the consignment first.';

/**
 * Checks what an EDI record refers to (before its event id is claimed) and returns how to apply
 * it. A consignment is the customer's own: the sending customer must be its sender or receiver,
 * which is whom the detail pages show it to (spec 6). A message whose status it changes adds a
 * `edi_message.status_changed` event to `events`.
 */
export async function prepareEdi(
  client: PoolClient,
  customerId: number,
  record: EdiRecord,
  events: NewHubEvent[],
): Promise<Prepared> {
  const known = await findConsignment(client, record.consignmentId);
  const foreign = known !== undefined && known.customerId !== customerId;
  switch (record.type) {
    case 'ediConsignment': {
      const numbers = [record.sender.customerNumber, record.receiver.customerNumber];
      if (!numbers.includes(record.customerNumber))
        return refuse(
          'sender.customerNumber',
          'The sending customer must be the sender or the receiver of its consignment.',
        );
      if (foreign) return refuse('consignmentId', 'This consignment id is taken.');
      return {
        apply: async () => {
          if (known) await lockConsignment(client, known.id);
          await upsertConsignment(client, customerId, record);
        },
      };
    }
    case 'ediDocument':
    case 'ediMessage': {
      if (!known || foreign) return refuse('consignmentId', SEND_FIRST);
      return {
        apply: async () => {
          await lockConsignment(client, known.id);
          if (record.type === 'ediDocument') await upsertDocument(client, customerId, known.id, record);
          else await upsertMessage(client, customerId, known.id, record);
        },
      };
    }
    case 'ediStatusEvent': {
      if (!known || foreign) return refuse('consignmentId', SEND_FIRST);
      let target: EdiTarget = { kind: 'consignment', consignmentRef: known.id };
      if (record.documentId) {
        const ref = await findChild(client, 'edi_documents', known.id, record.documentId);
        if (ref === undefined) return refuse('documentId', 'No document with this id in the consignment.');
        target = { kind: 'document', consignmentRef: known.id, ref };
      } else if (record.messageId) {
        const ref = await findChild(client, 'edi_messages', known.id, record.messageId);
        if (ref === undefined) return refuse('messageId', 'No message with this id in the consignment.');
        target = { kind: 'message', consignmentRef: known.id, ref };
      }
      return {
        apply: async () => {
          await lockConsignment(client, known.id);
          const change = await applyEdiStatus(client, target, record);
          if (change) {
            events.push({
              customerId,
              type: 'edi_message.status_changed',
              occurredAt: new Date(record.occurredAt),
              data: { ...change, consignmentId: record.consignmentId },
            });
            // A failed message raises its alert, a recovered one resolves it, with the change itself.
            await alertEdiMessageStatus(client, customerId, {
              ...change,
              consignmentId: record.consignmentId,
            });
          }
        },
      };
    }
  }
}
