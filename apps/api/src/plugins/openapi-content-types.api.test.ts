import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReport } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { LiveStream } from '../../test/live-stream.ts';
import { reportsClient } from '../../test/reports.ts';
import { apiRoot } from '../lib/paths.ts';
import {
  ALLOWED_EXTENSIONS,
  FALLBACK_ATTACHMENT_TYPE,
  mediaTypeOf,
} from '../modules/support/attachment-types.ts';

type DocumentedResponse = { content?: Record<string, unknown> };
type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
};

/** One response as the server sent it: the operation, the status and the content type of its head. */
type Sent = { operation: string; status: number; mediaType: string | undefined };

/** `GET /api/reports/:id/download` → `GET /api/reports/{id}/download`, the document's spelling. */
const operationOf = (method: string, route: string) => `${method} ${route.replace(/:(\w+)/g, '{$1}')}`;

/** Every operation of the document with its statuses and the media types listed under each. */
function documentedResponses(document: OpenApiDocument): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations))
      out.set(
        `${method.toUpperCase()} ${path}`,
        new Map(
          Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            Object.keys(response.content ?? {}),
          ]),
        ),
      );
  return out;
}

/** A zip of stored (uncompressed) entries: enough for the upload to recognise an Office file. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1 January 1980
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 10, 6, 28); // flags, method, time, date, CRC, sizes, name length
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const officeFile = (part: string, mainType: string) =>
  zip({
    '[Content_Types].xml': `<?xml version="1.0"?><Types><Override PartName="/${part}" ContentType="${mainType}.main+xml"/></Types>`,
    [part]: '<?xml version="1.0"?><x/>',
  });

/**
 * A file of every extension the upload accepts (attachment-types.ts). A new extension without a
 * sample here fails the test, so each type an attachment can be stored with is downloaded once.
 */
const SAMPLES: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  jpg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  gif: Buffer.from('474946383961010001000000003b', 'hex'),
  webp: Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(14)]),
  tif: Buffer.concat([Buffer.from('49492a0008000000', 'hex'), Buffer.alloc(16)]),
  tiff: Buffer.concat([Buffer.from('4d4d002a00000008', 'hex'), Buffer.alloc(16)]),
  docx: officeFile(
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ),
  xlsx: officeFile('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  xml: Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<order id="4711"/>\n'),
  txt: Buffer.from('Brevet kom fram i går.\n'),
  log: Buffer.from('2026-11-19 08:00:01 file 4711 rejected\n'),
  edi: Buffer.from("UNA:+.? 'UNB+UNOC:3+SENDER+RECEIVER+261119:0800+1'\n"),
  csv: Buffer.from('Document id;Status\n1234567;Rejected\n'),
};

/** A multipart/form-data body as a browser would send it. */
async function form(fields: Record<string, string>, files: Record<string, Buffer>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [filename, content] of Object.entries(files))
    data.append('attachments', new Blob([content], { type: 'application/octet-stream' }), filename);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/**
 * The committed document against the traffic of real requests: every download (each operation
 * listing a type other than JSON) is exercised with its answer and some of its errors, and every
 * response the app completes is recorded with its operation, status and content type. It fails
 * when a response carries a type (or a status) its operation does not list, when a download's
 * listed type is never sent, and when the upload accepts an extension without a sample here.
 * The web client's types come from the same document (openapi.api.test.ts keeps them in step).
 */
describe('[OPENAPI] what the server sends is what the document lists', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let documented: Map<string, Map<string, string[]>>;
  const sent: Sent[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { ATTACHMENT_MAX_FILES: '20' },
      // onResponse rather than onSend: a hijacked reply (the notification stream) writes its head
      // itself and skips onSend. The head read here is the one the client received.
      configure: (app) =>
        app.addHook('onResponse', async (request, reply) => {
          const route = request.routeOptions.url;
          if (route === undefined) return; // no route: the not-found answer, not an operation
          const contentType = reply.raw.getHeader('content-type');
          sent.push({
            operation: operationOf(request.method, route),
            status: reply.raw.statusCode,
            mediaType: contentType === undefined ? undefined : mediaTypeOf(String(contentType)),
          });
        }),
    });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    documented = documentedResponses(
      JSON.parse(await readFile(join(apiRoot, 'openapi.json'), 'utf8')) as OpenApiDocument,
    );
  });
  afterAll(() => ctx.close());

  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) => ctx.app.inject({ url, headers: as(token) });

  it('sends each attachment with a type the document lists, customers and provider staff alike', async () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...ALLOWED_EXTENSIONS].sort());
    const [user, provider, admin] = await Promise.all([
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
      ctx.tokenFor('admin@example.com'),
    ]);
    const gota = await ctx.customerId('Göta Bostäder AB');
    const body = await form(
      {
        title: 'Every type of attachment',
        description: 'One file of each type the upload accepts.',
        category: 'print',
        subCategory: 'layout',
      },
      Object.fromEntries(
        Object.entries(SAMPLES).map(([extension, content]) => [`sample.${extension}`, content]),
      ),
    );
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/support/cases?activeAccountId=${gota}`,
      payload: body.payload,
      headers: { ...as(user), ...body.headers },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attachments = created.json<{ attachments: { id: string; filename: string }[] }>().attachments;
    expect(attachments).toHaveLength(ALLOWED_EXTENSIONS.length);
    // A row whose stored type the upload would not write (another system's, an older rule's); the
    // .log file's type stays served by the .txt and .edi files.
    const foreign = attachments.find((a) => a.filename === 'sample.log')!;
    await ctx.db.$client.query("UPDATE support_attachments SET content_type = 'text/html' WHERE id = $1", [
      foreign.id,
    ]);

    for (const { id } of attachments) {
      const customer = await get(`/api/support/cases/attachments/${id}?activeAccountId=${gota}`, user);
      const staff = await get(`/api/support/provider/attachments/${id}`, provider);
      expect([customer.statusCode, staff.statusCode]).toEqual([200, 200]);
      expect(staff.headers['content-type']).toBe(customer.headers['content-type']);
    }
    const fallback = await get(`/api/support/provider/attachments/${foreign.id}`, provider);
    expect(fallback.headers['content-type']).toBe(FALLBACK_ATTACHMENT_TYPE);
    // The errors: a malformed id, nobody signed in, an unknown attachment, a caller without access.
    await get(`/api/support/cases/attachments/not-an-id?activeAccountId=${gota}`, user);
    await get(`/api/support/cases/attachments/${randomUUID()}?activeAccountId=${gota}`, null);
    await get(`/api/support/cases/attachments/${randomUUID()}?activeAccountId=${gota}`, user);
    await get(`/api/support/provider/attachments/${attachments[1]!.id}`, admin);
    await get(`/api/support/provider/attachments/${randomUUID()}`, provider);
  });

  it('sends reports as CSV and XLSX, and their errors as JSON', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const reports = reportsClient(ctx.app, token, malardalen);
    for (const format of ['CSV', 'XLSX']) {
      const ordered = await reports.request({ level: 'file', from: '2026-11-18', to: '2026-11-19', format });
      expect(ordered.statusCode, ordered.body).toBe(202);
      const { id } = ordered.json<TReport>();
      expect((await reports.settled(id)).status).toBe('ready');
      expect((await reports.download(id)).statusCode).toBe(200);
    }
    await reports.download(randomUUID());
    await reports.download('not-an-id');
  });

  it('sends tracking exports as CSV, and their errors as JSON', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    for (const list of ['files', 'documents']) {
      const url = `/api/tracking/stt/${list}/export`;
      expect((await get(`${url}?activeAccountId=${malardalen}&fromDate=2026-11-19`, token)).statusCode).toBe(
        200,
      );
      await get(`${url}?activeAccountId=${malardalen}&sortBy=nothing`, token);
      await get(`${url}?activeAccountId=${bergen}`, token);
      await get(`${url}?activeAccountId=${malardalen}`, null);
    }
  });

  it('sends user and audit exports as CSV, and their errors as JSON', async () => {
    const [user, admin, provider] = await Promise.all([
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
    ]);
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const gota = await ctx.customerId('Göta Bostäder AB');
    expect((await get('/api/v3/users/export?q=example.com', provider)).statusCode).toBe(200);
    await get('/api/v3/users/export', admin);
    await get('/api/v3/users/export?enabled=sometimes', provider);
    await get('/api/v3/users/export', null);
    expect((await get(`/api/customers/${malardalen}/users/export`, admin)).statusCode).toBe(200);
    await get(`/api/customers/${gota}/users/export`, admin);
    await get('/api/customers/999999/users/export', provider);
    await get('/api/customers/not-a-number/users/export', provider);
    await get(`/api/customers/${malardalen}/users/export`, user);
    const audit = `/api/customers/${malardalen}/audit/export`;
    expect((await get(`${audit}?action=customer.mfa`, provider)).statusCode).toBe(200);
    await get(`/api/customers/${gota}/audit/export`, admin);
    await get('/api/customers/999999/audit/export', provider);
    await get(`${audit}?from=yesterday`, provider);
    await get(audit, null);
  });

  it('sends the notification stream as text/event-stream', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const stream = await LiveStream.open(baseUrl, token);
    // Signing out ends the stream, so its response completes and is recorded.
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: as(token) });
    expect(logout.statusCode).toBe(204);
    expect(await stream.endsWithin(2000)).toBe(true);
    await get('/api/notifications/stream', null);
  });

  it('sends the status feed as Atom, and its errors as JSON', async () => {
    const feed = await get('/api/status/feed.atom?lang=fi', null);
    expect([feed.statusCode, feed.headers['content-type']]).toEqual([
      200,
      'application/atom+xml; charset=utf-8',
    ]);
    expect((await get('/api/status/feed.atom?lang=xx', null)).statusCode).toBe(400);
  });

  it('listed every content type sent, under the status it was sent with', () => {
    const undocumented = sent
      .filter(({ operation, status, mediaType }) => {
        const statuses = documented.get(operation);
        if (!statuses) return false; // hidden from the document (openapi.api.test.ts checks which)
        const listed = statuses.get(String(status));
        if (!listed) return true;
        // A response without a body (204, a redirect) has no type; one with a body names a listed one.
        return mediaType === undefined ? listed.length > 0 : !listed.includes(mediaType);
      })
      .map(({ operation, status, mediaType }) => `${operation} ${status} ${mediaType ?? '(none)'}`);
    expect(sent.length).toBeGreaterThan(50);
    expect([...new Set(undocumented)]).toEqual([]);
  });

  it('sent every type listed for a download: each operation answering other than JSON was exercised', () => {
    const listed = [...documented].flatMap(([operation, statuses]) =>
      [...statuses].flatMap(([status, mediaTypes]) =>
        mediaTypes.some((type) => type !== 'application/json')
          ? mediaTypes.map((type) => `${operation} ${status} ${type}`)
          : [],
      ),
    );
    const seen = new Set(
      sent.map(({ operation, status, mediaType }) => `${operation} ${status} ${mediaType}`),
    );
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((response) => !seen.has(response))).toEqual([]);
  });
});
