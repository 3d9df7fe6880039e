import type { PoolClient } from 'pg';
import {
  DEPLOYMENT_REQUEST_STATUSES,
  EDI_STATUSES,
  MESSAGE_CATEGORIES,
  SUPPORT_CASE_STATUSES,
  type EdiDirection,
  type EdiStatus,
  type Market,
  type MessageCategory,
} from '@service-hub/contracts';
import { copyRows, syncIdentitySequences, type CopyValue } from './copy.ts';
import type { SeededCustomer, SeededUser } from './demo-accounts.ts';
import { NORDIC_NAMES } from './nordic-names.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;

const MESSAGE_TYPES: Record<MessageCategory, string> = {
  customs: 'CUSDEC',
  dispatchAdvice: 'DESADV',
  invoice: 'INVOIC',
  logistics: 'IFTMIN',
  order: 'ORDERS',
  orderResponse: 'ORDRSP',
  other: 'APERAK',
  priceCatalogue: 'PRICAT',
};

const EXTERNAL_PARTNERS = [
  ['Nordic Grocery Wholesale AB', 'Lagervägen 12, 151 36 Södertälje, SE'],
  ['Baltic Freight Partners OÜ', 'Sadama 5, 10111 Tallinn, EE'],
  ['Hanseatic Parts GmbH', 'Speicherstadt 8, 20457 Hamburg, DE'],
  ['Scandi Pharma Distribution A/S', 'Industrivej 44, 2605 Brøndby, DK'],
  ['Polar Retail Oy', 'Teollisuustie 3, 90460 Oulunsalo, FI'],
  ['Vestfold Byggevare AS', 'Kanalveien 70, 3125 Tønsberg, NO'],
] as const;

/**
 * EDI consignments with their documents and messages: every status, direction and category.
 * One side is the customer; the other a trading partner, sometimes another customer of ours.
 */
export async function seedEdi(
  client: PoolClient,
  random: Random,
  customers: readonly SeededCustomer[],
  now: Date,
  count: number,
  options: {
    /** Exactly this many messages, spread evenly (benchmark volumes); default 1–3 per consignment. */
    messages?: number;
    /** Ids start after these (a benchmark fills up in several runs). */
    firstId?: { consignment: number; document: number; message: number };
    onProgress?: (consignments: number) => void;
  } = {},
): Promise<{ consignments: number; documents: number; messages: number }> {
  const ediCustomers = customers.filter((c) => c.services.includes('ETS'));
  const first = options.firstId ?? { consignment: 1, document: 1, message: 1 };
  let consignments: CopyValue[][] = [];
  let documents: CopyValue[][] = [];
  let messages: CopyValue[][] = [];
  let documentId = first.document;
  let messageId = first.message;
  // Large volumes go to PostgreSQL in slices, so memory stays flat.
  const flush = async () => {
    await copyEdi(client, consignments, documents, messages);
    consignments = [];
    documents = [];
    messages = [];
  };
  const messagesOf = (n: number) =>
    options.messages === undefined
      ? random.int(1, 3)
      : Math.floor((n * options.messages) / count) - Math.floor(((n - 1) * options.messages) / count);
  for (let n = 1; n <= count; n++) {
    const id = first.consignment + n - 1;
    const owner = ediCustomers[(id - 1) % ediCustomers.length]!;
    const direction: EdiDirection = random.chance(0.5) ? 'INBOUND' : 'OUTBOUND';
    // Statuses cycle first so that every one appears, then follow a realistic mix.
    const status: EdiStatus =
      id <= EDI_STATUSES.length
        ? EDI_STATUSES[id - 1]!
        : random.weighted([
            ['DELIVERED', 75],
            ['RECEIVED', 10],
            ['ERROR', 8],
            ['NOT_EXISTS', 7],
          ]);
    const ownerParty = {
      number: owner.customerNumber,
      name: owner.name,
      address: partyAddress(owner.market, random),
    };
    const partnerCustomer = random.chance(0.3)
      ? random.pick(customers.filter((c) => c.id !== owner.id))
      : undefined;
    const external = random.pick(EXTERNAL_PARTNERS);
    const partner = partnerCustomer
      ? {
          number: partnerCustomer.customerNumber,
          name: partnerCustomer.name,
          address: partyAddress(partnerCustomer.market, random),
        }
      : { number: null, name: external[0], address: external[1] };
    const [sender, receiver] = direction === 'OUTBOUND' ? [ownerParty, partner] : [partner, ownerParty];
    const receivedAt = new Date(now.getTime() - random.next() * 90 * DAY);
    const category: MessageCategory =
      id <= MESSAGE_CATEGORIES.length
        ? MESSAGE_CATEGORIES[id - 1]!
        : random.weighted([
            ['order', 25],
            ['orderResponse', 12],
            ['dispatchAdvice', 15],
            ['invoice', 25],
            ['priceCatalogue', 5],
            ['logistics', 8],
            ['customs', 5],
            ['other', 5],
          ]);
    const consignmentId = `C${receivedAt.getUTCFullYear()}${String(id).padStart(8, '0')}`;
    const errorMessage =
      status === 'ERROR'
        ? random.pick([
            'Syntax error in segment UNH',
            'Unknown receiver identifier',
            'Mandatory segment BGM missing',
          ])
        : status === 'NOT_EXISTS'
          ? random.pick(['Missing party information for receiver', 'No trading-partner agreement found'])
          : null;
    consignments.push([
      id,
      consignmentId,
      owner.id,
      direction,
      status,
      `${MESSAGE_TYPES[category]}_${sender.number ?? 'EXT'}_${consignmentId}.edi`,
      sender.number,
      sender.name,
      sender.address,
      receiver.number,
      receiver.name,
      receiver.address,
      receivedAt,
      status === 'DELIVERED' ? new Date(receivedAt.getTime() + random.int(1, 90) * 60_000) : null,
      errorMessage,
    ]);
    for (let d = 0, total = random.int(1, 4); d < total; d++) {
      // Now and then one document of a delivered consignment fails on its own.
      const ownError = status === 'DELIVERED' && random.chance(0.05);
      documents.push([
        documentId,
        `D${String(documentId).padStart(9, '0')}`,
        id,
        owner.id,
        direction,
        category,
        ownError ? 'ERROR' : status,
        `${random.int(100000, 999999)}`,
        receivedAt,
        ownError ? 'Document number already used by the sender' : errorMessage,
      ]);
      documentId++;
    }
    for (let m = 0, total = messagesOf(n); m < total; m++) {
      messages.push([
        messageId,
        `M${String(messageId).padStart(9, '0')}`,
        id,
        owner.id,
        m === 0 ? category : random.pick(MESSAGE_CATEGORIES),
        m === 0 ? MESSAGE_TYPES[category] : 'CONTRL',
        m === 0 ? direction : direction === 'INBOUND' ? 'OUTBOUND' : 'INBOUND',
        status,
        random.int(800, 120_000),
        new Date(receivedAt.getTime() + m * 60_000),
        m === 0 ? errorMessage : null,
      ]);
      messageId++;
    }
    if (consignments.length >= 20_000) {
      await flush();
      options.onProgress?.(n);
    }
  }
  await flush();
  await syncIdentitySequences(client, ['edi_consignments', 'edi_documents', 'edi_messages']);
  return {
    consignments: count,
    documents: documentId - first.document,
    messages: messageId - first.message,
  };
}

async function copyEdi(
  client: PoolClient,
  consignments: CopyValue[][],
  documents: CopyValue[][],
  messages: CopyValue[][],
): Promise<void> {
  await copyRows(
    client,
    'edi_consignments',
    [
      'id',
      'consignment_id',
      'customer_id',
      'direction',
      'status',
      'filename',
      'sender_customer_number',
      'sender_name',
      'sender_address',
      'receiver_customer_number',
      'receiver_name',
      'receiver_address',
      'received_at',
      'delivered_at',
      'error_message',
    ],
    consignments,
  );
  await copyRows(
    client,
    'edi_documents',
    [
      'id',
      'document_id',
      'consignment_ref',
      'customer_id',
      'direction',
      'category',
      'status',
      'document_number',
      'created_at',
      'error_message',
    ],
    documents,
  );
  await copyRows(
    client,
    'edi_messages',
    [
      'id',
      'message_id',
      'consignment_ref',
      'customer_id',
      'category',
      'message_type',
      'direction',
      'status',
      'size_bytes',
      'created_at',
      'error_message',
    ],
    messages,
  );
}

const CASE_TOPICS = [
  [
    'Invoices not delivered to Kivra',
    'delivery',
    'digitalMailbox',
    'Several invoices from file {file} show as rejected in Kivra although the recipients say they are registered.',
  ],
  [
    'Wrong logo on printed letters',
    'print',
    'layout',
    'The letters printed yesterday use our old logo. Please check which template version production used.',
  ],
  [
    'Reminder run delayed',
    'production',
    'scheduling',
    'Our monthly reminder run has not reached status delivered. Can you tell us when it will be enveloped?',
  ],
  [
    'E-invoice address missing for customer',
    'eInvoice',
    'addressing',
    'One of our business customers cannot receive e-invoices; the network reports an unknown address.',
  ],
  [
    'Access for new colleague',
    'account',
    'users',
    'Please help us give our new controller access to track and trace.',
  ],
  [
    'EDI orders from partner rejected',
    'edi',
    'messages',
    'Orders from our wholesaler fail with syntax errors since Monday.',
  ],
  [
    'Request for return mail report',
    'print',
    'returns',
    'We would like a list of letters returned as undeliverable during last quarter.',
  ],
  [
    'Question about paper stock',
    'materials',
    'stock',
    'How many pre-printed invoice sheets do you hold for us, and when should we reorder?',
  ],
] as const;

/** Support cases in every status, with replies from both sides and a few attachments. */
export async function seedSupport(
  client: PoolClient,
  random: Random,
  customers: readonly SeededCustomer[],
  users: readonly SeededUser[],
  now: Date,
  count: number,
): Promise<void> {
  const supportCustomers = customers.filter((c) => c.services.includes('SUP'));
  const cases: CopyValue[][] = [];
  const replies: CopyValue[][] = [];
  const attachments: CopyValue[][] = [];
  let replyId = 1;
  for (let id = 1; id <= count; id++) {
    const customer = supportCustomers[(id - 1) % supportCustomers.length]!;
    const author = users.find((u) => u.customerIds.includes(customer.id));
    const [title, category, subCategory, description] = random.pick(CASE_TOPICS);
    const status =
      id <= SUPPORT_CASE_STATUSES.length
        ? SUPPORT_CASE_STATUSES[id - 1]!
        : random.pick(SUPPORT_CASE_STATUSES);
    const created = new Date(now.getTime() - random.next() * 90 * DAY);
    let updated = created;
    const replyCount = status === 'needsAttention' ? 0 : random.int(1, 5);
    for (let r = 0; r < replyCount; r++) {
      updated = new Date(Math.min(now.getTime(), updated.getTime() + random.int(30, 3 * 24 * 60) * 60_000));
      const fromProvider = r % 2 === 0;
      replies.push([
        replyId++,
        id,
        fromProvider ? null : (author?.id ?? null),
        fromProvider
          ? `${random.pick(['Emma', 'Jonas', 'Heidi', 'Kasper'])} (Service Hub support)`
          : (author?.displayName ?? 'Customer'),
        fromProvider,
        fromProvider
          ? random.pick([
              'Thank you for your message. We are looking into this and will get back to you today.',
              'We have corrected the template and reprinted the affected letters.',
              'Could you send us the file name and an example document id?',
            ])
          : random.pick([
              'Here is the file name you asked for.',
              'Thanks, that solved it.',
              'Any news on this?',
            ]),
        updated,
      ]);
    }
    const caseNumber = `CS-${created.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
    cases.push([
      id,
      caseNumber,
      customer.id,
      author?.id ?? null,
      title,
      description.replace('{file}', `${customer.customerNumber}_invoices_${id}.xml`),
      category,
      subCategory,
      random.pick(['Incident', 'Service request', 'Question']),
      status === 'needsAttention'
        ? null
        : random.pick(['Emma Berg', 'Jonas Lund', 'Heidi Koski', 'Kasper Holm']),
      status,
      author?.email ?? 'customer@example.com',
      `support.${customer.market.toLowerCase()}@servicehub.example`,
      created,
      updated,
    ]);
    if (random.chance(0.25)) {
      const content = Buffer.from(
        `Document id;Status\n${random.digits(7)};Rejected\n${random.digits(7)};Rejected\n`,
      );
      attachments.push([
        `examples-${id}.csv`,
        id,
        'text/csv',
        content.length,
        `\\x${content.toString('hex')}`,
        created,
      ]);
    }
  }
  await copyRows(
    client,
    'support_cases',
    [
      'id',
      'case_number',
      'customer_id',
      'created_by_user_id',
      'title',
      'description',
      'category',
      'sub_category',
      'type',
      'owner',
      'status',
      'from_email',
      'to_email',
      'created',
      'updated',
    ],
    cases,
  );
  await copyRows(
    client,
    'support_case_replies',
    ['id', 'case_id', 'author_user_id', 'author_name', 'from_provider', 'message', 'created'],
    replies,
  );
  await copyRows(
    client,
    'support_attachments',
    ['filename', 'case_id', 'content_type', 'size_bytes', 'content', 'created'],
    attachments,
  );
  await syncIdentitySequences(client, ['support_cases', 'support_case_replies']);
}

/**
 * Report history per account of the demo users: reports whose 90 days are over (their files are
 * gone) and a failed one. Ready reports need their file in the report storage, which the seed does
 * not reach: the demo users order those themselves, and they are ready within seconds.
 */
export async function seedReports(
  client: PoolClient,
  users: readonly SeededUser[],
  now: Date,
): Promise<void> {
  for (const user of users.slice(0, 3)) {
    for (const customerId of user.customerIds) {
      for (const [level, daysAgo, days, status] of [
        ['document', 120, 30, 'expired'],
        ['file', 100, 7, 'expired'],
        ['document', 3, 30, 'failed'],
      ] as const) {
        const created = new Date(now.getTime() - daysAgo * DAY);
        const to = new Date(created.getTime() - DAY).toISOString().slice(0, 10);
        const from = new Date(created.getTime() - days * DAY).toISOString().slice(0, 10);
        await client.query(
          `INSERT INTO reports (customer_id, requested_by_user_id, level, from_date, to_date, status, row_count, rows_written,
             size_bytes, error, completed_at, expires_at, created)
           VALUES ($1, $2, $3, $4, $5, $6, $7::int, coalesce($7::int, 0), $8, $9, $10, $10::timestamptz + interval '90 days', $10)`,
          [
            customerId,
            user.id,
            level,
            from,
            to,
            status,
            status === 'expired' ? 1200 + daysAgo * 7 : null,
            status === 'expired' ? (1200 + daysAgo * 7) * 140 : null,
            status === 'failed' ? 'generationFailed' : null,
            new Date(created.getTime() + 60_000),
          ],
        );
      }
    }
  }
}

/** EDI connect communication orders in every status, over every protocol and standard. */
export async function seedDeploymentRequests(
  client: PoolClient,
  rng: Random,
  customers: readonly SeededCustomer[],
  users: readonly SeededUser[],
  now: Date,
): Promise<void> {
  const ordering = customers.filter((c) => c.services.includes('EC'));
  const connections = [
    { protocol: 'AS2', as2Id: 'PARTNER-AS2', url: 'https://as2.partner.example/receive' },
    { protocol: 'SFTP', host: 'sftp.partner.example', port: 22, username: 'servicehub' },
    { protocol: 'OFTP2', odetteId: 'O0013000000PARTNER', host: 'oftp.partner.example', port: 3305 },
  ] as const;
  const standards = [
    ['EDIFACT', ['ORDERS', 'ORDRSP']],
    ['EDIFACT', ['INVOIC']],
    ['EDIFACT', ['DESADV', 'INVOIC']],
    ['PEPPOL_BIS', ['INVOICE', 'CREDIT_NOTE']],
    ['X12', ['850', '856']],
  ] as const;
  let i = 0;
  for (const customer of ordering) {
    for (let n = 0, count = rng.int(1, 3); n < count; n++, i++) {
      const requester = users.find((u) => u.customerIds.includes(customer.id));
      const partner = rng.pick(EXTERNAL_PARTNERS);
      const created = new Date(now.getTime() - rng.next() * 60 * DAY);
      const status = DEPLOYMENT_REQUEST_STATUSES[i % DEPLOYMENT_REQUEST_STATUSES.length]!;
      const connection = connections[i % connections.length]!;
      const [standard, types] = rng.pick(standards);
      await client.query(
        `INSERT INTO deployment_requests (customer_id, requested_by_user_id, status, rejection_reason, status_changed,
           partner_name, partner_identifier_type, partner_identifier, protocol, connection, message_standard,
           direction, environment, message_types, contact_name, contact_email, contact_phone, requested_go_live,
           notes, created, modified)
         VALUES ($1, $2, $3, $4, $5, $6, 'GLN', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $5)`,
        [
          customer.id,
          requester?.id ?? null,
          status,
          status === 'rejected' ? 'The partner does not support the requested protocol.' : null,
          status === 'submitted' ? created : new Date(created.getTime() + rng.int(1, 10) * DAY),
          partner[0],
          gln(rng),
          connection.protocol,
          connection,
          standard,
          rng.pick(['INBOUND', 'OUTBOUND', 'BOTH']),
          rng.chance(0.3) ? 'TEST' : 'PRODUCTION',
          types,
          requester?.displayName ?? 'EDI contact',
          requester?.email ?? 'edi@example.com',
          null,
          new Date(created.getTime() + 30 * DAY).toISOString().slice(0, 10),
          n === 0 ? 'Test interchange first, then production.' : null,
          created,
        ],
      );
    }
  }
}

/** A GS1 location number with a valid check digit. */
function gln(rng: Random): string {
  const body = `735${rng.digits(9)}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function partyAddress(market: Market, random: Random): string {
  const names = NORDIC_NAMES[market];
  const [postalCode, postOffice] = random.pick(names.places);
  return `${random.pick(names.streets)} ${random.int(1, 90)}, ${postalCode} ${postOffice}, ${market}`;
}
