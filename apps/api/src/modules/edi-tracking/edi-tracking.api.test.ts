import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TGetEdiConsignmentResponse,
  TGetEdiDocumentResponse,
  TGetEdiMessageResponse,
  TListEdiConsignmentsResponse,
  TListEdiDocumentsResponse,
  TListEdiMessagesResponse,
} from '@service-hub/contracts';
import { bodyWithoutRequestId, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { insertEdiConsignment } from '../../../test/edi-fixtures.ts';

const NOT_A_PARTY = 'Unauthorized, if ActiveAccounts CustomerNumber not the Sender or Receiver of Entity';
// Fixtures live in March 2026, far from the seeded 90 days before 2026-11-20.
const MARCH = 'fromDate=2026-03-01&toDate=2026-03-31';

describe('[EDI TRACKING] lists and details of the active account', () => {
  let ctx: TestContext;
  let token: string;
  let gota: { id: number; number: string };
  let malardalen: number;
  let bergen: { id: number; number: string };

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
    token = await ctx.tokenFor('user@example.com');
    gota = await customer('Göta Bostäder AB');
    bergen = await customer('Bergen Boligbyggelag AS');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const own = { number: gota.number, name: 'Göta Bostäder AB', address: 'Fixturegatan 1, 411 01 Göteborg' };
    const zeta = { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, 20457 Hamburg' };
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'FX-C1',
      customerId: gota.id,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'ORDERS_fixture_alpha.edi',
      sender: own,
      receiver: zeta,
      receivedAt: '2026-03-10T10:00:00Z',
      errorMessage: 'Syntax error in segment UNH',
      documents: [
        {
          documentId: 'FX-D1',
          category: 'invoice',
          status: 'ERROR',
          errorMessage: 'Syntax error in segment UNH',
        },
      ],
      messages: [
        { messageId: 'FX-M1', category: 'order', direction: 'OUTBOUND', status: 'ERROR' },
        { messageId: 'FX-M2', category: 'other', direction: 'INBOUND', status: 'DELIVERED', minutesAfter: 1 },
      ],
    });
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'FX-C2',
      customerId: gota.id,
      direction: 'INBOUND',
      status: 'DELIVERED',
      filename: 'DESADV_fixture_beta.edi',
      sender: { name: 'Omega Wholesale AB', address: 'Lagerväg 5, 211 20 Malmö' },
      receiver: own,
      receivedAt: '2026-03-12T08:00:00Z',
      documents: [{ documentId: 'FX-D2', category: 'dispatchAdvice', status: 'DELIVERED' }],
      messages: [
        { messageId: 'FX-M3', category: 'dispatchAdvice', direction: 'INBOUND', status: 'DELIVERED' },
      ],
    });
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'FX-C3',
      customerId: gota.id,
      direction: 'INBOUND',
      status: 'NOT_EXISTS',
      filename: 'PRICAT_fixture_gamma.edi',
      sender: zeta,
      receiver: own,
      receivedAt: '2026-03-14T09:00:00Z',
      errorMessage: 'No trading-partner agreement found',
      documents: [{ documentId: 'FX-D3', category: 'priceCatalogue', status: 'NOT_EXISTS' }],
      messages: [
        { messageId: 'FX-M4', category: 'priceCatalogue', direction: 'INBOUND', status: 'NOT_EXISTS' },
      ],
    });
    // Bergen's, with Göta as the receiving partner: Göta may open it but does not list it.
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'FX-PARTNER',
      customerId: bergen.id,
      direction: 'OUTBOUND',
      status: 'RECEIVED',
      filename: 'INVOIC_fixture_partner.edi',
      sender: { number: bergen.number, name: 'Bergen Boligbyggelag AS', address: 'Bryggen 1, 5003 Bergen' },
      receiver: own,
      receivedAt: '2026-03-11T12:00:00Z',
      documents: [{ documentId: 'FX-DP', category: 'invoice', status: 'RECEIVED' }],
      messages: [{ messageId: 'FX-MP', category: 'invoice', direction: 'OUTBOUND', status: 'RECEIVED' }],
    });
    // Bergen's with an outside partner: nothing of Göta's.
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'FX-FOREIGN',
      customerId: bergen.id,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'ORDERS_fixture_foreign.edi',
      sender: { number: bergen.number, name: 'Bergen Boligbyggelag AS', address: 'Bryggen 1, 5003 Bergen' },
      receiver: zeta,
      receivedAt: '2026-03-13T12:00:00Z',
      documents: [{ documentId: 'FX-DF', category: 'order', status: 'ERROR' }],
      messages: [{ messageId: 'FX-MF', category: 'order', direction: 'OUTBOUND', status: 'ERROR' }],
    });
  });
  afterAll(() => ctx.close());

  const get = (path: string, query = '', account: number | string = gota.id, bearer = token) =>
    ctx.app.inject({
      method: 'GET',
      url: `${path}?activeAccountId=${account}${query ? `&${query}` : ''}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
  const consignments = async (query: string) => {
    const response = await get('/api/tracking/ets/consignments', `${MARCH}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TListEdiConsignmentsResponse).result.map((c) => c.consignmentId);
  };
  const messages = async (query: string) => {
    const response = await get('/api/tracking/ets/messages', `${MARCH}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TListEdiMessagesResponse).result.map((m) => m.messageId);
  };
  const documents = async (query: string) => {
    const response = await get('/api/tracking/ets/documents', `${MARCH}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TListEdiDocumentsResponse).result.map((d) => d.documentId);
  };

  describe('consignments list', () => {
    it("lists the active account's consignments newest first, paged with a count", async () => {
      const response = await get('/api/tracking/ets/consignments', MARCH);
      expect(response.statusCode).toBe(200);
      const body = response.json() as TListEdiConsignmentsResponse;
      expect(body).toMatchObject({ totalCount: 3, totalCountExact: true, nextCursor: null });
      expect(body.result.map((c) => c.consignmentId)).toEqual(['FX-C3', 'FX-C2', 'FX-C1']);
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        "SELECT id FROM edi_consignments WHERE consignment_id = 'FX-C1'",
      );
      expect(body.result[2]).toEqual({
        ref: rows[0]!.id,
        consignmentId: 'FX-C1',
        customerId: gota.id,
        direction: 'OUTBOUND',
        status: 'ERROR',
        filename: 'ORDERS_fixture_alpha.edi',
        senderName: 'Göta Bostäder AB',
        receiverName: 'Zeta Partner GmbH',
        receivedAt: '2026-03-10T10:00:00.000Z',
        deliveredAt: null,
        errorMessage: 'Syntax error in segment UNH',
      });
    });

    it('filters by direction, status and message category', async () => {
      expect(await consignments('directionType=INBOUND')).toEqual(['FX-C3', 'FX-C2']);
      expect(await consignments('directionType=OUTBOUND')).toEqual(['FX-C1']);
      expect(await consignments('directionType=INBOUND,OUTBOUND')).toEqual(['FX-C3', 'FX-C2', 'FX-C1']);
      expect(await consignments('status=ERROR,NOT_EXISTS')).toEqual(['FX-C3', 'FX-C1']);
      expect(await consignments('status=RECEIVED')).toEqual([]);
      expect(await consignments('category=priceCatalogue')).toEqual(['FX-C3']);
      expect(await consignments('category=order,dispatchAdvice')).toEqual(['FX-C2', 'FX-C1']);
    });

    it('filters by from and to date, whole days of the time zone, both inclusive', async () => {
      const list = async (query: string) => {
        const response = await get('/api/tracking/ets/consignments', query);
        return (response.json() as TListEdiConsignmentsResponse).result.map((c) => c.consignmentId);
      };
      expect(await list('fromDate=2026-03-12&toDate=2026-03-31')).toEqual(['FX-C3', 'FX-C2']);
      expect(await list('fromDate=2026-03-10&toDate=2026-03-12')).toEqual(['FX-C2', 'FX-C1']);
      expect(await list('fromDate=2026-03-14&toDate=2026-03-14')).toEqual(['FX-C3']);
      expect(await list('toDate=2026-03-10')).toEqual(['FX-C1']);
    });

    it('filters by every text field with every search type, ignoring case', async () => {
      const cases: [string, string[]][] = [
        ['senderName=zeta', ['FX-C3']],
        ['senderName=ZETA&senderNameOperator=notContains', ['FX-C2', 'FX-C1']],
        ['receiverName=zeta partner gmbh&receiverNameOperator=exact', ['FX-C1']],
        ['receiverName=zeta&receiverNameOperator=exact', []],
        ['senderAddress=lagerväg&senderAddressOperator=startsWith', ['FX-C2']],
        ['receiverAddress=hamburg&receiverAddressOperator=endsWith', ['FX-C1']],
        ['receiverAddress=göteborg', ['FX-C3', 'FX-C2']],
        ['filename=alpha', ['FX-C1']],
        ['filename=.EDI&filenameOperator=endsWith', ['FX-C3', 'FX-C2', 'FX-C1']],
        ['consignmentId=fx-c2&consignmentIdOperator=exact', ['FX-C2']],
        ['documentId=FX-D2&documentIdOperator=exact', ['FX-C2']],
        ['messageId=FX-M4&messageIdOperator=startsWith', ['FX-C3']],
        ['messageId=fx-m&messageIdOperator=startsWith&status=ERROR', ['FX-C1']],
        // LIKE's own characters match themselves.
        ['filename=%25', []],
      ];
      for (const [query, expected] of cases) {
        expect([query, await consignments(encodeURI(query))]).toEqual([query, expected]);
      }
    });

    it('sorts by status, file name and id in both directions', async () => {
      // DESADV_… < ORDERS_… < PRICAT_…
      expect(await consignments('sortBy=filename')).toEqual(['FX-C2', 'FX-C1', 'FX-C3']);
      expect(await consignments('sortBy=filename&sortDirection=desc')).toEqual(['FX-C3', 'FX-C1', 'FX-C2']);
      expect(await consignments('sortBy=status')).toEqual(['FX-C2', 'FX-C1', 'FX-C3']);
      expect(await consignments('sortBy=receivedAt&sortDirection=asc')).toEqual(['FX-C1', 'FX-C2', 'FX-C3']);
      expect(await consignments('sortBy=consignmentId&sortDirection=desc')).toEqual([
        'FX-C3',
        'FX-C2',
        'FX-C1',
      ]);
    });

    it('pages with a page size and continues with a cursor', async () => {
      const first = await get('/api/tracking/ets/consignments', 'pageSize=10');
      const body = first.json() as TListEdiConsignmentsResponse;
      expect(body.result).toHaveLength(10);
      expect(body.nextCursor).toEqual(expect.any(String));
      const second = await get('/api/tracking/ets/consignments', 'pageSize=10&page=2');
      const next = await get('/api/tracking/ets/consignments', `pageSize=10&cursor=${body.nextCursor}`);
      expect((next.json() as TListEdiConsignmentsResponse).result).toEqual(
        (second.json() as TListEdiConsignmentsResponse).result,
      );
    });

    it('opens on errors first: the seeded ERROR and NOT_EXISTS of the last 7 days', async () => {
      const response = await get(
        '/api/tracking/ets/consignments',
        'status=ERROR,NOT_EXISTS&fromDate=2026-11-13',
      );
      const body = response.json() as TListEdiConsignmentsResponse;
      expect(body.totalCount).toBeGreaterThan(0);
      for (const row of body.result) {
        expect(['ERROR', 'NOT_EXISTS']).toContain(row.status);
        expect(row.receivedAt >= '2026-11-12T23:00:00.000Z').toBe(true);
        expect(row.errorMessage).toEqual(expect.any(String));
      }
    });
  });

  describe('messages and documents lists', () => {
    it("lists messages with their consignment's parties, filtered like consignments", async () => {
      expect(await messages('')).toEqual(['FX-M4', 'FX-M3', 'FX-M2', 'FX-M1']);
      expect(await messages('directionType=INBOUND')).toEqual(['FX-M4', 'FX-M3', 'FX-M2']);
      expect(await messages('status=DELIVERED')).toEqual(['FX-M3', 'FX-M2']);
      expect(await messages('category=order')).toEqual(['FX-M1']);
      expect(await messages('senderName=zeta')).toEqual(['FX-M4']);
      expect(await messages('receiverName=zeta&receiverNameOperator=startsWith')).toEqual(['FX-M2', 'FX-M1']);
      expect(await messages('filename=beta')).toEqual(['FX-M3']);
      expect(await messages('consignmentId=FX-C1&consignmentIdOperator=exact')).toEqual(['FX-M2', 'FX-M1']);
      expect(await messages('messageId=fx-m3&messageIdOperator=exact')).toEqual(['FX-M3']);
      expect(await messages('documentId=FX-D1&documentIdOperator=exact')).toEqual(['FX-M2', 'FX-M1']);
      expect(await messages('sortBy=category')).toEqual(['FX-M3', 'FX-M1', 'FX-M2', 'FX-M4']);
      const response = await get(
        '/api/tracking/ets/messages',
        `${MARCH}&messageId=FX-M1&messageIdOperator=exact`,
      );
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        "SELECT id FROM edi_messages WHERE message_id = 'FX-M1'",
      );
      expect((response.json() as TListEdiMessagesResponse).result[0]).toEqual({
        ref: rows[0]!.id,
        messageId: 'FX-M1',
        consignmentId: 'FX-C1',
        customerId: gota.id,
        direction: 'OUTBOUND',
        category: 'order',
        messageType: 'ORDERS',
        status: 'ERROR',
        sizeBytes: 1234,
        senderName: 'Göta Bostäder AB',
        receiverName: 'Zeta Partner GmbH',
        filename: 'ORDERS_fixture_alpha.edi',
        createdAt: '2026-03-10T10:00:00.000Z',
        errorMessage: null,
      });
    });

    it('lists documents, filtered by direction, status, category, parties and ids', async () => {
      expect(await documents('')).toEqual(['FX-D3', 'FX-D2', 'FX-D1']);
      expect(await documents('directionType=OUTBOUND')).toEqual(['FX-D1']);
      expect(await documents('status=NOT_EXISTS,ERROR')).toEqual(['FX-D3', 'FX-D1']);
      expect(await documents('category=dispatchAdvice')).toEqual(['FX-D2']);
      expect(await documents('senderAddress=malmö&senderAddressOperator=endsWith')).toEqual(['FX-D2']);
      expect(await documents('documentId=fx-d&documentIdOperator=startsWith&sortBy=documentId')).toEqual([
        'FX-D1',
        'FX-D2',
        'FX-D3',
      ]);
      expect(await documents('messageId=FX-M4&messageIdOperator=exact')).toEqual(['FX-D3']);
      expect(await documents('receiverAddress=bergen')).toEqual([]);
    });
  });

  describe('customerIds', () => {
    it('spans several accounts the caller holds with EDI tracking', async () => {
      const admin = await ctx.tokenFor('sfadmin@example.com');
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        `SELECT uc.customer_id AS id FROM user_customers uc JOIN users u ON u.id = uc.user_id
           JOIN customer_user_permissions cup ON cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id
           JOIN permissions p ON p.id = cup.permission_id
          WHERE u.email = 'sfadmin@example.com' AND p.prefix = 'ETS' AND uc.customer_id <> $1 LIMIT 1`,
        [gota.id],
      );
      const other = rows[0]!.id;
      const both = await get(
        '/api/tracking/ets/consignments',
        `customerIds=${gota.id},${other}&pageSize=100`,
        gota.id,
        admin,
      );
      expect(both.statusCode, both.body).toBe(200);
      const owners = new Set((both.json() as TListEdiConsignmentsResponse).result.map((c) => c.customerId));
      expect(owners).toEqual(new Set([gota.id, other]));
      const one = await get('/api/tracking/ets/consignments', `customerIds=${other}`, gota.id, admin);
      expect(new Set((one.json() as TListEdiConsignmentsResponse).result.map((c) => c.customerId))).toEqual(
        new Set([other]),
      );
    });

    it('refuses an account the caller does not hold, or holds without EDI tracking, with 403', async () => {
      for (const ids of [`${gota.id},${bergen.id}`, `${bergen.id}`, `${malardalen}`, '999999']) {
        for (const list of ['consignments', 'documents', 'messages']) {
          const response = await get(`/api/tracking/ets/${list}`, `customerIds=${ids}`);
          expect([ids, list, response.statusCode]).toEqual([ids, list, 403]);
          expect(response.json()).toMatchObject({
            status: 403,
            errorCode: 'FORBIDDEN',
            requestId: expect.any(String),
          });
          expect(bodyWithoutRequestId(response)).not.toContain(String(bergen.number));
        }
      }
    });
  });

  describe('details', () => {
    it('shows a consignment with parties, status history with reason, documents and messages', async () => {
      const response = await get('/api/tracking/ets/consignments/FX-C1');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as TGetEdiConsignmentResponse;
      expect(body).toMatchObject({
        consignmentId: 'FX-C1',
        status: 'ERROR',
        customer: { name: 'Göta Bostäder AB', customerNumber: gota.number },
        sender: { customerNumber: gota.number, name: 'Göta Bostäder AB' },
        receiver: {
          customerNumber: null,
          name: 'Zeta Partner GmbH',
          address: 'Hafenstraße 9, 20457 Hamburg',
        },
        statusHistory: [
          { status: 'RECEIVED', at: '2026-03-10T10:00:00.000Z', reason: null },
          { status: 'ERROR', at: '2026-03-10T10:00:00.000Z', reason: 'Syntax error in segment UNH' },
        ],
      });
      expect(body.documents.map((d) => d.documentId)).toEqual(['FX-D1']);
      expect(body.messages.map((m) => [m.messageId, m.direction])).toEqual([
        ['FX-M1', 'OUTBOUND'],
        ['FX-M2', 'INBOUND'],
      ]);
    });

    it('shows a message and a document with their consignment and siblings', async () => {
      const message = await get('/api/tracking/ets/messages/FX-M2/FX-C1');
      expect(message.statusCode, message.body).toBe(200);
      expect(message.json() as TGetEdiMessageResponse).toMatchObject({
        messageId: 'FX-M2',
        consignmentId: 'FX-C1',
        direction: 'INBOUND',
        status: 'DELIVERED',
        consignmentStatus: 'ERROR',
        documents: [{ id: 'FX-D1', category: 'invoice', status: 'ERROR' }],
        statusHistory: [{ status: 'RECEIVED' }, { status: 'DELIVERED', at: '2026-03-10T10:01:00.000Z' }],
      });
      const document = await get('/api/tracking/ets/documents/FX-D1/FX-C1');
      expect(document.statusCode, document.body).toBe(200);
      expect(document.json() as TGetEdiDocumentResponse).toMatchObject({
        documentId: 'FX-D1',
        category: 'invoice',
        status: 'ERROR',
        errorMessage: 'Syntax error in segment UNH',
        messages: [
          { id: 'FX-M1', messageType: 'ORDERS' },
          { id: 'FX-M2', messageType: 'ORDERS' },
        ],
      });
    });

    it("lets the receiving partner open another account's consignment it is a party to", async () => {
      expect((await get('/api/tracking/ets/consignments/FX-PARTNER')).statusCode).toBe(200);
      expect((await get('/api/tracking/ets/documents/FX-DP/FX-PARTNER')).statusCode).toBe(200);
      expect((await get('/api/tracking/ets/messages/FX-MP/FX-PARTNER')).statusCode).toBe(200);
    });

    it('refuses with 403 when the active account is neither sender nor receiver, existing or not', async () => {
      for (const path of [
        '/api/tracking/ets/consignments/FX-FOREIGN',
        '/api/tracking/ets/consignments/NO-SUCH-ID',
        '/api/tracking/ets/documents/FX-DF/FX-FOREIGN',
        '/api/tracking/ets/messages/FX-MF/FX-FOREIGN',
        // A document of one's own under another consignment is no document.
        '/api/tracking/ets/documents/FX-D1/FX-C2',
        '/api/tracking/ets/messages/FX-M1/FX-FOREIGN',
      ]) {
        const response = await get(path);
        expect([path, response.statusCode]).toEqual([path, 403]);
        expect(response.json()).toMatchObject({ status: 403, errorCode: 'FORBIDDEN', detail: NOT_A_PARTY });
      }
    });
  });

  describe('access and validation', () => {
    it('needs EDI tracking on the active account and a signed-in caller', async () => {
      for (const path of [
        '/api/tracking/ets/consignments',
        '/api/tracking/ets/messages',
        '/api/tracking/ets/documents',
        '/api/tracking/ets/consignments/FX-C1',
      ]) {
        expect((await get(path, '', malardalen)).statusCode, path).toBe(403);
        expect((await get(path, '', bergen.id)).statusCode, path).toBe(403);
        const anonymous = await ctx.app.inject({ method: 'GET', url: `${path}?activeAccountId=${gota.id}` });
        expect(anonymous.statusCode, path).toBe(401);
      }
    });

    it("answers malformed parameters with 400 'Invalid request' without echoing them", async () => {
      for (const query of [
        'status=LOST',
        'directionType=SIDEWAYS',
        'category=poetry',
        'customerIds=abc',
        'customerIds=1,2,3,4,5,6,7,8,9,10,11',
        'page=0',
        'pageSize=7',
        'sortBy=sender',
        'sortDirection=up',
        'fromDate=2026-02-30',
        'fromDate=2026-03-10&toDate=2026-03-01',
        'fromDate=2024-01-01&toDate=2026-01-01',
        'senderNameOperator=regex',
        'timeZone=Mars/Olympus',
        'cursor=bm90LWEtY3Vyc29y',
      ]) {
        for (const list of ['consignments', 'documents', 'messages']) {
          const response = await get(`/api/tracking/ets/${list}`, query);
          expect([list, query, response.statusCode]).toEqual([list, query, 400]);
          expect(response.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
          expect(response.json().detail).toMatch(/^Invalid request/);
        }
      }
      for (const path of [
        '/api/tracking/ets/consignments/bad%20id',
        '/api/tracking/ets/documents/FX-D1!/FX-C1',
        '/api/tracking/ets/messages/FX-M1/%3Cscript%3E',
      ]) {
        const response = await get(path);
        expect([path, response.statusCode]).toEqual([path, 400]);
        expect(response.json().detail).toMatch(/^Invalid request/);
        expect(response.body).not.toContain('script');
      }
    });
  });
});
