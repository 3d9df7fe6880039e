import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CASE_MAX_ITEMS, type PermissionPrefix } from '@service-hub/contracts';
import { insertEdiConsignment } from '../../../test/edi-fixtures.ts';
import { bodyWithoutRequestId, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { insertTrackingFile } from '../../../test/tracking-fixtures.ts';

/** A multipart/form-data body as a browser would send it (text fields only). */
async function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const CASE = {
  title: 'Invoice never reached the recipient',
  description: 'The recipient says the invoice did not arrive.',
  category: 'delivery',
  subCategory: 'email',
};

type Item = { kind: string; id: number };
const text = (items: Item[]) => items.map((i) => `${i.kind}:${i.id}`).join(',');

describe('[SUPPORT] cases about documents, files, consignments and messages (issue 25)', () => {
  let ctx: TestContext;
  let user: string;
  let admin: string;
  let provider: string;
  let gota: number;
  let bergen: number;
  /** Göta's own items, and a file Bergen sent that Göta receives. */
  const own = {} as Record<
    'document' | 'file' | 'consignment' | 'message' | 'ediDocument' | 'received' | 'receivedDocument',
    Item
  >;
  /** Bergen's items, which Göta's users never see. */
  const foreign = {} as Record<'document' | 'consignment' | 'message', Item>;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const ediIds = async (consignmentRef: number) => {
    const { rows } = await ctx.db.$client.query<{ message: number; document: number }>(
      `SELECT (SELECT id FROM edi_messages WHERE consignment_ref = $1 LIMIT 1) AS message,
              (SELECT id FROM edi_documents WHERE consignment_ref = $1 LIMIT 1) AS document`,
      [consignmentRef],
    );
    return rows[0]!;
  };
  const numberOf = async (customerId: number) =>
    (
      await ctx.db.$client.query<{ customer_number: string }>(
        'SELECT customer_number FROM customers WHERE id = $1',
        [customerId],
      )
    ).rows[0]!.customer_number;

  beforeAll(async () => {
    ctx = await createTestApp();
    [user, admin, provider] = await Promise.all([
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
    ]);
    gota = await ctx.customerId('Göta Bostäder AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    const [gotaNumber, bergenNumber] = await Promise.all([numberOf(gota), numberOf(bergen)]);

    const gotaFile = await insertTrackingFile(ctx.db, {
      customerId: gota,
      filename: 'invoices-2026-11.xml',
      arrivedAt: '2026-11-20T08:00:00Z',
      status: 'Delivered',
      documents: [
        {
          externalDocumentId: 'DOC-ISSUE25-1',
          invoiceNumber: 'INV-2511',
          recipientName: 'Karin Berg',
          deliveries: [{ channel: 'email', status: 'delivered' }],
        },
      ],
    });
    own.document = { kind: 'trackingDocument', id: gotaFile.documentIds[0]! };
    own.file = { kind: 'trackingFile', id: gotaFile.fileId };
    const bergenFile = await insertTrackingFile(ctx.db, {
      customerId: bergen,
      filename: 'bergen-only.xml',
      arrivedAt: '2026-11-20T08:00:00Z',
      documents: [{ externalDocumentId: 'DOC-BERGEN-1' }],
    });
    foreign.document = { kind: 'trackingDocument', id: bergenFile.documentIds[0]! };
    // Sent by Bergen to Göta: both accounts may open it (the tracking pages' receiver rule).
    const shared = await insertTrackingFile(ctx.db, {
      customerId: bergen,
      receiverCustomerId: gota,
      filename: 'bergen-to-gota.xml',
      arrivedAt: '2026-11-21T08:00:00Z',
      documents: [{ externalDocumentId: 'DOC-SHARED-1' }],
    });
    own.received = { kind: 'trackingFile', id: shared.fileId };
    own.receivedDocument = { kind: 'trackingDocument', id: shared.documentIds[0]! };

    const edi = (consignmentId: string, customerId: number, number: string) =>
      insertEdiConsignment(ctx.db, {
        consignmentId,
        customerId,
        direction: 'OUTBOUND',
        status: 'ERROR',
        filename: `${consignmentId}.edi`,
        sender: { number, name: 'Sender AB', address: 'Storgatan 1' },
        receiver: { name: 'Partner Oy', address: 'Kauppakatu 2' },
        receivedAt: '2026-11-20T09:00:00Z',
        documents: [{ documentId: `${consignmentId}-D1`, category: 'invoice', status: 'ERROR' }],
        messages: [
          { messageId: `${consignmentId}-M1`, category: 'invoice', direction: 'OUTBOUND', status: 'ERROR' },
        ],
      });
    const gotaRef = await edi('C-ISSUE25-GOTA', gota, gotaNumber);
    const gotaEdi = await ediIds(gotaRef);
    own.consignment = { kind: 'ediConsignment', id: gotaRef };
    own.message = { kind: 'ediMessage', id: gotaEdi.message };
    own.ediDocument = { kind: 'ediDocument', id: gotaEdi.document };
    const bergenRef = await edi('C-ISSUE25-BERGEN', bergen, bergenNumber);
    foreign.consignment = { kind: 'ediConsignment', id: bergenRef };
    foreign.message = { kind: 'ediMessage', id: (await ediIds(bergenRef)).message };
  });
  afterAll(() => ctx.close());

  const create = async (items: Item[] | string, token = user, account = gota) => {
    const body = await form({ ...CASE, items: typeof items === 'string' ? items : text(items) });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v2/support/cases?activeAccountId=${account}`,
      payload: body.payload,
      headers: { ...as(token), ...body.headers },
    });
  };
  const counts = async () =>
    (
      await ctx.db.$client.query<{ cases: number; items: number }>(
        'SELECT (SELECT count(*) FROM support_cases)::int AS cases, (SELECT count(*) FROM support_case_items)::int AS items',
      )
    ).rows[0]!;

  /**
   * Runs `work` while the user holds Göta without one service, as if an administrator had just
   * taken it away, and gives it back afterwards.
   */
  async function withoutService(prefix: PermissionPrefix, work: () => Promise<void>) {
    const userId = await ctx.userId('user@example.com');
    const { rows } = await ctx.db.$client.query<{ permission_id: number }>(
      `DELETE FROM customer_user_permissions cup USING permissions p
        WHERE p.id = cup.permission_id AND cup.user_id = $1 AND cup.customer_id = $2 AND p.prefix = $3
        RETURNING cup.permission_id`,
      [userId, gota, prefix],
    );
    expect(rows.length).toBeGreaterThan(0);
    await ctx.cachesHeard();
    try {
      await work();
    } finally {
      await ctx.db.$client.query(
        `INSERT INTO customer_user_permissions (user_id, customer_id, permission_id)
         SELECT $1, $2, unnest($3::int[])`,
        [userId, gota, rows.map((r) => r.permission_id)],
      );
      await ctx.cachesHeard();
    }
  }

  describe('refusals: nothing of the case is written', () => {
    it("refuses another customer's document, consignment or message, naming none of them", async () => {
      for (const item of [foreign.document, foreign.consignment, foreign.message]) {
        const before = await counts();
        const response = await create([own.document, item]);
        expect(response.statusCode, item.kind).toBe(403);
        expect(response.json()).toMatchObject({
          status: 403,
          errorCode: 'FORBIDDEN',
          detail: 'A linked item was not found in this account. Nothing was created.',
        });
        expect(bodyWithoutRequestId(response)).not.toContain(String(item.id));
        expect(await counts()).toEqual(before);
      }
    });

    it('answers an item that does not exist exactly like one of another customer', async () => {
      const missing = await create([{ kind: 'trackingDocument', id: 999_999_999_999 }]);
      const other = await create([foreign.document]);
      expect(missing.statusCode).toBe(403);
      expect(bodyWithoutRequestId(missing)).toBe(bodyWithoutRequestId(other));
    });

    it('refuses EDI items without EDI tracking on the account, and tracking items without track and trace', async () => {
      await withoutService('ETS', async () => {
        const before = await counts();
        for (const item of [own.consignment, own.message, own.ediDocument]) {
          const response = await create([own.document, item]);
          expect(response.statusCode, item.kind).toBe(403);
          expect(response.json().detail).toBe(
            'Linking EDI consignments, messages and documents needs EDI tracking on this account.',
          );
        }
        expect(await counts()).toEqual(before);
        // Tracking items are still fine.
        expect((await create([own.document])).statusCode).toBe(201);
      });
      await withoutService('STT', async () => {
        const before = await counts();
        for (const item of [own.document, own.file]) {
          const response = await create([item]);
          expect(response.statusCode, item.kind).toBe(403);
          expect(response.json().detail).toBe(
            'Linking tracking documents and files needs track and trace on this account.',
          );
        }
        expect(await counts()).toEqual(before);
      });
    });

    it.each([
      ['too many items', () => text(manyFiles(SUPPORT_CASE_MAX_ITEMS + 1)), 'body.items', 'tooBig'],
      ['an item twice', () => text([own.document, own.file, own.document]), 'body.items.2', 'invalidValue'],
      ['an unknown kind', () => `trackingDocument:1,supportCase:${1}`, 'body.items.1.kind', 'invalidValue'],
      ['an id that is no integer', () => 'trackingDocument:12.5', 'body.items.0.id', 'invalidType'],
      ['an id that is no number', () => 'trackingFile:abc', 'body.items.0.id', 'invalidType'],
      [
        'an id beyond any stored one',
        () => 'trackingDocument:99999999999999999999',
        'body.items.0.id',
        'tooBig',
      ],
      ['a zero id', () => 'trackingDocument:0', 'body.items.0.id', 'tooSmall'],
      ['a NUL character', () => `trackingDocument:${1}\u0000`, 'body.items', 'invalidCharacters'],
    ])('refuses %s with 400 naming the field', async (_name, items, field, code) => {
      const before = await counts();
      const response = await create(items());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
      expect(response.json().errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await counts()).toEqual(before);
    });

    it('checks a JSON body the same way', async () => {
      const post = (items: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v2/support/cases?activeAccountId=${gota}`,
          headers: as(user),
          payload: { ...CASE, items },
        });
      const twice = await post([own.document, own.document]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors).toContainEqual(expect.objectContaining({ field: 'body.items.1' }));
      const unknown = await post([{ kind: 'report', id: 1 }]);
      expect(unknown.json().errors).toContainEqual(expect.objectContaining({ field: 'body.items.0.kind' }));
      const extra = await post([{ ...own.document, label: 'mine' }]);
      expect(extra.statusCode).toBe(400);
      const nul = await post([{ kind: 'trackingDocument\u0000', id: 1 }]);
      expect(nul.statusCode).toBe(400);
      const foreignOne = await post([foreign.message]);
      expect(foreignOne.statusCode).toBe(403);
    });
  });

  /** Ids no one has; only the count matters to the list's checks. */
  const manyFiles = (n: number): Item[] =>
    Array.from({ length: n }, (_, i) => ({ kind: 'trackingFile', id: 900_000_000 + i }));

  describe('creating and reading', () => {
    it('links every kind, stores each label, and reads them back with links the user may open', async () => {
      const items = [own.message, own.document, own.file, own.consignment, own.ediDocument, own.received];
      const response = await create(items);
      expect(response.statusCode).toBe(201);
      const created = response.json();
      // Grouped by kind (the vocabulary's order), then by number.
      expect(created.items).toEqual([
        { ...own.document, label: 'DOC-ISSUE25-1', canOpen: true, consignmentId: null },
        ...[own.file, own.received]
          .sort((a, b) => a.id - b.id)
          .map((f) => ({
            ...f,
            label: f === own.file ? 'invoices-2026-11.xml' : 'bergen-to-gota.xml',
            canOpen: true,
            consignmentId: null,
          })),
        { ...own.consignment, label: 'C-ISSUE25-GOTA', canOpen: true, consignmentId: 'C-ISSUE25-GOTA' },
        { ...own.message, label: 'C-ISSUE25-GOTA-M1', canOpen: true, consignmentId: 'C-ISSUE25-GOTA' },
        { ...own.ediDocument, label: 'C-ISSUE25-GOTA-D1', canOpen: true, consignmentId: 'C-ISSUE25-GOTA' },
      ]);
      const stored = await ctx.db.$client.query(
        'SELECT kind, item_id, customer_id, label FROM support_case_items WHERE case_id = $1',
        [created.caseId],
      );
      expect(stored.rows).toHaveLength(items.length);
      expect(stored.rows.every((r) => r.customer_id === gota)).toBe(true);
      const read = await ctx.app.inject({
        url: `/api/support/cases/${created.caseId}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(read.json().items).toEqual(created.items);
    });

    it('accepts a JSON list, and a case about nothing has no items', async () => {
      const json = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/support/cases?activeAccountId=${gota}`,
        headers: as(user),
        payload: { ...CASE, items: [own.receivedDocument] },
      });
      expect(json.statusCode).toBe(201);
      expect(json.json().items).toEqual([
        { ...own.receivedDocument, label: 'DOC-SHARED-1', canOpen: true, consignmentId: null },
      ]);
      const none = await create('');
      expect(none.statusCode).toBe(201);
      expect(none.json().items).toEqual([]);
    });

    it('keeps naming an item after it is gone, but no longer offers to open it', async () => {
      const extra = await insertTrackingFile(ctx.db, {
        customerId: gota,
        filename: 'short-lived.xml',
        arrivedAt: '2026-11-22T08:00:00Z',
      });
      const created = (await create([{ kind: 'trackingFile', id: extra.fileId }])).json();
      await ctx.db.$client.query('DELETE FROM tracking_files WHERE id = $1', [extra.fileId]);
      const read = await ctx.app.inject({
        url: `/api/support/cases/${created.caseId}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(read.json().items).toEqual([
        {
          kind: 'trackingFile',
          id: extra.fileId,
          label: 'short-lived.xml',
          canOpen: false,
          consignmentId: null,
        },
      ]);
    });

    it('lets a colleague without EDI tracking see the EDI items as text only', async () => {
      const created = (await create([own.document, own.message])).json();
      await withoutService('ETS', async () => {
        const read = await ctx.app.inject({
          url: `/api/support/cases/${created.caseId}?activeAccountId=${gota}`,
          headers: as(user),
        });
        expect(read.statusCode).toBe(200);
        expect(
          read
            .json()
            .items.map((i: { kind: string; canOpen: boolean; consignmentId: string | null }) => [
              i.kind,
              i.canOpen,
              i.consignmentId,
            ]),
        ).toEqual([
          ['trackingDocument', true, null],
          ['ediMessage', false, null],
        ]);
      });
    });

    it('lets provider staff open items only in accounts they hold with the service', async () => {
      const held = (await create([own.document, own.message])).json();
      const asStaff = await ctx.app.inject({
        url: `/api/support/provider/cases/${held.caseId}`,
        headers: as(provider),
      });
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.json().items.map((i: { canOpen: boolean }) => i.canOpen)).toEqual([true, true]);

      // Bergen's administrator opens a case about Bergen's document; the staff member does not hold Bergen.
      const bergens = await create([foreign.document, foreign.consignment], admin, bergen);
      expect(bergens.statusCode).toBe(201);
      const notHeld = await ctx.app.inject({
        url: `/api/support/provider/cases/${bergens.json().caseId}`,
        headers: as(provider),
      });
      expect(notHeld.json().items).toEqual([
        { ...foreign.document, label: 'DOC-BERGEN-1', canOpen: false, consignmentId: null },
        { ...foreign.consignment, label: 'C-ISSUE25-BERGEN', canOpen: false, consignmentId: null },
      ]);
      // A reply answers the same view.
      const boundary = await form({ message: 'We are looking into it.' });
      const answered = await ctx.app.inject({
        method: 'POST',
        url: `/api/support/provider/cases/${bergens.json().caseId}/reply`,
        payload: boundary.payload,
        headers: { ...as(provider), ...boundary.headers },
      });
      expect(answered.statusCode).toBe(201);
      expect(answered.json().items.map((i: { canOpen: boolean }) => i.canOpen)).toEqual([false, false]);
    });
  });

  describe('the facts for the new-case form', () => {
    const facts = (items: string, token = user, account = gota) =>
      ctx.app.inject({
        url: `/api/support/items?activeAccountId=${account}&items=${encodeURIComponent(items)}`,
        headers: as(token),
      });

    it('describes the items the user may see, in the asked order, and leaves every other one out', async () => {
      const response = await facts(
        text([
          own.message,
          foreign.document,
          own.document,
          { kind: 'trackingFile', id: 999_999_999_999 },
          own.file,
          foreign.consignment,
        ]),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([
        {
          kind: 'ediMessage',
          id: own.message.id,
          label: 'C-ISSUE25-GOTA-M1',
          status: 'ERROR',
          date: expect.any(String),
          consignmentId: 'C-ISSUE25-GOTA',
          senderName: 'Sender AB',
          receiverName: 'Partner Oy',
          messageType: 'ORDERS',
        },
        {
          kind: 'trackingDocument',
          id: own.document.id,
          label: 'DOC-ISSUE25-1',
          status: 'Delivered',
          date: '2026-11-20T08:00:00.000Z',
          invoiceNumber: 'INV-2511',
          recipientName: 'Karin Berg',
          channels: ['email'],
          filename: 'invoices-2026-11.xml',
          fileId: own.file.id,
        },
        {
          kind: 'trackingFile',
          id: own.file.id,
          label: 'invoices-2026-11.xml',
          status: 'Delivered',
          date: '2026-11-20T08:00:00.000Z',
          documentCount: 1,
        },
      ]);
    });

    it('leaves out kinds the user lacks the service for', async () => {
      await withoutService('ETS', async () => {
        const response = await facts(text([own.consignment, own.document]));
        expect(response.json().items.map((i: { kind: string }) => i.kind)).toEqual(['trackingDocument']);
      });
    });

    it('needs support on the account, and checks the list like the form does', async () => {
      const malardalen = await ctx.customerId('Mälardalens Vatten AB');
      expect((await facts(text([own.document]), user, malardalen)).statusCode).toBe(403);
      expect((await facts(text([own.document]), user, bergen)).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ url: `/api/support/items?activeAccountId=${gota}&items=x` })).statusCode,
      ).toBe(401);
      for (const bad of ['', 'document:1', 'trackingFile:1,trackingFile:1', text(manyFiles(26))]) {
        const response = await facts(bad);
        expect(response.statusCode, bad.slice(0, 30)).toBe(400);
        expect(response.json().errors[0].field).toMatch(/^query\.items/);
      }
    });
  });

  describe('the open cases about an item', () => {
    const about = (item: Item, token = user, account = gota) =>
      ctx.app.inject({
        url: `/api/support/cases/about?activeAccountId=${account}&kind=${item.kind}&itemId=${item.id}`,
        headers: as(token),
      });

    it("lists the account's open cases about the item, newest first, never resolved ones nor another customer's", async () => {
      // Sent by Bergen to Göta, so that both may open a case about it.
      const sent = await insertTrackingFile(ctx.db, {
        customerId: bergen,
        receiverCustomerId: gota,
        filename: 'about-me.xml',
        arrivedAt: '2026-11-24T08:00:00Z',
        documents: [{ externalDocumentId: 'DOC-ABOUT-1' }],
      });
      const item = { kind: 'trackingDocument', id: sent.documentIds[0]! };
      const first = (await create([item])).json();
      const resolved = (await create([item])).json();
      await ctx.db.$client.query("UPDATE support_cases SET status = 'resolved' WHERE id = $1", [
        resolved.caseId,
      ]);
      const waiting = (await create([item, own.file])).json();
      await ctx.db.$client.query(
        "UPDATE support_cases SET status = 'readyForClosure', updated = now() + interval '1 minute' WHERE id = $1",
        [waiting.caseId],
      );
      // Bergen sent the document: its own case about it belongs to Bergen alone.
      const bergens = (await create([item], admin, bergen)).json();
      expect(bergens.caseId).toBeGreaterThan(0);

      const response = await about(item);
      expect(response.statusCode).toBe(200);
      expect(response.json().cases).toEqual([
        {
          caseId: waiting.caseId,
          caseNumber: waiting.caseNumber,
          title: CASE.title,
          status: 'readyForClosure',
          updated: expect.any(String),
        },
        {
          caseId: first.caseId,
          caseNumber: first.caseNumber,
          title: CASE.title,
          status: 'needsAttention',
          updated: first.updated,
        },
      ]);
      const bergenView = await about(item, admin, bergen);
      expect(bergenView.json().cases.map((c: { caseId: number }) => c.caseId)).toEqual([bergens.caseId]);
    });

    it('answers nothing for an item of another account, and lists at most ten', async () => {
      expect((await about(foreign.document)).json().cases).toEqual([]);
      const extra = await insertTrackingFile(ctx.db, {
        customerId: gota,
        filename: 'many-cases.xml',
        arrivedAt: '2026-11-23T08:00:00Z',
      });
      const item = { kind: 'trackingFile', id: extra.fileId };
      for (let i = 0; i < 12; i++) expect((await create([item])).statusCode).toBe(201);
      expect((await about(item)).json().cases).toHaveLength(10);
    });

    it('needs support on the account and a well-formed item', async () => {
      const malardalen = await ctx.customerId('Mälardalens Vatten AB');
      expect((await about(own.document, user, malardalen)).statusCode).toBe(403);
      const bad = await ctx.app.inject({
        url: `/api/support/cases/about?activeAccountId=${gota}&kind=report&itemId=12x`,
        headers: as(user),
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['query.itemId', 'query.kind']);
    });
  });
});
