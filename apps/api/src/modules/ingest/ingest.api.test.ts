import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TGetEdiConsignmentResponse,
  TGetEdiMessageResponse,
  TIngestTrackingResponse,
  TTrackingDocument,
  TTrackingFile,
} from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[INGEST] API keys and the ingestion API', () => {
  let ctx: TestContext;
  let admin: string;
  let user: string;
  let malardalen: { id: number; number: string };
  let gota: { id: number; number: string };
  let key: string;
  let keyId: string;

  const customer = async (name: string) => {
    const id = await ctx.customerId(name);
    const { rows } = await ctx.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [id],
    );
    return { id, number: rows[0]!.customer_number };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.tokenFor('sfadmin@example.com');
    user = await ctx.tokenFor('user@example.com');
    malardalen = await customer('Mälardalens Vatten AB');
    gota = await customer('Göta Bostäder AB');
    const created = await createKey({ name: 'Print line 3', customerIds: [malardalen.id] });
    expect(created.statusCode).toBe(201);
    ({ key, id: keyId } = created.json());
  });
  afterAll(() => ctx.close());

  const createKey = (body: unknown, token = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
  const ingest = (records: unknown[], apiKey: string | null = key) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/tracking',
      headers: apiKey ? { 'x-api-key': apiKey } : {},
      payload: { records },
    });
  const ingestOk = async (records: unknown[]) => {
    const response = await ingest(records);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TIngestTrackingResponse>();
  };
  const fileIdOf = async (fileRef: string) =>
    (
      await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_files WHERE customer_id = $1 AND external_id = $2',
        [malardalen.id, fileRef],
      )
    ).rows[0]?.id;
  const documentIdOf = async (externalDocumentId: string) =>
    (
      await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_documents WHERE customer_id = $1 AND external_document_id = $2',
        [malardalen.id, externalDocumentId],
      )
    ).rows[0]?.id;
  const trackingFile = async (fileRef: string) => {
    const response = await ctx.app.inject({
      url: `/api/tracking/stt/files/${await fileIdOf(fileRef)}?activeAccountId=${malardalen.id}`,
      headers: { authorization: `Bearer ${user}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<TTrackingFile>();
  };

  const file = (fileRef: string, eventId = `${fileRef}-file`) => ({
    type: 'file',
    eventId,
    customerNumber: malardalen.number,
    fileRef,
    filename: `${fileRef}.xml`,
    arrivedAt: '2026-11-19T08:00:00Z',
    deliveryMode: 'B-economy',
    sender: {
      name: 'Mälardalens Vatten AB',
      postalCode: '721 30',
      postOffice: 'Västerås',
      countryCode: 'SE',
    },
  });
  const document = (fileRef: string, externalDocumentId: string) => ({
    type: 'document',
    eventId: `${externalDocumentId}-doc`,
    customerNumber: malardalen.number,
    fileRef,
    externalDocumentId,
    recipientName: 'Karin Ek',
  });
  const delivery = (
    externalDocumentId: string,
    status: string,
    occurredAt: string,
    extra: Record<string, unknown> = {},
  ) => ({
    type: 'delivery',
    eventId: `${externalDocumentId}-${status}-${occurredAt}`,
    customerNumber: malardalen.number,
    externalDocumentId,
    deliveryDocumentId: `${externalDocumentId}-email`,
    channel: 'email',
    status,
    occurredAt,
    ...extra,
  });
  const step = (fileRef: string, name: string, occurredAt: string) => ({
    type: 'statusEvent',
    eventId: `${fileRef}-${name}-${occurredAt}`,
    customerNumber: malardalen.number,
    fileRef,
    step: name,
    occurredAt,
  });

  describe('API keys', () => {
    it('shows the key once and keeps only its SHA-256', async () => {
      expect(key).toMatch(/^shk_[\w-]{43}$/);
      const { rows } = await ctx.db.$client.query<{ key_hash: string; key_prefix: string }>(
        'SELECT key_hash, key_prefix FROM api_keys WHERE id = $1',
        [keyId],
      );
      expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(key.startsWith(rows[0]!.key_prefix)).toBe(true);
      const list = await ctx.app.inject({
        url: '/api/ingest/api-keys',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(key);
      expect(list.json()).toContainEqual(
        expect.objectContaining({
          id: keyId,
          name: 'Print line 3',
          customers: [
            { id: malardalen.id, name: 'Mälardalens Vatten AB', customerNumber: malardalen.number },
          ],
          createdBy: 'sfadmin@example.com',
          revokedAt: null,
        }),
      );
    });

    it('is for provider administrators only, and checks its input', async () => {
      expect((await createKey({ name: 'x', customerIds: [malardalen.id] }, user)).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/ingest/api-keys' });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await createKey({ name: 'x', customerIds: [999_999] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([
        expect.objectContaining({ field: 'body.customerIds.0', code: 'invalidValue' }),
      ]);
      const empty = await createKey({ name: ' ', customerIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(
        empty
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['body.customerIds', 'body.name']);
    });
  });

  describe('authentication', () => {
    it('asks for a key, refuses unknown ones and user tokens', async () => {
      for (const [apiKey, detail] of [
        [null, 'Send an API key in x-api-key.'],
        ['shk_not-a-real-key', 'This API key is not valid.'],
        [user, 'This API key is not valid.'],
      ] as const) {
        const response = await ingest([file('AUTH-1')], apiKey);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED', detail });
      }
      expect(await fileIdOf('AUTH-1')).toBeUndefined();
    });

    it('records when a key was last used', async () => {
      await ingestOk([file('USE-1')]);
      const { rows } = await ctx.db.$client.query<{ last_used_at: Date | null }>(
        'SELECT last_used_at FROM api_keys WHERE id = $1',
        [keyId],
      );
      expect(rows[0]!.last_used_at).toBeInstanceOf(Date);
    });
  });

  describe('batches', () => {
    it('takes a file with its documents, deliveries and steps, and the lists and details show them', async () => {
      const result = await ingestOk([
        // Out of order on purpose: the batch is applied files first.
        delivery('BATCH-1-D1', 'delivered', '2026-11-19T09:30:00Z'),
        document('BATCH-1', 'BATCH-1-D1'),
        document('BATCH-1', 'BATCH-1-D2'),
        delivery('BATCH-1-D2', 'rejected', '2026-11-19T09:31:00Z', { rejectionReason: 'Mailbox full' }),
        step('BATCH-1', 'registered', '2026-11-19T08:00:00Z'),
        step('BATCH-1', 'finished', '2026-11-19T09:00:00Z'),
        file('BATCH-1'),
      ]);
      expect(result).toMatchObject({ accepted: 7, duplicates: 0, rejected: 0 });
      expect(result.results.map((r) => r.outcome)).toEqual(Array(7).fill('accepted'));
      const shown = await trackingFile('BATCH-1');
      expect(shown).toMatchObject({
        filename: 'BATCH-1.xml',
        status: 'DeliveredWithRejections',
        documentCount: 2,
        channels: ['email'],
        lastStep: 'finished',
        deliveryMode: 'B-economy',
        sender: { name: 'Mälardalens Vatten AB', postOffice: 'Västerås' },
      });
      expect(shown.deliveryChannels).toEqual([
        { channel: 'email', documents: 2, pages: 0, delivered: 1, rejected: 1, notDelivered: 0, pending: 0 },
      ]);
      const list = await ctx.app.inject({
        url: `/api/tracking/stt/documents?activeAccountId=${malardalen.id}&externalDocumentId=BATCH-1-&externalDocumentIdOperator=startsWith`,
        headers: { authorization: `Bearer ${user}` },
      });
      expect(
        list
          .json()
          .result.map((d: { externalDocumentId: string; status: string }) => d.status)
          .sort(),
      ).toEqual(['Delivered', 'Rejected']);
    });

    it('is idempotent by event id: a batch sent again changes nothing', async () => {
      const batch = [
        file('IDEM-1'),
        document('IDEM-1', 'IDEM-1-D1'),
        delivery('IDEM-1-D1', 'delivered', '2026-11-19T10:00:00Z'),
        step('IDEM-1', 'received', '2026-11-19T08:05:00Z'),
      ];
      expect(await ingestOk(batch)).toMatchObject({ accepted: 4, duplicates: 0 });
      const count = async () =>
        (
          await ctx.db.$client.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM tracking_file_events WHERE file_id = $1)
                  + (SELECT count(*) FROM delivery_document_events ev JOIN delivery_documents dd ON dd.id = ev.delivery_id
                       JOIN tracking_documents d ON d.id = dd.document_id WHERE d.file_id = $1) AS n`,
            [await fileIdOf('IDEM-1')],
          )
        ).rows[0]!.n;
      const before = await count();
      const again = await ingestOk(batch);
      expect(again).toMatchObject({ accepted: 0, duplicates: 4, rejected: 0 });
      expect(await count()).toBe(before);
      // The same event twice in one batch counts once.
      const twice = await ingestOk([
        step('IDEM-1', 'working', '2026-11-19T08:30:00Z'),
        step('IDEM-1', 'working', '2026-11-19T08:30:00Z'),
      ]);
      expect(twice.results.map((r) => r.outcome)).toEqual(['accepted', 'duplicate']);
    });

    it('tolerates events out of order: the latest time wins, the log keeps every event', async () => {
      await ingestOk([file('LATE-1'), document('LATE-1', 'LATE-1-D1')]);
      await ingestOk([
        delivery('LATE-1-D1', 'delivered', '2026-11-19T12:00:00Z'),
        step('LATE-1', 'delivered', '2026-11-19T12:00:00Z'),
      ]);
      // Older reports arrive afterwards.
      await ingestOk([
        delivery('LATE-1-D1', 'pending', '2026-11-19T09:00:00Z'),
        step('LATE-1', 'printing', '2026-11-19T09:00:00Z'),
      ]);
      const shown = await trackingFile('LATE-1');
      expect(shown).toMatchObject({ status: 'Delivered', lastStep: 'delivered' });
      expect(shown.statusLog.map((e) => e.step)).toEqual(['printing', 'delivered']);
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_documents WHERE customer_id = $1 AND external_document_id = $2',
        [malardalen.id, 'LATE-1-D1'],
      );
      const detail = await ctx.app.inject({
        url: `/api/tracking/stt/documents/${rows[0]!.id}?activeAccountId=${malardalen.id}`,
        headers: { authorization: `Bearer ${user}` },
      });
      const doc = detail.json<TTrackingDocument>();
      expect(doc.deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
      expect(doc.timeline.filter((e) => e.channel).map((e) => e.status)).toEqual(['pending', 'delivered']);
    });

    it('moves a file to its new month with its status log, and a document with its deliveries', async () => {
      await ingestOk([
        { ...file('MOVE-1'), arrivedAt: '2026-10-10T08:00:00Z' },
        { ...document('MOVE-1', 'MOVE-1-D1'), createdAt: '2026-10-10T08:00:00Z' },
        step('MOVE-1', 'received', '2026-10-10T08:05:00Z'),
        delivery('MOVE-1-D1', 'pending', '2026-10-10T09:00:00Z'),
        delivery('MOVE-1-D1', 'delivered', '2026-10-10T10:00:00Z'),
      ]);
      const fileId = await fileIdOf('MOVE-1');
      // The producer corrects both times: November, a month with its own partitions.
      expect(
        await ingestOk([
          { ...file('MOVE-1', 'MOVE-1-file-again'), arrivedAt: '2026-11-12T08:00:00Z' },
          {
            ...document('MOVE-1', 'MOVE-1-D1'),
            eventId: 'MOVE-1-D1-doc-again',
            createdAt: '2026-11-12T08:00:00Z',
          },
        ]),
      ).toMatchObject({ accepted: 2, rejected: 0 });
      expect(await fileIdOf('MOVE-1')).toBe(fileId);

      const shown = await trackingFile('MOVE-1');
      expect(shown).toMatchObject({ id: fileId, arrivedAt: '2026-11-12T08:00:00.000Z', documentCount: 1 });
      expect(shown.statusLog.map((e) => e.step)).toEqual(['received']);
      const partitions = await ctx.db.$client.query<{ t: string; n: number }>(
        `SELECT tableoid::regclass::text AS t, count(*)::int AS n FROM (
           SELECT tableoid FROM tracking_files WHERE id = $1
           UNION ALL SELECT tableoid FROM tracking_file_events WHERE file_id = $1
           UNION ALL SELECT d.tableoid FROM tracking_documents d WHERE d.file_id = $1
           UNION ALL SELECT dd.tableoid FROM delivery_documents dd JOIN tracking_documents d ON d.id = dd.document_id
                      WHERE d.file_id = $1
           UNION ALL SELECT ev.tableoid FROM delivery_document_events ev
                      JOIN delivery_documents dd ON dd.id = ev.delivery_id
                      JOIN tracking_documents d ON d.id = dd.document_id WHERE d.file_id = $1) rows
         GROUP BY 1 ORDER BY 1`,
        [fileId],
      );
      expect(partitions.rows).toEqual([
        { t: 'delivery_document_events_y2026m11', n: 2 },
        { t: 'delivery_documents_y2026m11', n: 1 },
        { t: 'tracking_documents_y2026m11', n: 1 },
        { t: 'tracking_file_events_y2026m11', n: 1 },
        { t: 'tracking_files_y2026m11', n: 1 },
      ]);
      // Later records still find both by their references.
      expect(
        await ingestOk([
          step('MOVE-1', 'printing', '2026-11-12T09:00:00Z'),
          delivery('MOVE-1-D1', 'rejected', '2026-11-12T11:00:00Z'),
        ]),
      ).toMatchObject({ accepted: 2, rejected: 0 });
      const detail = await ctx.app.inject({
        url: `/api/tracking/stt/documents/${await documentIdOf('MOVE-1-D1')}?activeAccountId=${malardalen.id}`,
        headers: { authorization: `Bearer ${user}` },
      });
      expect(detail.statusCode).toBe(200);
      const doc = detail.json<TTrackingDocument>();
      expect(doc).toMatchObject({ createdAt: '2026-11-12T08:00:00.000Z', status: 'Rejected' });
      expect(doc.timeline.filter((e) => e.channel).map((e) => e.status)).toEqual([
        'pending',
        'delivered',
        'rejected',
      ]);
    });

    it('rejects bad records with a reason each and keeps the good ones', async () => {
      const result = await ingestOk([
        file('PART-1'),
        { ...document('PART-1', 'PART-1-D1'), recipientName: 42 },
        { ...delivery('PART-1-D9', 'delivered', '2026-11-19T10:00:00Z'), channel: 'pigeon' },
        document('NO-SUCH-FILE', 'PART-1-D2'),
        { ...file('PART-2'), customerNumber: gota.number },
        { ...file('PART-3'), customerNumber: 'XX000000' },
        { ...file('PART-4'), receiverCustomerNumber: 'XX000000' },
        'not a record',
        document('PART-1', 'PART-1-D3'),
      ]);
      expect(result).toMatchObject({ accepted: 2, duplicates: 0, rejected: 7 });
      const byIndex = (i: number) => result.results[i]!;
      expect(byIndex(0).outcome).toBe('accepted');
      expect(byIndex(8).outcome).toBe('accepted');
      expect(byIndex(1).errors).toEqual([expect.objectContaining({ field: 'body.records.1.recipientName' })]);
      expect(byIndex(2).errors).toEqual([expect.objectContaining({ field: 'body.records.2.channel' })]);
      expect(byIndex(3).errors).toEqual([
        expect.objectContaining({ field: 'body.records.3.fileRef', code: 'invalidValue' }),
      ]);
      // A customer outside the key's scope and one that does not exist look the same.
      expect(byIndex(4).errors).toEqual(
        byIndex(5).errors?.map((e) => ({ ...e, field: 'body.records.4.customerNumber' })),
      );
      expect(byIndex(4).errors?.[0]?.message).toBe('This API key may not deliver data for this customer.');
      expect(byIndex(6).errors).toEqual([
        expect.objectContaining({ field: 'body.records.6.receiverCustomerNumber' }),
      ]);
      expect(byIndex(7)).toMatchObject({ eventId: null, outcome: 'rejected' });
      expect((await trackingFile('PART-1')).documentCount).toBe(1);
      const gotaFiles = await ctx.db.$client.query('SELECT 1 FROM tracking_files WHERE external_id = $1', [
        'PART-2',
      ]);
      expect(gotaFiles.rowCount).toBe(0);
      // A rejected record's event id stays free for the corrected record.
      const fixed = await ingestOk([{ ...document('PART-1', 'PART-1-D1') }]);
      expect(fixed.results[0]!.outcome).toBe('accepted');
    });

    it('refuses a malformed batch as a whole', async () => {
      for (const payload of [
        {},
        { records: [] },
        { records: Array(1001).fill(file('BIG')) },
        { records: [], extra: 1 },
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/ingest/tracking',
          headers: { 'x-api-key': key },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
      }
    });

    it('applies an event once when the same batch arrives twice at the same time', async () => {
      const batch = [
        file('RACE-1'),
        document('RACE-1', 'RACE-1-D1'),
        ...Array.from({ length: 20 }, (_, i) =>
          step('RACE-1', i % 2 ? 'working' : 'waiting', `2026-11-19T08:${String(i).padStart(2, '0')}:00Z`),
        ),
      ];
      const [a, b] = await Promise.all([ingestOk(batch), ingestOk(batch)]);
      expect(a.accepted + b.accepted).toBe(batch.length);
      expect(a.duplicates + b.duplicates).toBe(batch.length);
      const { rows } = await ctx.db.$client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM tracking_file_events WHERE file_id = $1',
        [await fileIdOf('RACE-1')],
      );
      expect(rows[0]!.n).toBe(20);
    });

    it('refuses a revoked key at once, and revokes only once', async () => {
      const second = (await createKey({ name: 'Old line', customerIds: [malardalen.id] })).json();
      expect((await ingest([file('REVOKED-0')], second.key)).statusCode).toBe(200);
      const revoke = () =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/ingest/api-keys/${second.id}`,
          headers: { authorization: `Bearer ${admin}` },
        });
      expect((await revoke()).statusCode).toBe(204);
      expect((await revoke()).statusCode).toBe(404);
      const refused = await ingest([file('REVOKED-1')], second.key);
      expect(refused.statusCode).toBe(401);
      expect(await fileIdOf('REVOKED-1')).toBeUndefined();
      const { rows } = await ctx.db.$client.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity_type = 'apiKey' AND entity_id = $1 ORDER BY id",
        [second.id],
      );
      expect(rows.map((r) => r.action)).toEqual(['apiKey.create', 'apiKey.revoke']);
    });
  });
  describe('EDI records', () => {
    let ediKey: string;
    const ediIngest = async (records: unknown[]) => {
      const response = await ingest(records, ediKey);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TIngestTrackingResponse>();
    };
    const consignment = (consignmentId: string, extra: Record<string, unknown> = {}) => ({
      type: 'ediConsignment',
      eventId: `${consignmentId}-c`,
      customerNumber: gota.number,
      consignmentId,
      direction: 'OUTBOUND',
      filename: `ORDERS_${consignmentId}.edi`,
      sender: { customerNumber: gota.number, name: 'Göta Bostäder AB', address: 'Kungsgatan 1, Göteborg' },
      receiver: { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, Hamburg' },
      receivedAt: '2026-11-19T08:00:00Z',
      ...extra,
    });
    const ediStatus = (
      consignmentId: string,
      status: string,
      occurredAt: string,
      extra: Record<string, unknown> = {},
    ) => ({
      type: 'ediStatusEvent',
      eventId: `${consignmentId}-${JSON.stringify(extra)}-${status}-${occurredAt}`,
      customerNumber: gota.number,
      consignmentId,
      status,
      occurredAt,
      ...extra,
    });
    const detail = async <T>(path: string) => {
      const response = await ctx.app.inject({
        url: `/api/tracking/ets/${path}?activeAccountId=${gota.id}`,
        headers: { authorization: `Bearer ${user}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };

    beforeAll(async () => {
      const created = await createKey({ name: 'EDI gateway', customerIds: [gota.id] });
      ediKey = created.json().key;
    });

    it('takes a consignment with documents, messages and status events, and the EDI pages show them', async () => {
      const result = await ediIngest([
        // Out of order on purpose: the batch applies consignments first.
        ediStatus('EDI-ING-1', 'ERROR', '2026-11-19T08:05:00Z', { reason: 'Unknown receiver identifier' }),
        {
          type: 'ediMessage',
          eventId: 'EDI-ING-1-m1',
          customerNumber: gota.number,
          consignmentId: 'EDI-ING-1',
          messageId: 'EDI-ING-1-M1',
          category: 'order',
          messageType: 'ORDERS',
          direction: 'OUTBOUND',
          sizeBytes: 2048,
        },
        {
          type: 'ediDocument',
          eventId: 'EDI-ING-1-d1',
          customerNumber: gota.number,
          consignmentId: 'EDI-ING-1',
          documentId: 'EDI-ING-1-D1',
          category: 'order',
          documentNumber: 'PO-77',
        },
        consignment('EDI-ING-1'),
        ediStatus('EDI-ING-1', 'DELIVERED', '2026-11-19T08:03:00Z', { messageId: 'EDI-ING-1-M1' }),
      ]);
      expect(result).toMatchObject({ accepted: 5, duplicates: 0, rejected: 0 });
      const body = await detail<TGetEdiConsignmentResponse>('consignments/EDI-ING-1');
      expect(body).toMatchObject({
        status: 'ERROR',
        errorMessage: 'Unknown receiver identifier',
        direction: 'OUTBOUND',
        statusHistory: [
          { status: 'RECEIVED', at: '2026-11-19T08:00:00.000Z', reason: null },
          { status: 'ERROR', at: '2026-11-19T08:05:00.000Z', reason: 'Unknown receiver identifier' },
        ],
        documents: [{ documentId: 'EDI-ING-1-D1', status: 'RECEIVED', documentNumber: 'PO-77' }],
        messages: [{ messageId: 'EDI-ING-1-M1', status: 'DELIVERED', sizeBytes: 2048 }],
      });
      const message = await detail<TGetEdiMessageResponse>('messages/EDI-ING-1-M1/EDI-ING-1');
      expect(message.statusHistory.map((e) => e.status)).toEqual(['RECEIVED', 'DELIVERED']);
    });

    it('is idempotent by event id and lets the latest time win when events arrive out of order', async () => {
      await ediIngest([consignment('EDI-ING-2')]);
      const late = ediStatus('EDI-ING-2', 'DELIVERED', '2026-11-19T09:00:00Z');
      const early = ediStatus('EDI-ING-2', 'ERROR', '2026-11-19T08:30:00Z', { reason: 'Late' });
      expect(await ediIngest([late])).toMatchObject({ accepted: 1 });
      expect(await ediIngest([early, late])).toMatchObject({ accepted: 1, duplicates: 1 });
      expect(await ediIngest([early, late, consignment('EDI-ING-2')])).toMatchObject({
        accepted: 0,
        duplicates: 3,
      });
      const body = await detail<TGetEdiConsignmentResponse>('consignments/EDI-ING-2');
      expect(body.status).toBe('DELIVERED');
      expect(body.deliveredAt).toBe('2026-11-19T09:00:00.000Z');
      expect(body.errorMessage).toBeNull();
      expect(body.statusHistory.map((e) => e.status)).toEqual(['RECEIVED', 'ERROR', 'DELIVERED']);
    });

    it('rejects bad EDI records with a reason each and keeps the good ones', async () => {
      const result = await ediIngest([
        consignment('EDI-ING-3'),
        // The sending customer is neither party.
        consignment('EDI-ING-4', {
          sender: { name: 'Someone', address: 'Somewhere' },
        }),
        // Another customer's consignment id.
        consignment('FX-NEVER', { consignmentId: 'C202600000001' }),
        ediStatus('EDI-ING-404', 'ERROR', '2026-11-19T08:00:00Z'),
        ediStatus('EDI-ING-3', 'ERROR', '2026-11-19T08:00:00Z', { documentId: 'NOPE' }),
        ediStatus('EDI-ING-3', 'LOST', '2026-11-19T08:00:00Z'),
        consignment('EDI-ING-5', {
          receiver: { customerNumber: 'XX000000', name: 'Nobody', address: 'Nowhere' },
        }),
      ]);
      expect(result.accepted).toBe(1);
      expect(result.rejected).toBe(6);
      expect(result.results.map((r) => [r.outcome, r.errors?.[0]?.field])).toEqual([
        ['accepted', undefined],
        ['rejected', 'body.records.1.sender.customerNumber'],
        ['rejected', 'body.records.2.consignmentId'],
        ['rejected', 'body.records.3.consignmentId'],
        ['rejected', 'body.records.4.documentId'],
        ['rejected', 'body.records.5.status'],
        ['rejected', 'body.records.6.receiver.customerNumber'],
      ]);
      expect((await detail<TGetEdiConsignmentResponse>('consignments/EDI-ING-3')).status).toBe('RECEIVED');
    });
  });
});
