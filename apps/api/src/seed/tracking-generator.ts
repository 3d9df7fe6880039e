import type { PoolClient } from 'pg';
import type { DeliveryChannel, DeliveryStatus, Market, ProcessingStep } from '@service-hub/contracts';
import { compactTrackingCounts } from '../jobs/compact-tracking-counts.job.ts';
import { createTrackingPartitions } from '../jobs/create-tracking-partitions.job.ts';
import { deriveTrackingStatus, FINAL_STEP } from '../modules/tracking/tracking-status.ts';
import { withIndexesSetAside } from './bulk-load.ts';
import { copyRows, json, syncIdentitySequences, type CopyValue } from './copy.ts';
import { NORDIC_NAMES } from './nordic-names.ts';
import type { Random } from './random.ts';

export type GeneratorCustomer = {
  id: number;
  name: string;
  customerNumber: string;
  market: Market;
  weight: number;
};

/** Every customer in the database, each as likely as the others: what the seed and the benches fill. */
export async function everyCustomer(client: PoolClient): Promise<GeneratorCustomer[]> {
  const { rows } = await client.query<{ id: number; name: string; customer_number: string; market: Market }>(
    'SELECT id, name, customer_number, market FROM customers ORDER BY id',
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    customerNumber: r.customer_number,
    market: r.market,
    weight: 1,
  }));
}

export type TrackingGeneratorOptions = {
  client: PoolClient;
  customers: readonly GeneratorCustomer[];
  documents: number;
  random: Random;
  now: Date;
  /** How far back arrivals are spread. */
  days?: number;
  onProgress?: (documentsWritten: number) => void;
  /**
   * A large load into a new or offline database: its own transaction, with the tables' indexes
   * and foreign keys built afterwards (withIndexesSetAside). Otherwise the rows join the caller's
   * transaction and every index is kept as they arrive.
   */
  bulk?: boolean;
  /** What a bulk load is doing after the rows are written (building an index, checking a key). */
  onStep?: (step: string) => void;
};

export type TrackingGeneratorResult = {
  files: number;
  documents: number;
  deliveries: number;
  events: number;
};

const MINUTE = 60_000;
/** The tables the generator writes. */
export const GENERATED_TABLES = [
  'tracking_files',
  'tracking_file_events',
  'tracking_documents',
  'tracking_document_keys',
  'delivery_documents',
] as const;
const FILES_PER_BATCH = 2000;

const DIGITAL_CHANNELS: Record<Market, readonly (readonly [DeliveryChannel, number])[]> = {
  SE: [
    ['email', 5],
    ['sms', 2],
    ['kivra', 4],
    ['minaMeddelanden', 2],
    ['internetBankEInvoice', 3],
    ['b2bInvoiceNetwork', 2],
    ['eArchive', 1],
    ['custom', 0.3],
  ],
  NO: [
    ['email', 5],
    ['sms', 2],
    ['digipost', 4],
    ['vipps', 2],
    ['internetBankEInvoice', 3],
    ['b2bInvoiceNetwork', 2],
    ['eArchive', 1],
    ['custom', 0.3],
  ],
  DK: [
    ['email', 5],
    ['sms', 2],
    ['eBoks', 5],
    ['b2bInvoiceNetwork', 2],
    ['eArchive', 1],
    ['custom', 0.3],
  ],
  FI: [
    ['email', 5],
    ['sms', 2],
    ['internetBankEInvoice', 4],
    ['b2bInvoiceNetwork', 3],
    ['eArchive', 1],
    ['custom', 0.3],
  ],
};

const REJECTION_REASONS: Record<DeliveryChannel, string> = {
  email: 'Mailbox unavailable (550)',
  sms: 'Invalid mobile number',
  print: 'Address incomplete – returned to sender',
  eBoks: 'Recipient is not registered in e-Boks',
  digipost: 'Recipient has no Digipost mailbox',
  kivra: 'Recipient is not registered in Kivra',
  minaMeddelanden: 'Recipient has no digital mailbox',
  vipps: 'Recipient has not accepted Vipps eFaktura',
  internetBankEInvoice: 'Unknown e-invoice address',
  b2bInvoiceNetwork: 'Receiver not found in the invoice network',
  eArchive: 'Archive rejected the document format',
  custom: 'Rejected by the receiving system',
};

const DOCUMENT_TYPES = [
  ['INVOICE', 'Invoice', 'invoices', 6],
  ['REMINDER', 'Reminder', 'reminders', 2],
  ['STATEMENT', 'Account statement', 'statements', 1.5],
  ['LETTER', 'Letter', 'letters', 1.5],
  ['CONTRACT', 'Contract', 'contracts', 0.5],
] as const;

type Scenario = 'ok' | 'someRejected' | 'partial' | 'allRejected' | 'failed' | 'test';
type FileKind = 'print' | 'digital' | 'mixed';

type Batch = {
  files: CopyValue[][];
  events: CopyValue[][];
  documents: CopyValue[][];
  documentKeys: CopyValue[][];
  deliveries: CopyValue[][];
};

/**
 * Generates outgoing files with their documents, channel deliveries and status logs, and writes
 * them with COPY in batches. Status logs follow the processing steps in order; statuses are
 * derived from the deliveries, so every file tells a consistent story. Used by the demo seed
 * (tens of thousands of documents) and by `npm run seed -- --documents N` (millions).
 */
export async function generateTracking(options: TrackingGeneratorOptions): Promise<TrackingGeneratorResult> {
  const { client, now } = options;
  const days = options.days ?? 90;
  // The months the rows land in get their own partitions (else they would fill DEFAULT).
  await createTrackingPartitions(client, new Date(now.getTime() - days * 24 * 60 * MINUTE), now);
  // Every copied row's foreign key is checked by a query on a partitioned table. By default
  // PostgreSQL plans that query anew for each row, pruning partitions as it plans (measured:
  // 1 100 documents/s); one generic plan that prunes as it runs is six times faster.
  // A session setting, reset below: callers pass a direct connection (server.ts and seed-cli.ts
  // seed through DATABASE_LISTEN_URL, never through a transaction-mode pooler).
  await client.query('SET plan_cache_mode = force_generic_plan');
  try {
    const result = options.bulk
      ? await withIndexesSetAside(client, GENERATED_TABLES, () => generate(options, days), options.onStep)
      : await generate(options, days);
    // The overview reads one row per hour and kind, not one per generated batch.
    options.onStep?.('overview counts');
    await compactTrackingCounts(client);
    return result;
  } finally {
    await client.query('RESET plan_cache_mode');
  }
}

async function generate(options: TrackingGeneratorOptions, days: number): Promise<TrackingGeneratorResult> {
  const { client, customers, random, now } = options;
  const ids = await nextIds(client);
  const totals: TrackingGeneratorResult = { files: 0, documents: 0, deliveries: 0, events: 0 };
  const customerChoices = customers.map((c) => [c, c.weight] as const);
  let batch = emptyBatch();
  let batchFiles = 0;

  const flush = async () => {
    await copyRows(client, 'tracking_files', FILE_COLUMNS, batch.files);
    await copyRows(
      client,
      'tracking_file_events',
      ['id', 'file_id', 'file_arrived_at', 'step', 'occurred_at', 'detail'],
      batch.events,
    );
    await copyRows(client, 'tracking_documents', DOCUMENT_COLUMNS, batch.documents);
    await copyRows(
      client,
      'tracking_document_keys',
      ['customer_id', 'external_document_id', 'document_id', 'document_created_at'],
      batch.documentKeys,
    );
    await copyRows(client, 'delivery_documents', DELIVERY_COLUMNS, batch.deliveries);
    batch = emptyBatch();
    batchFiles = 0;
    options.onProgress?.(totals.documents);
  };

  while (totals.documents < options.documents) {
    const customer = random.weighted(customerChoices);
    const remaining = options.documents - totals.documents;
    const fileId = ids.file++;
    // Most files arrived over the period; a few are today's production, still in progress.
    const ageMinutes = random.chance(0.03) ? random.next() * 8 * 60 : random.next() * days * 24 * 60;
    const arrivedAt = new Date(now.getTime() - ageMinutes * MINUTE);
    const scenario = random.weighted<Scenario>([
      ['ok', 78],
      ['someRejected', 10],
      ['partial', 4],
      ['allRejected', 3],
      ['failed', 4],
      ['test', 1],
    ]);
    const wanted =
      scenario === 'failed' && random.chance(0.3)
        ? 0
        : random.chance(0.9)
          ? random.int(1, 12)
          : random.int(13, 40);
    const documentCount = Math.min(wanted, remaining);
    const kind = random.weighted<FileKind>([
      ['print', 35],
      ['digital', 40],
      ['mixed', 25],
    ]);
    const primary: DeliveryChannel =
      kind === 'print' ? 'print' : random.weighted(DIGITAL_CHANNELS[customer.market]);
    const [messageType, application, fileWord] = random.weighted(
      DOCUMENT_TYPES.map((t) => [t, t[3]] as const),
    );
    const names = NORDIC_NAMES[customer.market];

    // Timeline: steps a few minutes apart; what lies in the future has not happened yet.
    const { steps, notes } = stepsFor(kind, scenario, documentCount, random);
    const events: { step: ProcessingStep; at: Date }[] = [];
    let clock = arrivedAt.getTime();
    for (const step of steps) {
      if (clock > now.getTime()) break;
      events.push({ step, at: new Date(clock) });
      clock += random.int(1, 25) * MINUTE + random.int(0, 59) * 1000;
    }
    const finished = events.length === steps.length;
    const digitalFinished = events.some((e) => e.step === 'finished');
    const deliveredAt = new Date(Math.min(clock, now.getTime()));
    const outcome = (): DeliveryStatus => {
      switch (scenario) {
        case 'failed':
        case 'test':
          return 'notDelivered';
        case 'allRejected':
          return 'rejected';
        case 'someRejected':
          return random.chance(0.3) ? 'rejected' : 'delivered';
        case 'partial':
          return random.weighted<DeliveryStatus>([
            ['delivered', 55],
            ['notDelivered', 30],
            ['rejected', 15],
          ]);
        default:
          return 'delivered';
      }
    };

    const deliveryStatuses: DeliveryStatus[] = [];
    const fileChannels = new Set<DeliveryChannel>();
    let envelopes = 0;
    let sheets = 0;
    for (let d = 0; d < documentCount; d++) {
      const documentId = ids.document++;
      const recipient = `${random.pick(names.firstNames)} ${random.pick(names.lastNames)}`;
      const documentDeliveries: DeliveryStatus[] = [];
      const documentChannels = new Set<DeliveryChannel>();
      const pages = random.weighted([
        [1, 5],
        [2, 4],
        [3, 2],
        [4, 1],
        [6, 0.5],
      ] as const);
      const addDelivery = (channel: DeliveryChannel, status: DeliveryStatus) => {
        const reason = status === 'rejected' ? REJECTION_REASONS[channel] : null;
        batch.deliveries.push([
          ids.delivery,
          documentId,
          arrivedAt,
          `DD${ids.delivery}`,
          channel,
          pages,
          status,
          deliveredAt,
          reason,
        ]);
        ids.delivery++;
        totals.deliveries++;
        documentDeliveries.push(status);
        documentChannels.add(channel);
        fileChannels.add(channel);
        if (channel === 'print' && status !== 'rejected') {
          envelopes++;
          sheets += Math.ceil(pages / 2);
        }
      };
      // In a mixed file some recipients have no digital mailbox and get paper straight away.
      const channel: DeliveryChannel = kind === 'mixed' && random.chance(0.3) ? 'print' : primary;
      const reached = scenario === 'failed' || (channel === 'print' ? finished : digitalFinished);
      const status = reached ? outcome() : 'pending';
      addDelivery(channel, status);
      if (kind === 'mixed' && channel !== 'print' && status === 'rejected' && scenario !== 'allRejected') {
        addDelivery('print', finished ? 'delivered' : 'pending');
      }
      // Some customers keep an archive copy of every document.
      if (channel !== 'eArchive' && random.chance(0.12))
        addDelivery('eArchive', reached ? outcome() : 'pending');
      deliveryStatuses.push(...documentDeliveries);
      const externalDocumentId = `${customer.customerNumber}-${messageType.slice(0, 3)}-${documentId}`;
      batch.documentKeys.push([customer.id, externalDocumentId, documentId, arrivedAt]);
      batch.documents.push([
        documentId,
        fileId,
        arrivedAt,
        customer.id,
        externalDocumentId,
        messageType === 'INVOICE' || messageType === 'REMINDER' ? String(4_000_000 + documentId) : null,
        `MSG${documentId}`,
        messageType,
        eAddressFor(primary, recipient, names.emailDomain, names.phonePrefix, random),
        recipient,
        deriveTrackingStatus(documentDeliveries),
        [...documentChannels],
        arrivedAt,
      ]);
    }

    const status = deriveTrackingStatus(deliveryStatuses);
    const finalStep = finished ? FINAL_STEP[status] : undefined;
    if (finalStep && scenario !== 'failed' && scenario !== 'test') {
      events.push({ step: finalStep, at: deliveredAt });
      let at = deliveredAt.getTime();
      for (const step of [...afterDelivery(primary, random), ...notes]) {
        at += random.int(10, 24 * 60) * MINUTE;
        if (at < now.getTime()) events.push({ step, at: new Date(at) });
      }
    }
    for (const event of events) {
      batch.events.push([ids.event++, fileId, arrivedAt, event.step, event.at, null]);
      totals.events++;
    }

    const [postalCode, postOffice] = random.pick(names.places);
    const stamp = arrivedAt.toISOString().slice(0, 16).replace(/[-:T]/g, '');
    const isPrint = kind !== 'digital';
    batch.files.push([
      fileId,
      customer.id,
      `${customer.customerNumber}_${fileWord}_${stamp}_${fileId}.${random.pick(['xml', 'pdf', 'csv', 'txt'])}`,
      isPrint && envelopes > 0 ? [`PF${fileId}-1`] : [],
      random.chance(0.3) ? `SUB${random.digits(4)}` : null,
      `AGR-${customer.customerNumber}-${random.int(1, 3)}`,
      application,
      messageType,
      `${messageType.slice(0, 3)}${random.int(1, 9)}`,
      customer.market,
      'OUTBOUND',
      status,
      [...fileChannels],
      events.at(-1)?.step ?? null,
      events.at(-1)?.at ?? null,
      arrivedAt,
      documentCount,
      envelopes,
      sheets,
      isPrint ? random.int(0, 2) * envelopes : 0,
      isPrint ? random.pick(['A-priority', 'B-economy', 'Economy bulk']) : 'Digital',
      documentCount,
      `IR${fileId}`,
      customer.name,
      `${random.pick(names.streets)} ${random.int(1, 120)}`,
      postalCode,
      postOffice,
      customer.market,
      'Service Hub Production Centre',
      `${random.pick(names.streets)} ${random.int(1, 40)}`,
      postalCode,
      postOffice,
      customer.market,
      json(
        isPrint && envelopes > 0
          ? [
              { code: 'ENV-C5W', name: 'C5 window envelope', quantity: envelopes },
              { code: 'PAP-A4-80', name: 'A4 paper 80 g', quantity: sheets },
            ]
          : [],
      ),
    ]);
    totals.files++;
    totals.documents += documentCount;
    if (++batchFiles >= FILES_PER_BATCH) await flush();
  }
  if (batchFiles > 0) await flush();
  await syncIdentitySequences(
    client,
    GENERATED_TABLES.filter((t) => t !== 'tracking_document_keys'),
  );
  return totals;
}

/**
 * The processing steps a file passes, in the order of spec section 4, so that every status log is
 * ordered both in time and in that list. Notes raised on the way (material deviations, unassigned
 * documents) stand last in the list and are logged once the file is done.
 */
function stepsFor(
  kind: FileKind,
  scenario: Scenario,
  documents: number,
  random: Random,
): { steps: ProcessingStep[]; notes: ProcessingStep[] } {
  const steps: ProcessingStep[] = ['registered', 'registeredInFile', 'received'];
  const notes: ProcessingStep[] = [];
  if (scenario === 'failed') {
    steps.push(
      documents === 0
        ? 'fileEmpty'
        : random.pick(['canceled', 'deleted', 'error', 'validationFailed'] as const),
    );
    return { steps, notes };
  }
  steps.push('processing', 'started', 'working');
  if (random.chance(0.3)) steps.push('waiting');
  steps.push('finished');
  if (scenario === 'test') return { steps: [...steps, 'test'], notes };
  if (kind === 'digital') {
    steps.push('productionFileCreated');
  } else {
    steps.push('printFileCreated', 'printingStarted', 'printing');
    if (random.chance(0.05)) steps.push('printingPaused');
    const printingDeviation = random.chance(0.03);
    if (printingDeviation) steps.push('printingMaterialDeviation');
    steps.push('printingFinished', 'envelopingStarted', 'enveloping');
    if (random.chance(0.05)) steps.push('envelopingPaused');
    const envelopingDeviation = random.chance(0.03);
    if (envelopingDeviation) steps.push('envelopingMaterialDeviation');
    steps.push('envelopingFinished', 'postProcessingStarted', 'postProcessingFinished');
    if (random.chance(0.05)) steps.push('reprints', 'reprintsFinished');
    if (printingDeviation || envelopingDeviation) notes.push('deviations');
  }
  if (random.chance(0.02)) notes.push('unassignedDocuments');
  return { steps, notes };
}

/** What a delivered document's channel reports afterwards: opened, paid, archived. */
function afterDelivery(channel: DeliveryChannel, random: Random): ProcessingStep[] {
  if (channel === 'eArchive') return ['verified', 'verifiedDelivered'];
  if (channel === 'internetBankEInvoice' || channel === 'vipps') {
    return random.chance(0.7) ? ['opened', 'paymentOpened', 'approvedForPayment', 'paid'] : ['opened'];
  }
  if (['email', 'eBoks', 'kivra', 'digipost', 'minaMeddelanden'].includes(channel) && random.chance(0.6))
    return ['opened'];
  return [];
}

function eAddressFor(
  channel: DeliveryChannel,
  recipient: string,
  domain: string,
  phonePrefix: string,
  random: Random,
): string | null {
  const local = recipient
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z]+/g, '.');
  switch (channel) {
    case 'email':
      return `${local}@example.${domain}`;
    case 'sms':
    case 'vipps':
      return `${phonePrefix}${random.digits(8)}`;
    case 'internetBankEInvoice':
    case 'b2bInvoiceNetwork':
      return `FI${random.digits(16)}`;
    case 'print':
      return null;
    default:
      return random.digits(10);
  }
}

const FILE_COLUMNS = [
  'id',
  'customer_id',
  'filename',
  'delivery_file_ids',
  'sub_customer_id',
  'customer_agreement',
  'application',
  'category',
  'code',
  'country_code',
  'direction',
  'status',
  'channels',
  'last_step',
  'last_step_at',
  'arrived_at',
  'document_count',
  'envelopes',
  'sheets',
  'inserts',
  'delivery_mode',
  'quantity',
  'item_reference',
  'sender_name',
  'sender_street_address',
  'sender_postal_code',
  'sender_post_office',
  'sender_country_code',
  'receiver_name',
  'receiver_street_address',
  'receiver_postal_code',
  'receiver_post_office',
  'receiver_country_code',
  'materials',
];
const DOCUMENT_COLUMNS = [
  'id',
  'file_id',
  'file_arrived_at',
  'customer_id',
  'external_document_id',
  'invoice_number',
  'message_id',
  'message_type',
  'e_address',
  'recipient_name',
  'status',
  'channels',
  'created_at',
];
const DELIVERY_COLUMNS = [
  'id',
  'document_id',
  'document_created_at',
  'delivery_document_id',
  'channel',
  'pages',
  'status',
  'status_at',
  'rejection_reason',
];

function emptyBatch(): Batch {
  return { files: [], events: [], documents: [], documentKeys: [], deliveries: [] };
}

async function nextIds(client: PoolClient) {
  const { rows } = await client.query<{ file: number; event: number; document: number; delivery: number }>(
    `SELECT (SELECT coalesce(max(id), 0) + 1 FROM tracking_files)::int8 AS file,
            (SELECT coalesce(max(id), 0) + 1 FROM tracking_file_events)::int8 AS event,
            (SELECT coalesce(max(id), 0) + 1 FROM tracking_documents)::int8 AS document,
            (SELECT coalesce(max(id), 0) + 1 FROM delivery_documents)::int8 AS delivery`,
  );
  const row = rows[0];
  if (!row) throw new Error('could not read the next ids');
  return { ...row };
}
