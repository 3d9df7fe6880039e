import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TListTrackingDocumentsResponse,
  TListTrackingFilesResponse,
  TGetTrackingOverviewResponse,
} from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { insertTrackingFile } from '../../../test/tracking-fixtures.ts';

const NOT_A_PARTY = 'Unauthorized, if ActiveAccounts CustomerNumber not the Sender or Receiver of Entity';

describe('[TRACKING] lists, details and overview of the active account', () => {
  let ctx: TestContext;
  let token: string;
  let malardalen: number;
  let gota: number;
  let bergen: number;
  const ids = {} as Record<'alpha' | 'beta' | 'received' | 'foreign', number>;
  const docs = {} as Record<'alpha1' | 'alpha2' | 'beta1' | 'received1' | 'foreign1', number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = await ctx.tokenFor('user@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    // Known rows in March 2026, far from the seeded 90 days before 2026-11-20. 22:30 UTC on the
    // 15th is 23:30 in Stockholm and 00:30 on the 16th in Helsinki.
    const alpha = await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: 'Fixture_Alpha_100%.XML',
      arrivedAt: '2026-03-15T22:30:00Z',
      status: 'Rejected',
      subCustomerId: 'SUB-ALPHA',
      receiverName: 'Ålesund Kommune',
      steps: [
        { step: 'registered', at: '2026-03-15T22:30:00Z' },
        { step: 'received', at: '2026-03-15T22:40:00Z' },
        { step: 'rejected', at: '2026-03-15T23:00:00Z' },
      ],
      documents: [
        {
          externalDocumentId: 'FX-ALPHA-001',
          invoiceNumber: 'INV-9001',
          recipientName: 'Märta Östlund',
          eAddress: 'marta@fixture.example',
          status: 'Rejected',
          deliveries: [{ channel: 'email', status: 'rejected', reason: 'Mailbox unavailable (550)' }],
        },
        {
          externalDocumentId: 'FX-ALPHA-002',
          recipientName: 'Nils Åberg',
          deliveries: [
            { channel: 'print', status: 'delivered', pages: 3 },
            { channel: 'eArchive', status: 'delivered', pages: 3 },
          ],
        },
      ],
    });
    const beta = await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: 'fixture_beta_file.csv',
      arrivedAt: '2026-03-16T08:00:00Z',
      documents: [
        {
          externalDocumentId: 'FX-BETA-001',
          invoiceNumber: 'INV-9002',
          recipientName: 'Märta Berg',
          deliveries: [{ channel: 'kivra', status: 'delivered' }],
        },
      ],
    });
    // Bergen's files: one that Mälardalen receives, one that is none of its business.
    const received = await insertTrackingFile(ctx.db, {
      customerId: bergen,
      receiverCustomerId: malardalen,
      filename: 'Fixture_Alpha_received.xml',
      arrivedAt: '2026-03-15T22:30:00Z',
      documents: [{ externalDocumentId: 'FX-ALPHA-003', recipientName: 'Märta Received' }],
    });
    const foreign = await insertTrackingFile(ctx.db, {
      customerId: bergen,
      filename: 'Fixture_Alpha_foreign.xml',
      arrivedAt: '2026-03-15T22:30:00Z',
      status: 'Rejected',
      documents: [
        {
          externalDocumentId: 'FX-ALPHA-004',
          recipientName: 'Märta Foreign',
          deliveries: [{ channel: 'email', status: 'rejected' }],
        },
      ],
    });
    Object.assign(ids, {
      alpha: alpha.fileId,
      beta: beta.fileId,
      received: received.fileId,
      foreign: foreign.fileId,
    });
    Object.assign(docs, {
      alpha1: alpha.documentIds[0],
      alpha2: alpha.documentIds[1],
      beta1: beta.documentIds[0],
      received1: received.documentIds[0],
      foreign1: foreign.documentIds[0],
    });
  });
  afterAll(() => ctx.close());

  const get = (
    path: string,
    query: string,
    account: number | string = malardalen,
    bearer: string | null = token,
  ) =>
    ctx.app.inject({
      url: `${path}?activeAccountId=${account}${query ? `&${query}` : ''}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const files = async (query: string) => {
    const response = await get('/api/tracking/stt/files', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TListTrackingFilesResponse>();
  };
  const documents = async (query: string) => {
    const response = await get('/api/tracking/stt/documents', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TListTrackingDocumentsResponse>();
  };
  const fileIds = async (query: string) => (await files(query)).result.map((f) => f.id).sort();
  const documentIds = async (query: string) => (await documents(query)).result.map((d) => d.id).sort();
  const sorted = (...values: number[]) => [...values].sort();

  describe('files: text filters with every operator, ignoring case', () => {
    it.each([
      ['filename=alpha', () => [ids.alpha]],
      ['filename=ALPHA&filenameOperator=contains', () => [ids.alpha]],
      // % and _ are letters here, not wildcards.
      ['filename=100%25', () => [ids.alpha]],
      ['filename=fixture%25beta', () => []],
      ['filename=FIXTURE_B&filenameOperator=startsWith', () => [ids.beta]],
      ['filename=fixture&filenameOperator=startsWith', () => [ids.alpha, ids.beta]],
      ['filename=alpha_100%25.xml&filenameOperator=endsWith', () => [ids.alpha]],
      ['filename=%25.xml&filenameOperator=endsWith', () => [ids.alpha]],
      ['filename=%25.csv&filenameOperator=endsWith', () => []],
      ['filename=FIXTURE_BETA_FILE.CSV&filenameOperator=exact', () => [ids.beta]],
      ['filename=fixture_beta&filenameOperator=exact', () => []],
      ['subCustomerId=sub-alpha', () => [ids.alpha]],
      ['receiverName=ålesund&receiverNameOperator=startsWith', () => [ids.alpha]],
    ])('%s', async (query, expected) => {
      expect(await fileIds(query)).toEqual(sorted(...expected()));
    });

    it('does not contain: keeps the rows where the field is empty', async () => {
      const march = 'dateOperator=between&fromDate=2026-03-01&toDate=2026-03-31';
      expect(await fileIds(`${march}&filename=alpha&filenameOperator=notContains`)).toEqual([ids.beta]);
      expect(await fileIds(`${march}&subCustomerId=alpha&subCustomerIdOperator=notContains`)).toEqual([
        ids.beta,
      ]);
    });

    it('matches the whole seeded data exactly as SQL does', async () => {
      const oracle = async (where: string, values: unknown[]) =>
        (
          await ctx.db.$client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM tracking_files WHERE customer_id = $1 AND ${where}`,
            [gota, ...values],
          )
        ).rows[0]!.n;
      const count = async (query: string) =>
        (await get('/api/tracking/stt/files', query, gota)).json<TListTrackingFilesResponse>().totalCount;
      expect(await count('filename=invoices')).toBe(await oracle(`filename ILIKE '%invoices%'`, []));
      expect(await count('filename=.pdf&filenameOperator=endsWith')).toBe(
        await oracle(`filename ILIKE '%.pdf'`, []),
      );
      expect(await count('application=reminder&applicationOperator=exact')).toBe(
        await oracle(`lower(application) = 'reminder'`, []),
      );
      expect(await count('status=Rejected,NotDelivered')).toBe(
        await oracle(`status IN ('Rejected', 'NotDelivered')`, []),
      );
      expect(await count('channel=kivra')).toBe(
        await oracle(
          `EXISTS (SELECT 1 FROM tracking_documents d JOIN delivery_documents dd ON dd.document_id = d.id
                    WHERE d.file_id = tracking_files.id AND dd.channel = 'kivra')`,
          [],
        ),
      );
    });
  });

  describe('files: status, channel and date filters', () => {
    const named = 'filename=fixture';
    it.each([
      ['status=Rejected', () => [ids.alpha]],
      ['status=Rejected,Delivered', () => [ids.alpha, ids.beta]],
      ['channel=kivra', () => [ids.beta]],
      ['channel=email,kivra', () => [ids.alpha, ids.beta]],
      ['dateOperator=is&fromDate=2026-03-15', () => [ids.alpha]],
      ['dateOperator=is&fromDate=2026-03-16&timeZone=Europe/Helsinki', () => [ids.alpha, ids.beta]],
      ['dateOperator=is&fromDate=2026-03-15&timeZone=Europe/Helsinki', () => []],
      ['dateOperator=before&fromDate=2026-03-16', () => [ids.alpha]],
      ['dateOperator=between&fromDate=2026-03-15&toDate=2026-03-16', () => [ids.alpha, ids.beta]],
      ['dateOperator=from&fromDate=2026-03-16&toDate=2026-03-16', () => [ids.beta]],
      [
        'dateOperator=betweenTimes&fromDate=2026-03-15&fromTime=23:00&toDate=2026-03-16&toTime=08:59',
        () => [ids.alpha],
      ],
      ['dateOperator=betweenTimes&fromDate=2026-03-16&fromTime=09:00&toTime=09:00', () => [ids.beta]],
      ['dateOperator=not&fromDate=2026-03-15&toDate=2026-03-15', () => [ids.beta]],
    ])('%s', async (query, expected) => {
      const found = await fileIds(`${named}&${query}`);
      expect(found).toEqual(sorted(...expected()));
    });
  });

  describe('documents: every text field, the file name, status and channel', () => {
    it.each([
      ['externalDocumentId=fx-alpha&externalDocumentIdOperator=startsWith', () => [docs.alpha1, docs.alpha2]],
      ['externalDocumentId=-001&externalDocumentIdOperator=endsWith', () => [docs.alpha1, docs.beta1]],
      ['invoiceNumber=inv-9002&invoiceNumberOperator=exact', () => [docs.beta1]],
      ['recipientName=MÄRTA', () => [docs.alpha1, docs.beta1]],
      ['recipientName=östlund&recipientNameOperator=endsWith', () => [docs.alpha1]],
      ['eAddress=@FIXTURE.example', () => [docs.alpha1]],
      ['filename=fixture_beta&filenameOperator=startsWith', () => [docs.beta1]],
      ['filename=FIXTURE_ALPHA', () => [docs.alpha1, docs.alpha2]],
      ['filename=alpha&status=Delivered', () => [docs.alpha2]],
      ['externalDocumentId=fx-&externalDocumentIdOperator=startsWith&channel=print', () => [docs.alpha2]],
      [
        'externalDocumentId=fx-&externalDocumentIdOperator=startsWith&dateOperator=is&fromDate=2026-03-16',
        () => [docs.beta1],
      ],
    ])('%s', async (query, expected) => {
      const page = await documents(query);
      expect(page.result.map((d) => d.id).sort()).toEqual(sorted(...expected()));
      // The count agrees with the rows however it is found (through the files for a file name alone).
      expect(page.totalCount).toBe(expected().length);
    });

    it("lists one file's documents", async () => {
      expect(await documentIds(`fileId=${ids.alpha}`)).toEqual(sorted(docs.alpha1, docs.alpha2));
      // Another customer's file id finds nothing in this account.
      expect(await documentIds(`fileId=${ids.foreign}`)).toEqual([]);
    });
  });

  describe('sorting and paging', () => {
    it('sorts by each column both ways, the id breaking ties', async () => {
      const page = async (query: string) =>
        (await files(`filename=fixture&${query}`)).result.map((f) => f.id);
      expect(await page('')).toEqual([ids.beta, ids.alpha]);
      expect(await page('sortBy=arrivedAt&sortDirection=asc')).toEqual([ids.alpha, ids.beta]);
      expect(await page('sortBy=filename')).toEqual([ids.alpha, ids.beta]);
      expect(await page('sortBy=filename&sortDirection=desc')).toEqual([ids.beta, ids.alpha]);
      expect(await page('sortBy=status')).toEqual([ids.beta, ids.alpha]);
      expect(await page('sortBy=documentCount')).toEqual([ids.beta, ids.alpha]);
      const documentOrder = (await documents('externalDocumentId=fx-&sortBy=externalDocumentId')).result;
      expect(documentOrder.map((d) => d.externalDocumentId)).toEqual([
        'FX-ALPHA-001',
        'FX-ALPHA-002',
        'FX-BETA-001',
      ]);
    });

    it('pages with the chosen size, and the cursor continues where a page ended', async () => {
      const first = await files('pageSize=10');
      const second = await files('pageSize=10&page=2');
      expect(first.result).toHaveLength(10);
      expect(second.result).toHaveLength(10);
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_files WHERE customer_id = $1 ORDER BY arrived_at DESC, id DESC LIMIT 20',
        [malardalen],
      );
      expect([...first.result, ...second.result].map((f) => f.id)).toEqual(rows.map((r) => r.id));
      const continued = await files(`pageSize=10&cursor=${first.nextCursor}`);
      expect(continued.result.map((f) => f.id)).toEqual(second.result.map((f) => f.id));
      for (const sort of ['status', 'filename', 'documentCount']) {
        const a = await files(`pageSize=10&sortBy=${sort}&sortDirection=desc`);
        const b = await files(`pageSize=10&sortBy=${sort}&sortDirection=desc&page=2`);
        const c = await files(`pageSize=10&sortBy=${sort}&sortDirection=desc&cursor=${a.nextCursor}`);
        expect(
          c.result.map((f) => f.id),
          sort,
        ).toEqual(b.result.map((f) => f.id));
      }
    });

    it('counts exactly up to 10 000 and says so beyond', async () => {
      const exact = await files('filename=fixture');
      expect(exact).toMatchObject({ totalCount: 2, totalCountExact: true, nextCursor: null });
      const { fileId } = await insertTrackingFile(ctx.db, {
        customerId: malardalen,
        filename: 'bulk.xml',
        arrivedAt: '2026-01-10T10:00:00Z',
      });
      await ctx.db.$client.query(
        `INSERT INTO tracking_documents (file_id, file_arrived_at, customer_id, external_document_id, status, created_at)
         SELECT $1, '2026-01-10T10:00:00Z', $2, 'BULK-' || n, 'Delivered', '2026-01-10T10:00:00Z'
           FROM generate_series(1, 10050) AS n`,
        [fileId, malardalen],
      );
      const capped = await documents(`fileId=${fileId}`);
      expect(capped).toMatchObject({ totalCount: 10_000, totalCountExact: false });
      expect(capped.nextCursor).not.toBeNull();
      expect(
        await documents(`fileId=${fileId}&externalDocumentId=bulk-99&externalDocumentIdOperator=startsWith`),
      ).toMatchObject({
        totalCount: 111, // 99, 990–999, 9900–9999
        totalCountExact: true,
      });
    });

    it('refuses pages beyond the first 10 000 rows, bad sizes and forged cursors with 400', async () => {
      const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
      for (const query of [
        'page=401&pageSize=25',
        'pageSize=30',
        'cursor=bm90LWpzb24',
        'sortBy=size',
        // Well-formed cursors whose values PostgreSQL would not take.
        `cursor=${forged(['yesterday', 5])}`,
        `cursor=${forged(['not a time', 5])}`,
        `sortBy=documentCount&cursor=${forged([2 ** 40, 5])}`,
      ]) {
        const response = await get('/api/tracking/stt/files', query);
        expect([query, response.statusCode]).toEqual([query, 400]);
        expect(response.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
        expect(response.json().detail).toMatch(/^Invalid request/);
      }
    });
  });

  describe('validation: 400 Invalid request for malformed parameters', () => {
    it.each([
      ['status=Lost', 'query.status.0'],
      ['channel=pigeon', 'query.channel.0'],
      ['filenameOperator=like&filename=a', 'query.filenameOperator'],
      ['dateOperator=soon&fromDate=2026-03-01', 'query.dateOperator'],
      ['dateOperator=is', 'query.fromDate'],
      ['dateOperator=is&fromDate=2026-02-30', 'query.fromDate'],
      ['dateOperator=is&fromDate=15.03.2026', 'query.fromDate'],
      ['dateOperator=between&fromDate=2026-03-10', 'query.toDate'],
      ['dateOperator=between&fromDate=2026-03-10&toDate=2026-03-01', 'query.toDate'],
      ['dateOperator=between&fromDate=2025-01-01&toDate=2026-03-01', 'query.toDate'],
      ['dateOperator=betweenTimes&fromDate=2026-03-10&fromTime=10:00&toTime=09:00', 'query.toTime'],
      ['dateOperator=betweenTimes&fromDate=2026-03-10&fromTime=25:00&toTime=26:00', 'query.fromTime'],
      ['dateOperator=is&fromDate=2026-03-10&timeZone=Mars/Olympus', 'query.timeZone'],
      [`filename=${'x'.repeat(201)}`, 'query.filename'],
    ])('%s → %s', async (query, field) => {
      const response = await get('/api/tracking/stt/files', query);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^Invalid request/);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('refuses malformed ids in the path', async () => {
      for (const path of ['/api/tracking/stt/files/abc', '/api/tracking/stt/documents/1e3']) {
        const response = await get(path, '');
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/^Invalid request/);
      }
    });
  });

  describe('details and the 403 rule', () => {
    it('shows a file with its delivery per channel, status log in order and details', async () => {
      const response = await get(`/api/tracking/stt/files/${ids.alpha}`, '');
      expect(response.statusCode).toBe(200);
      const file = response.json();
      expect(file).toMatchObject({
        id: ids.alpha,
        filename: 'Fixture_Alpha_100%.XML',
        status: 'Rejected',
        documentCount: 2,
        customer: { name: 'Mälardalens Vatten AB' },
        receiverCustomer: null,
        lastStep: 'rejected',
        receiver: { name: 'Ålesund Kommune' },
      });
      expect(file.deliveryChannels).toEqual([
        {
          channel: 'eArchive',
          documents: 1,
          pages: 3,
          delivered: 1,
          rejected: 0,
          notDelivered: 0,
          pending: 0,
        },
        { channel: 'email', documents: 1, pages: 1, delivered: 0, rejected: 1, notDelivered: 0, pending: 0 },
        { channel: 'print', documents: 1, pages: 3, delivered: 1, rejected: 0, notDelivered: 0, pending: 0 },
      ]);
      expect(file.statusLog.map((e: { step: string }) => e.step)).toEqual([
        'registered',
        'received',
        'rejected',
      ]);
    });

    it('shows a document with its deliveries and one timeline in time order', async () => {
      const response = await get(`/api/tracking/stt/documents/${docs.alpha1}`, '');
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document).toMatchObject({
        externalDocumentId: 'FX-ALPHA-001',
        fileId: ids.alpha,
        filename: 'Fixture_Alpha_100%.XML',
        deliveries: [
          { channel: 'email', status: 'rejected', rejectionReason: 'Mailbox unavailable (550)', pages: 1 },
        ],
      });
      expect(
        document.timeline.map((e: { step: string | null; channel: string | null }) => e.step ?? e.channel),
      ).toEqual(['registered', 'received', 'rejected', 'email']);
    });

    it('lets the receiving account open a file and its documents, which stay out of its lists', async () => {
      expect((await get(`/api/tracking/stt/files/${ids.received}`, '')).statusCode).toBe(200);
      expect((await get(`/api/tracking/stt/documents/${docs.received1}`, '')).statusCode).toBe(200);
      expect(await fileIds('filename=received')).toEqual([]);
      expect(await documentIds('recipientName=received')).toEqual([]);
    });

    it("answers 403 with the spec's detail for other customers' entities and for ids that do not exist", async () => {
      for (const path of [
        `/api/tracking/stt/files/${ids.foreign}`,
        `/api/tracking/stt/documents/${docs.foreign1}`,
        '/api/tracking/stt/files/999999999',
        '/api/tracking/stt/documents/999999999',
        // The sender itself, asked through another of the user's accounts.
        `/api/tracking/stt/files/${ids.alpha}?x=1`,
      ]) {
        const [route, extra] = path.split('?');
        const response = await get(route!, extra ?? '', path.includes('?x') ? gota : malardalen);
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, errorCode: 'FORBIDDEN', detail: NOT_A_PARTY });
      }
    });
  });

  describe('overview', () => {
    it("counts the range's files and documents by status and channel, per day, and what needs attention", async () => {
      const response = await get(
        '/api/tracking/stt/overview',
        'fromDate=2026-03-14&toDate=2026-03-16&timeZone=Europe/Stockholm',
      );
      expect(response.statusCode).toBe(200);
      const overview = response.json<TGetTrackingOverviewResponse>();
      expect(overview.files.total).toBe(2);
      expect(overview.files.byStatus).toMatchObject({ Rejected: 1, Delivered: 1, NotDelivered: 0 });
      expect(overview.documents.total).toBe(3);
      expect(overview.documents.byChannel).toMatchObject({
        email: 1,
        print: 1,
        eArchive: 1,
        kivra: 1,
        sms: 0,
      });
      expect(overview.channelsByDay.map((d) => d.date)).toEqual(['2026-03-14', '2026-03-15', '2026-03-16']);
      expect(overview.channelsByDay[1]!.channels).toMatchObject({
        email: 1,
        print: 1,
        eArchive: 1,
        kivra: 0,
      });
      expect(overview.channelsByDay[2]!.channels).toMatchObject({ kivra: 1 });
      expect(overview.attention.files.map((f) => f.id)).toEqual([ids.alpha]);
      expect(overview.attention.documents.map((d) => d.id)).toEqual([docs.alpha1]);
    });

    it("defaults to the last 30 days and matches the account's rows in SQL", async () => {
      const overview = (
        await get('/api/tracking/stt/overview', '', gota)
      ).json<TGetTrackingOverviewResponse>();
      expect(overview.channelsByDay).toHaveLength(30);
      const { rows } = await ctx.db.$client.query<{ files: number; documents: number }>(
        `SELECT (SELECT count(*)::int FROM tracking_files WHERE customer_id = $1
                   AND arrived_at >= ($2::date::timestamp AT TIME ZONE 'Europe/Stockholm')
                   AND arrived_at < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')) AS files,
                (SELECT count(*)::int FROM tracking_documents WHERE customer_id = $1
                   AND created_at >= ($2::date::timestamp AT TIME ZONE 'Europe/Stockholm')
                   AND created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')) AS documents`,
        [gota, overview.fromDate, overview.toDate],
      );
      expect(overview.files.total).toBe(rows[0]!.files);
      expect(overview.documents.total).toBe(rows[0]!.documents);
    });

    it('refuses a reversed or too long range', async () => {
      for (const query of [
        'fromDate=2026-03-16&toDate=2026-03-01',
        'fromDate=2025-01-01&toDate=2026-03-01',
      ]) {
        expect((await get('/api/tracking/stt/overview', query)).statusCode, query).toBe(400);
      }
    });
  });

  describe('CSV export of the filtered list', () => {
    it('sends every matching row in the list’s order, after a header row', async () => {
      const response = await get('/api/tracking/stt/files/export', 'filename=fixture&sortBy=filename');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="tracking-files-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFid,filename,status,channels,arrivedAt,documentCount,subCustomerId,customerAgreement,application,' +
          'itemReference,senderName,receiverName,deliveryMode,lastStep,lastStepAt',
      );
      expect(lines.slice(1, -1).map((line) => line.split(',').slice(0, 4))).toEqual([
        [String(ids.alpha), 'Fixture_Alpha_100%.XML', 'Rejected', 'email|print|eArchive'],
        [String(ids.beta), 'fixture_beta_file.csv', 'Delivered', 'kivra'],
      ]);
      expect(lines.at(-1)).toBe('');
    });

    it('exports documents with the same filters, only the account’s', async () => {
      const response = await get('/api/tracking/stt/documents/export', 'recipientName=märta');
      expect(response.statusCode).toBe(200);
      const rows = response.body.split('\r\n').slice(1, -1);
      expect(rows.map((row) => row.split(',')[3]).sort()).toEqual(['FX-ALPHA-001', 'FX-BETA-001']);
      expect(response.body).not.toContain('Märta Foreign');
    });

    it('refuses bad filters, foreign accounts and anonymous callers', async () => {
      expect((await get('/api/tracking/stt/files/export', 'status=Lost')).statusCode).toBe(400);
      expect((await get('/api/tracking/stt/documents/export', '', bergen)).statusCode).toBe(403);
      expect((await get('/api/tracking/stt/documents/export', '', malardalen, null)).statusCode).toBe(401);
    });
  });

  describe("never another customer's data", () => {
    it('every row of every list belongs to the active account', async () => {
      for (const account of [malardalen, gota]) {
        const fileRows = (
          await get('/api/tracking/stt/files', 'pageSize=100&filename=a', account)
        ).json<TListTrackingFilesResponse>();
        const documentRows = (
          await get('/api/tracking/stt/documents', 'pageSize=100&recipientName=a', account)
        ).json<TListTrackingDocumentsResponse>();
        const { rows } = await ctx.db.$client.query<{ foreign: number }>(
          `SELECT (SELECT count(*)::int FROM tracking_files WHERE id = ANY($2) AND customer_id <> $1)
                + (SELECT count(*)::int FROM tracking_documents WHERE id = ANY($3) AND customer_id <> $1) AS foreign`,
          [account, fileRows.result.map((f) => f.id), documentRows.result.map((d) => d.id)],
        );
        expect(fileRows.result.length).toBeGreaterThan(0);
        expect(rows[0]!.foreign).toBe(0);
      }
    });

    it('refuses accounts the user does not hold, without STT, and anonymous callers', async () => {
      for (const path of [
        '/api/tracking/stt/files',
        '/api/tracking/stt/documents',
        '/api/tracking/stt/overview',
      ]) {
        expect((await get(path, '', bergen)).statusCode, path).toBe(403);
        expect((await get(path, '', malardalen, null)).statusCode, path).toBe(401);
        expect((await get(path, '', 'SE12')).statusCode, path).toBe(400);
      }
      await ctx.db.$client.query(
        `DELETE FROM customer_user_permissions cup USING permissions p
          WHERE p.id = cup.permission_id AND p.prefix = 'STT' AND cup.customer_id = $1 AND cup.user_id = $2`,
        [gota, await ctx.userId('user@example.com')],
      );
      await ctx.cachesHeard();
      expect((await get('/api/tracking/stt/files', '', gota)).statusCode).toBe(403);
      expect((await get(`/api/tracking/stt/files/${ids.alpha}`, '', gota)).statusCode).toBe(403);
    });
  });
});
