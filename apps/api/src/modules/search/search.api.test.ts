import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_RECENT_KEPT,
  ZApiError,
  ZGetSearchHistoryResponse,
  ZSearchResponse,
  type SearchResultKind,
  type TSearchResult,
} from '@service-hub/contracts';
import { insertEdiConsignment } from '../../../test/edi-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { insertTrackingFile } from '../../../test/tracking-fixtures.ts';

/*
 * user@example.com holds Göta Bostäder AB (track and trace, EDI tracking, support) and Mälardalens
 * Vatten AB (track and trace only); Norrlandskraft Energi AB is another customer's. Every value
 * searched for starts with ZQX, which the demo data never does, and each is written to all three
 * accounts, so a result from the wrong one shows.
 */
describe('[SEARCH] one search across accounts and services', () => {
  let ctx: TestContext;
  let user: string;
  let staff: string;
  let gota: number;
  let malardalen: number;
  let norrland: number;
  const documentIds = new Map<number, number>();

  const search = async (q: string, token = user) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return ZSearchResponse.parse(response.json());
  };
  const found = async (q: string, token = user) =>
    (await search(q, token)).groups.flatMap((g) => g.results.map((r) => ({ ...r, kind: g.kind })));
  const summary = (results: TSearchResult[]) =>
    results.map((r) => [r.kind, r.title, r.account?.name ?? null, r.matchedField]);

  async function writeEverywhere(accounts: number[], suffix: string) {
    for (const account of accounts) {
      const { documentIds: ids } = await insertTrackingFile(ctx.db, {
        customerId: account,
        filename: `ZQX_INVOICES_${suffix}_${account}.xml`,
        arrivedAt: '2026-11-20T06:00:00Z',
        documents: [
          {
            externalDocumentId: `ZQX-DOC-${suffix}-${account}`,
            invoiceNumber: `ZQX${account}${suffix}`,
            messageId: `ZQX-MSG-${account}`,
            eAddress: `zqx.${account}@example.com`,
            recipientName: `Zqxwell Jansson ${account}`,
            status: 'Delivered',
          },
        ],
      });
      documentIds.set(account, ids[0]!);
      await insertEdiConsignment(ctx.db, {
        consignmentId: `ZQX-CONS-${account}`,
        customerId: account,
        direction: 'OUTBOUND',
        status: 'ERROR',
        filename: `zqx-${account}.edi`,
        sender: { name: `Zqxtrade Partner ${account}`, address: 'Hamburg' },
        receiver: { name: 'Nordic Receiver', address: 'Oslo' },
        receivedAt: '2026-11-21T08:00:00Z',
        documents: [{ documentId: `ZQX-EDIDOC-${account}`, category: 'invoice', status: 'ERROR' }],
        messages: [
          { messageId: `ZQX-EDIMSG-${account}`, category: 'invoice', direction: 'OUTBOUND', status: 'ERROR' },
        ],
      });
      await ctx.db.$client.query(
        `INSERT INTO support_cases (case_number, customer_id, title, description, category, sub_category, type,
                                    status, from_email, to_email)
         VALUES ($1, $2, $3, 'Where is it?', 'Technical', 'Other', 'Service request', 'ongoing',
                 'user@example.com', 'support@example.com')`,
        [`ZQX-CASE-${account}`, account, `Zqxmissing invoice file ${account}`],
      );
      await ctx.db.$client.query(
        `INSERT INTO reports (customer_id, level, from_date, to_date, status, language, expires_at)
         VALUES ($1, 'document', '2031-03-01', '2031-03-31', 'ready', 'en-SE', now() + interval '90 days')`,
        [account],
      );
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await ctx.tokenFor('user@example.com');
    staff = await ctx.tokenFor('sfadmin@example.com');
    gota = await ctx.customerId('Göta Bostäder AB');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    norrland = await ctx.customerId('Norrlandskraft Energi AB');
    await writeEverywhere([gota, malardalen, norrland], 'A');
  });
  afterAll(() => ctx.close());

  it('finds an invoice number held by the second account, in that account, exactly', async () => {
    const results = await found(`zqx${malardalen}a`);
    expect(summary(results)).toEqual([
      ['trackingDocument', `ZQX${malardalen}A`, 'Mälardalens Vatten AB', 'invoiceNumber'],
    ]);
    expect(results[0]).toMatchObject({
      id: String(documentIds.get(malardalen)),
      exact: true,
      status: 'Delivered',
      detail: `ZQX-DOC-A-${malardalen} · Zqxwell Jansson ${malardalen}`,
      account: { id: malardalen, customerNumber: expect.any(String) },
    });
  });

  it('finds each kind by each of its fields, only in the accounts and services the user may open', async () => {
    const kindsAndAccounts = async (q: string) =>
      (await found(q)).map((r) => [r.kind, r.account?.id ?? null, r.matchedField]).sort();
    // Track and trace: both held accounts (each has it); never Norrlandskraft.
    expect(await kindsAndAccounts('ZQX-DOC-A')).toEqual(
      [
        ['trackingDocument', gota, 'externalDocumentId'],
        ['trackingDocument', malardalen, 'externalDocumentId'],
      ].sort(),
    );
    expect(await kindsAndAccounts(`zqx-msg-${gota}`)).toEqual([['trackingDocument', gota, 'messageId']]);
    expect(await kindsAndAccounts(`ZQX.${malardalen}@EXAMPLE.COM`)).toEqual([
      ['trackingDocument', malardalen, 'eAddress'],
    ]);
    // An e-address is found whole, not by its start.
    expect(await kindsAndAccounts(`zqx.${malardalen}@exa`)).toEqual([]);
    expect(await kindsAndAccounts('zqxwell jan')).toEqual(
      [
        ['trackingDocument', gota, 'recipientName'],
        ['trackingDocument', malardalen, 'recipientName'],
      ].sort(),
    );
    expect(await kindsAndAccounts('zqx_invoices_a')).toEqual(
      [
        ['trackingFile', gota, 'filename'],
        ['trackingFile', malardalen, 'filename'],
      ].sort(),
    );
    // EDI tracking and support: only Göta, where the user has them (Mälardalen has data too).
    expect(await kindsAndAccounts('zqx-cons-')).toEqual([['ediConsignment', gota, 'consignmentId']]);
    expect(await kindsAndAccounts('zqxtrade')).toEqual([['ediConsignment', gota, 'senderName']]);
    expect(await kindsAndAccounts('ZQX-EDIMSG')).toEqual([['ediMessage', gota, 'messageId']]);
    expect(await kindsAndAccounts('zqx-edidoc')).toEqual([['ediDocument', gota, 'documentId']]);
    expect(await kindsAndAccounts('zqx-case')).toEqual([['supportCase', gota, 'caseNumber']]);
    expect(await kindsAndAccounts('missing invoice')).toEqual([['supportCase', gota, 'subject']]);
    // Reports by the month or day they cover, in both track-and-trace accounts.
    expect(await kindsAndAccounts('2031-03-15')).toEqual(
      [
        ['report', gota, 'timeFrame'],
        ['report', malardalen, 'timeFrame'],
      ].sort(),
    );
    expect(await kindsAndAccounts('2031-04')).toEqual([]);
    // Customers and users are provider staff's only.
    expect(await kindsAndAccounts('Norrlandskraft')).toEqual([]);
    expect(await kindsAndAccounts('user@example')).toEqual([]);
  });

  it('gives an EDI message and document their consignment, for their pages', async () => {
    const [message] = await found(`zqx-edimsg-${gota}`);
    expect(message).toMatchObject({
      kind: 'ediMessage',
      id: `ZQX-EDIMSG-${gota}`,
      consignmentId: `ZQX-CONS-${gota}`,
      status: 'ERROR',
    });
  });

  it('finds customers and users for provider staff, and their own accounts’ items only', async () => {
    const customers = (await found('norrlandskraft energi', staff)).filter((r) => r.kind === 'customer');
    expect(summary(customers)).toEqual([['customer', 'Norrlandskraft Energi AB', null, 'customerName']]);
    expect(customers[0]!.id).toBe(String(norrland));
    const users = (await found('user@example.com', staff)).filter((r) => r.kind === 'user');
    expect(summary(users)).toEqual([['user', 'user@example.com', null, 'email']]);
    expect(users[0]).toMatchObject({ detail: 'Ulla Sand', status: 'enabled', exact: true });
    // sfadmin holds Göta but not Mälardalen or Norrlandskraft.
    const documents = (await found('ZQX-DOC-A', staff)).map((r) => r.account?.id);
    expect(documents).toEqual([gota]);
  });

  it('shows at most five per kind and says when there are more; a whole match alone', async () => {
    for (let i = 0; i < 7; i++) {
      await insertTrackingFile(ctx.db, {
        customerId: gota,
        filename: `ZQX_MANY_${i}.xml`,
        arrivedAt: `2026-11-2${i}T06:00:00Z`,
        documents: [],
      });
    }
    await insertTrackingFile(ctx.db, {
      customerId: gota,
      filename: 'ZQX_MANY',
      arrivedAt: '2026-01-01T06:00:00Z',
      documents: [],
    });
    const start = await search('zqx_man');
    expect(start.groups).toHaveLength(1);
    expect(start.groups[0]!.more).toBe(true);
    expect(start.groups[0]!.results).toHaveLength(5);
    expect(start.groups[0]!.results.every((r) => !r.exact)).toBe(true);
    // The whole name is what was pasted: the names that only start with it are not read.
    const whole = await search('zqx_many');
    expect(whole.groups).toEqual([
      {
        kind: 'trackingFile',
        more: false,
        results: [expect.objectContaining({ title: 'ZQX_MANY', exact: true })],
      },
    ]);
  });

  it('matches % and _ literally', async () => {
    expect(await found('zqx%')).toEqual([]);
    expect(
      (await found('zqx_invoices_a')).every((r) => r.title.toLowerCase().startsWith('zqx_invoices_a')),
    ).toBe(true);
    expect(await found('ZQX_INVOICES%A')).toEqual([]);
  });

  it('refuses no sign-in, an empty, too long or invalid text in the error shape', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/search?q=ZQX' });
    expect(anonymous.statusCode).toBe(401);
    // A query string cannot carry half a surrogate pair: its UTF-8 bytes decode to U+FFFD.
    for (const q of ['', '%20%20', 'x'.repeat(101), 'ZQX%00', `${'%C3%A5'.repeat(101)}`]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/search?q=${q}`,
        headers: { authorization: `Bearer ${user}` },
      });
      expect(response.statusCode, JSON.stringify(q)).toBe(400);
      expect(ZApiError.safeParse(response.json()).success).toBe(true);
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/search',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(missing.statusCode).toBe(400);
  });

  describe('history', () => {
    const record = (body: object, token = user) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/search/history',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const history = async (token = user) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/search/history',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return ZGetSearchHistoryResponse.parse(response.json());
    };
    const opened = (
      kind: SearchResultKind,
      id: string,
      accountId: number | null,
      consignmentId?: string,
    ) => ({
      query: `search for ${id}`,
      kind,
      id,
      accountId,
      consignmentId: consignmentId ?? null,
    });

    it('keeps the searches and opened items, newest first, as the items are now', async () => {
      expect((await record(opened('trackingDocument', String(documentIds.get(gota)), gota))).statusCode).toBe(
        204,
      );
      expect(
        (await record(opened('ediMessage', `ZQX-EDIMSG-${gota}`, gota, `ZQX-CONS-${gota}`))).statusCode,
      ).toBe(204);
      const { searches, opened: items } = await history();
      expect(searches.map((s) => s.query)).toEqual([
        `search for ZQX-EDIMSG-${gota}`,
        `search for ${documentIds.get(gota)}`,
      ]);
      expect(items.map((i) => [i.kind, i.id, i.account?.id])).toEqual([
        ['ediMessage', `ZQX-EDIMSG-${gota}`, gota],
        ['trackingDocument', String(documentIds.get(gota)), gota],
      ]);
      expect(items[1]!.title).toBe(`ZQX-DOC-A-${gota}`);
      // Another user's history is their own.
      expect(await history(staff)).toEqual({ searches: [], opened: [] });
    });

    it('refuses to remember what the user may not see, as if it did not exist', async () => {
      for (const body of [
        opened('trackingDocument', String(documentIds.get(norrland)), norrland),
        // The right id, named in an account of the user's that does not have it.
        opened('trackingDocument', String(documentIds.get(gota)), malardalen),
        opened('ediMessage', `ZQX-EDIMSG-${malardalen}`, malardalen, `ZQX-CONS-${malardalen}`),
        opened('ediMessage', `ZQX-EDIMSG-${gota}`, gota, `ZQX-CONS-${norrland}`),
        opened('customer', String(norrland), null),
        opened('trackingDocument', '99999999999', gota),
        opened('trackingDocument', 'not-a-number', gota),
      ]) {
        const response = await record(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(404);
        expect(ZApiError.safeParse(response.json()).success).toBe(true);
      }
      for (const body of [
        { ...opened('trackingDocument', '1', gota), kind: 'invoice' },
        { ...opened('trackingDocument', '1', gota), query: '' },
        { ...opened('trackingDocument', '1', gota), id: 'a\u0000' },
        { ...opened('trackingDocument', '1', gota), accountId: 2 ** 40 },
        { ...opened('trackingDocument', '1', gota), extra: true },
      ]) {
        expect((await record(body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await record(opened('customer', String(norrland), null), staff)).statusCode).toBe(204);
    });

    it('keeps the last eight of each, and forgets them all on request', async () => {
      for (let i = 0; i < SEARCH_RECENT_KEPT + 2; i++) {
        await record({
          ...opened('trackingDocument', String(documentIds.get(malardalen)), malardalen),
          query: `q${i}`,
        });
      }
      const { searches } = await history();
      expect(searches).toHaveLength(SEARCH_RECENT_KEPT);
      expect(searches[0]!.query).toBe(`q${SEARCH_RECENT_KEPT + 1}`);
      const cleared = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/search/history',
        headers: { authorization: `Bearer ${user}` },
      });
      expect(cleared.statusCode).toBe(204);
      expect(await history()).toEqual({ searches: [], opened: [] });
    });
  });

  it('stops finding an account’s items the moment the account is removed from the user', async () => {
    const userId = await ctx.userId('user@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/search/history',
      headers: { authorization: `Bearer ${user}` },
      payload: {
        query: 'zqx',
        kind: 'trackingDocument',
        id: String(documentIds.get(malardalen)),
        accountId: malardalen,
        consignmentId: null,
      },
    });
    expect((await found('ZQX-DOC-A')).map((r) => r.account?.id).sort()).toEqual([gota, malardalen].sort());
    await ctx.db.$client.query('DELETE FROM user_customers WHERE user_id = $1 AND customer_id = $2', [
      userId,
      malardalen,
    ]);
    await ctx.cachesHeard();
    expect((await found('ZQX-DOC-A')).map((r) => r.account?.id)).toEqual([gota]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/search/history',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(ZGetSearchHistoryResponse.parse(response.json()).opened).toEqual([]);
  });
});
