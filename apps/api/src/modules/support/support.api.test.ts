import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWithoutRequestId, createTestApp, type TestContext } from '../../../test/helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
// The start of a Windows executable (MZ header, PE offset).
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200)]);

type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser would send it. */
async function form(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const part of parts) {
    if ('value' in part) data.append(part.name, part.value);
    else
      data.append(
        part.name,
        new Blob([part.content], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const newCase = (extra: Part[] = []): Part[] => [
  { name: 'title', value: 'Letters printed with the wrong logo' },
  { name: 'description', value: 'The letters of file 4711 show the old logo.' },
  { name: 'category', value: 'print' },
  { name: 'subCategory', value: 'layout' },
  ...extra,
];

describe('[SUPPORT] cases, replies, attachments and the status workflow', () => {
  let ctx: TestContext;
  let user: string;
  let admin: string;
  let provider: string;
  let gota: number;
  let malardalen: number;
  let bergen: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ATTACHMENT_MAX_FILES: '3', ATTACHMENT_MAX_FILE_MB: '0.05' } });
    [user, admin, provider] = await Promise.all([
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
    ]);
    gota = await ctx.customerId('Göta Bostäder AB');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
  });
  afterAll(() => ctx.close());

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const caseOf = async (customerId: number, status?: string) => {
    const { rows } = await ctx.db.$client.query<{ id: number }>(
      'SELECT id FROM support_cases WHERE customer_id = $1 ORDER BY id LIMIT 1',
      [customerId],
    );
    const id = rows[0]!.id;
    if (status)
      await ctx.db.$client.query('UPDATE support_cases SET status = $2 WHERE id = $1', [id, status]);
    return id;
  };
  const post = async (url: string, token: string, parts: Part[]) => {
    const body = await form(parts);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...as(token), ...body.headers },
    });
  };
  const attachmentCount = async () =>
    (await ctx.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM support_attachments')).rows[0]!
      .n;
  const storedFiles = async () => {
    const root = ctx.config.storage.attachmentsDir;
    const walk = async (dir: string): Promise<string[]> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const nested = await Promise.all(
        entries.map((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : Promise.resolve([e.name]))),
      );
      return nested.flat();
    };
    return walk(root);
  };

  describe('list and read', () => {
    it("lists the active account's cases only, with paging and the total", async () => {
      const response = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&pageSize=5`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.cases.length).toBeGreaterThan(0);
      expect(body.cases.length).toBeLessThanOrEqual(5);
      expect(body.cases.every((c: { customerId: number }) => c.customerId === gota)).toBe(true);
      const { rows } = await ctx.db.$client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM support_cases WHERE customer_id = $1',
        [gota],
      );
      expect(body.totalCount).toBe(rows[0]!.n);
    });

    it('filters by status and searches the subject', async () => {
      const id = await caseOf(gota, 'onHold');
      await ctx.db.$client.query("UPDATE support_cases SET title = 'Unique 100% subject_x' WHERE id = $1", [
        id,
      ]);
      const byStatus = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&status=onHold`,
        headers: as(user),
      });
      expect(byStatus.json().cases.map((c: { status: string }) => c.status)).toEqual(
        expect.arrayContaining(['onHold']),
      );
      expect(byStatus.json().cases.every((c: { status: string }) => c.status === 'onHold')).toBe(true);
      const search = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&subject=${encodeURIComponent('100% subject_')}`,
        headers: as(user),
      });
      expect(search.json().cases.map((c: { caseId: number }) => c.caseId)).toEqual([id]);
      const wildcard = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&subject=${encodeURIComponent('%')}`,
        headers: as(user),
      });
      expect(wildcard.json().cases.map((c: { caseId: number }) => c.caseId)).toEqual([id]);
    });

    it('sorts by a chosen column in either direction', async () => {
      const sorted = async (query: string) =>
        (
          await ctx.app.inject({
            url: `/api/support/cases?activeAccountId=${gota}&pageSize=100&${query}`,
            headers: as(user),
          })
        )
          .json()
          .cases.map((c: { caseNumber: string }) => c.caseNumber);
      const ascending = await sorted('sort=caseNumber&order=asc');
      expect(ascending).toEqual([...ascending].sort());
      expect(await sorted('sort=caseNumber&order=desc')).toEqual([...ascending].reverse());
      const refused = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&sort=customer_id`,
        headers: as(user),
      });
      expect(refused.statusCode).toBe(400);
    });

    it('refuses an unknown status filter and a page size out of range', async () => {
      const response = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${gota}&status=closed&pageSize=1000`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['query.pageSize', 'query.status']);
    });

    it('refuses anonymous callers, foreign accounts and accounts without the support permission', async () => {
      expect((await ctx.app.inject({ url: `/api/support/cases?activeAccountId=${gota}` })).statusCode).toBe(
        401,
      );
      const foreign = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${bergen}`,
        headers: as(user),
      });
      expect(foreign.statusCode).toBe(403);
      const noSupport = await ctx.app.inject({
        url: `/api/support/cases?activeAccountId=${malardalen}`,
        headers: as(user),
      });
      expect(noSupport.statusCode).toBe(403);
    });

    it("reads a case with its conversation, and answers another customer's case with 404", async () => {
      const own = await caseOf(gota, 'ongoing');
      const response = await ctx.app.inject({
        url: `/api/support/cases/${own}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        caseId: own,
        status: 'ongoing',
        canReply: true,
        allowedStatuses: [],
      });
      const other = await caseOf(malardalen);
      const foreign = await ctx.app.inject({
        url: `/api/support/cases/${other}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
      expect(bodyWithoutRequestId(foreign)).not.toContain(String(other));
    });
  });

  describe('create with attachments', () => {
    it('creates a case with a file, tells provider staff, and serves the file as a download', async () => {
      const response = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          { name: 'attachments', filename: 'Brev med fel logga.pdf', content: PDF, type: 'text/html' },
          { name: 'attachments', filename: 'logo.png', content: PNG },
        ]),
      );
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        customerId: gota,
        status: 'needsAttention',
        category: 'print',
        subCategory: 'layout',
        createdBy: 'Ulla Sand',
        to: 'support.se@servicehub.example',
      });
      expect(created.caseNumber).toMatch(/^CS-\d{4}-\d{6}$/);
      expect(
        created.attachments.map((a: { filename: string; contentType: string }) => [
          a.filename,
          a.contentType,
        ]),
      ).toEqual([
        ['Brev med fel logga.pdf', 'application/pdf'],
        ['logo.png', 'image/png'],
      ]);
      const notified = await ctx.db.$client.query(
        "SELECT payload FROM notifications WHERE user_id = $1 AND type = 'caseCreated'",
        [await ctx.userId('sfadmin@example.com')],
      );
      expect(notified.rows.map((r) => r.payload.caseNumber)).toContain(created.caseNumber);
      expect((await ctx.lastMailTo('sfadmin@example.com'))?.subject).toBe(
        `New support case ${created.caseNumber} from Göta Bostäder AB`,
      );

      const pdf = created.attachments[0];
      const download = await ctx.app.inject({
        url: `/api/support/cases/attachments/${pdf.id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Brev med fel logga.pdf"; filename*=UTF-8''Brev%20med%20fel%20logga.pdf`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toContain('sandbox');
      expect(download.rawPayload.equals(PDF)).toBe(true);
    });

    it('answers 404 for an attachment whose file is gone from storage', async () => {
      const created = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([{ name: 'attachments', filename: 'lost.pdf', content: PDF }]),
      );
      const attachment = created.json().attachments[0];
      const { rows } = await ctx.db.$client.query<{ storage_key: string }>(
        'SELECT storage_key FROM support_attachments WHERE id = $1',
        [attachment.id],
      );
      await ctx.app.storage.attachments.delete(rows[0]!.storage_key);
      const response = await ctx.app.inject({
        url: `/api/support/cases/attachments/${attachment.id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        errorCode: 'NOT_FOUND',
        detail: 'The attachment was not found.',
      });
    });

    it('refuses an executable renamed .pdf by name, and keeps nothing of the message', async () => {
      const before = { rows: await attachmentCount(), files: (await storedFiles()).length };
      const response = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          { name: 'attachments', filename: 'fine.pdf', content: PDF },
          { name: 'attachments', filename: 'invoice.pdf', content: EXE, type: 'application/pdf' },
          { name: 'attachments', filename: 'logo.pdf', content: PNG },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          field: 'body.attachments',
          code: 'fileTypeNotAllowed',
          message: 'These files are not allowed: invoice.pdf, logo.pdf',
          params: { files: 'invoice.pdf, logo.pdf' },
        },
      ]);
      expect(await attachmentCount()).toBe(before.rows);
      expect((await storedFiles()).length).toBe(before.files);
    });

    it('stores a file larger than the sniffed head byte for byte, and reads on after a refused large file', async () => {
      const large = Buffer.concat([PDF, Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251))]);
      const stored = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([{ name: 'attachments', filename: 'large.pdf', content: large }]),
      );
      expect(stored.statusCode).toBe(201);
      const attachment = stored.json().attachments[0];
      expect(attachment.sizeBytes).toBe(large.length);
      const download = await ctx.app.inject({
        url: `/api/support/cases/attachments/${attachment.id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(download.rawPayload.equals(large)).toBe(true);

      const bigExe = Buffer.concat([EXE, Buffer.alloc(30_000, 7)]);
      const refused = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          { name: 'attachments', filename: 'setup.pdf', content: bigExe },
          { name: 'attachments', filename: 'after.png', content: PNG },
          { name: 'attachments', filename: 'last.exe', content: EXE },
        ]),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ code: 'fileTypeNotAllowed', params: { files: 'setup.pdf, last.exe' } }),
      ]);
    });

    it('refuses more files than allowed, and files over the size limit by name', async () => {
      const tooMany = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([1, 2, 3, 4].map((n) => ({ name: 'attachments', filename: `f${n}.pdf`, content: PDF }))),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors).toContainEqual(
        expect.objectContaining({ field: 'body.attachments', code: 'tooManyFiles', params: { maximum: 3 } }),
      );
      const big = Buffer.concat([PDF, Buffer.alloc(60 * 1024, 0x20)]);
      const tooLarge = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([{ name: 'attachments', filename: 'scan.pdf', content: big }]),
      );
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json().errors).toEqual([
        expect.objectContaining({ code: 'fileTooLarge', params: { files: 'scan.pdf', maximum: 0.05 } }),
      ]);
    });

    it('accepts text files that are text, and refuses names the allow-list does not know', async () => {
      const ok = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          { name: 'attachments', filename: 'rejected.csv', content: Buffer.from('id;status\n1;Rejected\n') },
        ]),
      );
      expect(ok.statusCode).toBe(201);
      expect(ok.json().attachments[0].contentType).toBe('text/csv; charset=utf-8');
      const refused = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          { name: 'attachments', filename: 'page.html', content: Buffer.from('<script>alert(1)</script>') },
          { name: 'attachments', filename: 'binary.csv', content: Buffer.from([0, 1, 2, 3, 0xff]) },
        ]),
      );
      expect(refused.json().errors[0]).toMatchObject({ params: { files: 'page.html, binary.csv' } });
      const hostile = await post(
        `/api/v2/support/cases?activeAccountId=${gota}`,
        user,
        newCase([
          {
            name: 'attachments',
            filename: '<img src=x onerror=alert(1)>.svg',
            content: Buffer.from('<svg/>'),
          },
        ]),
      );
      // Named, as the spec asks, but never quoted back as markup.
      expect(hostile.json().errors[0].params.files).toBe('?img src?x onerror?alert?1??.svg');
      expect(hostile.body).not.toContain('<img');
    });

    it('answers a broken or hostile form with 400, never a server error', async () => {
      const boundary = 'X-BOUNDARY';
      const headers = { ...as(user), 'content-type': `multipart/form-data; boundary=${boundary}` };
      const truncated = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/support/cases?activeAccountId=${gota}`,
        headers,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then the connection ends`,
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json()).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        detail: 'The form could not be read.',
      });
      const prototype = await post(`/api/v2/support/cases?activeAccountId=${gota}`, user, [
        { name: '__proto__', value: 'x' },
        ...newCase(),
      ]);
      expect(prototype.statusCode).toBe(400);
      expect(prototype.json().detail).toBe('The form could not be read.');
    });

    it('checks the fields with the messages of spec 5', async () => {
      const response = await post(`/api/v2/support/cases?activeAccountId=${gota}`, user, [
        { name: 'title', value: '' },
        { name: 'description', value: 'x'.repeat(5001) },
        { name: 'category', value: 'print' },
        { name: 'subCategory', value: 'stock' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'body.title',
            code: 'required',
            message: 'This field cannot be empty.',
          }),
          expect.objectContaining({
            field: 'body.description',
            code: 'tooBig',
            message: 'This field cannot be bigger than 5000 characters.',
          }),
          expect.objectContaining({ field: 'body.subCategory', code: 'invalidValue' }),
        ]),
      );
    });

    it('takes a JSON body without files too, and refuses accounts without the support permission', async () => {
      const json = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/support/cases?activeAccountId=${gota}`,
        headers: as(user),
        payload: { title: 'Question', description: 'How?', category: 'other', subCategory: 'question' },
      });
      expect(json.statusCode).toBe(201);
      const refused = await post(`/api/v2/support/cases?activeAccountId=${malardalen}`, user, newCase());
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('colleagues', () => {
    it('see the cases a colleague opened for their customer, and outsiders do not', async () => {
      const created = await post(`/api/v2/support/cases?activeAccountId=${gota}`, user, newCase());
      const caseId = created.json().caseId;
      const read = (token: string) =>
        ctx.app.inject({ url: `/api/support/cases/${caseId}?activeAccountId=${gota}`, headers: as(token) });
      expect((await read(admin)).statusCode).toBe(403);
      // The administrator joins Göta with the support permission.
      const adminId = await ctx.userId('admin@example.com');
      await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        adminId,
        gota,
      ]);
      await ctx.db.$client.query(
        `INSERT INTO customer_user_permissions (user_id, customer_id, permission_id)
         SELECT $1, $2, p.id FROM permissions p WHERE p.prefix = 'SUP' AND p.name = 'CustomerUser'`,
        [adminId, gota],
      );
      await ctx.cachesHeard();
      const colleague = await ctx.tokenFor('admin@example.com');
      const seen = await read(colleague);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ caseId, createdBy: 'Ulla Sand' });
    });
  });

  describe('replies and the workflow', () => {
    it("moves a case waiting for details back to ongoing on the customer's reply and tells support", async () => {
      const id = await caseOf(gota, 'waitingForDetails');
      const response = await post(`/api/v2/support/cases/${id}/reply?activeAccountId=${gota}`, user, [
        { name: 'message', value: 'Here is the file name: 4711.xml' },
        { name: 'attachments', filename: 'example.pdf', content: PDF },
      ]);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.status).toBe('ongoing');
      const last = body.replies.at(-1);
      expect(last).toMatchObject({
        authorName: 'Ulla Sand',
        fromProvider: false,
        message: 'Here is the file name: 4711.xml',
      });
      expect(last.attachments.map((a: { filename: string }) => a.filename)).toEqual(['example.pdf']);
      expect((await ctx.lastMailTo('sfadmin@example.com'))?.subject).toMatch(
        /^New reply in support case CS-/,
      );
    });

    it('refuses replies to a resolved case', async () => {
      const id = await caseOf(gota, 'resolved');
      const response = await post(`/api/v2/support/cases/${id}/reply?activeAccountId=${gota}`, user, [
        { name: 'message', value: 'Still broken' },
      ]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'CONFLICT' });
    });

    it("refuses a reply to another customer's case with 404", async () => {
      const other = await caseOf(malardalen);
      const response = await post(`/api/v2/support/cases/${other}/reply?activeAccountId=${gota}`, user, [
        { name: 'message', value: 'Hello' },
      ]);
      expect(response.statusCode).toBe(404);
    });

    it('lets a customer confirm a case ready for closure, but not resolve an ongoing one', async () => {
      const id = await caseOf(gota, 'ongoing');
      const change = (status: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v2/support/cases/${id}/status?activeAccountId=${gota}`,
          headers: as(user),
          payload: { status },
        });
      const forbidden = await change('resolved');
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().detail).toBe('Only support can move a case to this status.');
      await ctx.db.$client.query("UPDATE support_cases SET status = 'readyForClosure' WHERE id = $1", [id]);
      const confirmed = await change('resolved');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'resolved', canReply: false, allowedStatuses: [] });
      const again = await change('needsAttention');
      expect(again.statusCode).toBe(409);
    });

    it('keeps both of two simultaneous replies, and settles a simultaneous confirm and reopen once', async () => {
      const id = await caseOf(gota, 'ongoing');
      const before = (
        await ctx.db.$client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM support_case_replies WHERE case_id = $1',
          [id],
        )
      ).rows[0]!.n;
      const replies = await Promise.all(
        ['first', 'second'].map((message) =>
          post(`/api/v2/support/cases/${id}/reply?activeAccountId=${gota}`, user, [
            { name: 'message', value: message },
          ]),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
      const after = await ctx.app.inject({
        url: `/api/support/cases/${id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(after.json().replies.length).toBe(before + 2);
      expect(
        after
          .json()
          .replies.slice(-2)
          .map((r: { message: string }) => r.message)
          .sort(),
      ).toEqual(['first', 'second']);

      await ctx.db.$client.query("UPDATE support_cases SET status = 'readyForClosure' WHERE id = $1", [id]);
      const moves = await Promise.all(
        ['resolved', 'ongoing'].map((status) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/v2/support/cases/${id}/status?activeAccountId=${gota}`,
            headers: as(user),
            payload: { status },
          }),
        ),
      );
      expect(moves.filter((m) => m.statusCode === 200)).toHaveLength(1);
      expect(moves.filter((m) => m.statusCode !== 200).map((m) => m.statusCode)[0]).toBeOneOf([403, 409]);
    });
  });

  describe('provider staff', () => {
    it("list every customer's cases, narrowed to one account on request", async () => {
      const all = await ctx.app.inject({
        url: '/api/support/provider/cases?pageSize=100',
        headers: as(provider),
      });
      expect(all.statusCode).toBe(200);
      expect(new Set(all.json().cases.map((c: { customerId: number }) => c.customerId)).size).toBeGreaterThan(
        3,
      );
      const one = await ctx.app.inject({
        url: `/api/support/provider/cases?customerId=${bergen}`,
        headers: as(provider),
      });
      expect(one.json().cases.every((c: { customerId: number }) => c.customerId === bergen)).toBe(true);
      expect(one.json().totalCount).toBeGreaterThan(0);
    });

    it("answer any customer's case: the first answer takes it on and tells the customer", async () => {
      const created = await post(`/api/v2/support/cases?activeAccountId=${gota}`, user, newCase());
      const id = created.json().caseId;
      const answer = await post(`/api/support/provider/cases/${id}/reply`, provider, [
        { name: 'message', value: 'We are reprinting the letters.' },
      ]);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ status: 'ongoing', owner: 'Siri Falk' });
      expect(answer.json().replies.at(-1)).toMatchObject({ fromProvider: true, authorName: 'Siri Falk' });
      expect((await ctx.lastMailTo('user@example.com'))?.subject).toBe(
        `New reply in support case ${created.json().caseNumber}`,
      );
      const notification = await ctx.db.$client.query(
        "SELECT payload FROM notifications WHERE user_id = $1 AND type = 'caseReply' ORDER BY id DESC LIMIT 1",
        [await ctx.userId('user@example.com')],
      );
      expect(notification.rows[0]?.payload).toMatchObject({ caseId: id, customerId: gota });

      const ready = await ctx.app.inject({
        method: 'POST',
        url: `/api/support/provider/cases/${id}/status`,
        headers: as(provider),
        payload: { status: 'readyForClosure' },
      });
      expect(ready.json()).toMatchObject({
        status: 'readyForClosure',
        allowedStatuses: ['ongoing', 'resolved'],
      });
      const customerView = await ctx.app.inject({
        url: `/api/support/cases/${id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(customerView.json().allowedStatuses).toEqual(['resolved', 'ongoing']);
    });

    it("read and download from cases of customers they do not hold, including the seed's inline files", async () => {
      const { rows } = await ctx.db.$client.query<{ id: string; case_id: number; content: Buffer }>(
        'SELECT a.id, a.case_id, a.content FROM support_attachments a WHERE a.content IS NOT NULL LIMIT 1',
      );
      const seeded = rows[0]!;
      const read = await ctx.app.inject({
        url: `/api/support/provider/cases/${seeded.case_id}`,
        headers: as(provider),
      });
      expect(read.statusCode).toBe(200);
      const download = await ctx.app.inject({
        url: `/api/support/provider/attachments/${seeded.id}`,
        headers: as(provider),
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('text/csv');
      expect(download.rawPayload.equals(seeded.content)).toBe(true);
      const moved = await ctx.db.$client.query(
        'SELECT storage_key, content FROM support_attachments WHERE id = $1',
        [seeded.id],
      );
      expect(moved.rows[0]).toMatchObject({
        content: null,
        storage_key: expect.stringMatching(/^support\//),
      });
      const again = await ctx.app.inject({
        url: `/api/support/provider/attachments/${seeded.id}`,
        headers: as(provider),
      });
      expect(again.rawPayload.equals(seeded.content)).toBe(true);
    });

    it('are the only ones who reach the provider routes', async () => {
      for (const token of [user, admin]) {
        const response = await ctx.app.inject({ url: '/api/support/provider/cases', headers: as(token) });
        expect(response.statusCode).toBe(403);
      }
    });

    it("cannot be reached for another customer's attachment through the account routes", async () => {
      const { rows } = await ctx.db.$client.query<{ id: string }>(
        'SELECT a.id FROM support_attachments a JOIN support_cases c ON c.id = a.case_id WHERE c.customer_id <> $1 LIMIT 1',
        [gota],
      );
      const response = await ctx.app.inject({
        url: `/api/support/cases/attachments/${rows[0]!.id}?activeAccountId=${gota}`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('contact and rules', () => {
    const contact = async (at: string, language = 'en-SE') =>
      (
        await ctx.app.inject({
          url: `/api/support/contact?at=${encodeURIComponent(at)}&language=${language}`,
          headers: as(user),
        })
      ).json();
    const market = (body: { markets: { market: string }[] }, code: string) =>
      body.markets.find((m) => m.market === code) as Record<string, unknown>;

    it('is open on a weekday in working hours, in each market’s own time zone', async () => {
      // Monday 23 November 2026, 15:45 in Copenhagen and Stockholm, 16:45 in Helsinki.
      const body = await contact('2026-11-23T14:45:00Z');
      expect(market(body, 'SE')).toMatchObject({
        isOpen: true,
        closesAt: '2026-11-23T16:00:00.000Z',
        email: 'support.se@servicehub.example',
        phone: '+46 771 12 34 56',
        timeZone: 'Europe/Stockholm',
      });
      expect(market(body, 'FI')).toMatchObject({ isOpen: true, closesAt: '2026-11-23T15:00:00.000Z' });
      expect(market(body, 'NO')).toMatchObject({ isOpen: false, phone: null, nextOpening: null });
      expect((market(body, 'NO').hours as { opens: string | null }[]).every((h) => h.opens === null)).toBe(
        true,
      );
    });

    it('closes Denmark at 15:30 on Fridays and opens it again on Monday', async () => {
      const body = await contact('2026-11-27T14:45:00Z');
      expect(market(body, 'DK')).toMatchObject({ isOpen: false, nextOpening: '2026-11-30T07:00:00.000Z' });
      expect(market(body, 'SE')).toMatchObject({ isOpen: true });
    });

    it('is closed on public holidays, named in the asked language', async () => {
      // Thursday 24 December 2026: Christmas Eve, closed in Sweden until Monday 28 December.
      const body = await contact('2026-12-24T09:00:00Z', 'sv');
      expect(market(body, 'SE')).toMatchObject({ isOpen: false, nextOpening: '2026-12-28T07:00:00.000Z' });
      expect(market(body, 'SE').upcomingHolidays).toContainEqual({ date: '2026-12-25', name: 'juldagen' });
    });

    it('refuses a moment outside the years the holiday rules cover, instead of failing', async () => {
      const response = await ctx.app.inject({
        url: `/api/support/contact?at=${encodeURIComponent('9999-12-31T23:59:00Z')}`,
        headers: as(user),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field: 'query.at' });
    });

    it('tells the attachment limits, and asks for sign-in', async () => {
      const rules = await ctx.app.inject({ url: '/api/support/attachment-rules', headers: as(user) });
      expect(rules.json()).toMatchObject({ maxFiles: 3, maxFileSizeMb: 0.05 });
      expect(rules.json().allowedExtensions).toContain('pdf');
      expect((await ctx.app.inject({ url: '/api/support/contact' })).statusCode).toBe(401);
    });
  });
});
