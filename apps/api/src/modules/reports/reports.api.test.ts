import ExcelJS from 'exceljs';
import type { TReport, TListReportsResponse } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';
import { maintainReports } from '../../jobs/report-maintenance.job.ts';

const FROM = '2026-09-01';
const TO = '2026-11-19';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('[REPORTS] ordering, generating, listing, downloading and deleting reports', () => {
  let ctx: TestContext;
  let user: ReturnType<typeof reportsClient>;
  let admin: ReturnType<typeof reportsClient>;
  let userToken: string;
  let gota: number;
  let malardalen: number;
  let bergen: number;

  /** Documents of the account in the frame, counted as the report counts them (Swedish days). */
  const documentsIn = async (customerId: number, from = FROM, to = TO) => {
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tracking_documents WHERE customer_id = $1
          AND created_at >= ($2::date::timestamp AT TIME ZONE 'Europe/Stockholm')
          AND created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')`,
      [customerId, from, to],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    gota = await ctx.customerId('Göta Bostäder AB');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    userToken = await ctx.tokenFor('user@example.com');
    user = reportsClient(ctx.app, userToken, malardalen);
    admin = reportsClient(ctx.app, await ctx.tokenFor('admin@example.com'), malardalen);
  });
  afterAll(() => ctx.close());

  it('generates a document-level CSV in the background: BOM, header in the requester’s language, every row, RFC 4180 line ends', async () => {
    const ordered = await user.request({ level: 'document', from: FROM, to: TO, language: 'sv' });
    expect(ordered.statusCode).toBe(202);
    const expected = await documentsIn(malardalen);
    expect(expected).toBeGreaterThan(100);
    expect(ordered.json()).toMatchObject({
      level: 'document',
      format: 'CSV',
      from: FROM,
      to: TO,
      status: 'queued',
      rowCount: expected,
      requestedBy: 'Ulla Sand',
      canDelete: true,
    });
    const report = await user.settled(ordered.json<TReport>().id);
    expect(report).toMatchObject({
      status: 'ready',
      rowCount: expected,
      rowsWritten: expected,
      failure: null,
    });
    expect(report.sizeBytes).toBeGreaterThan(expected * 40);
    expect(Date.parse(report.expiresAt!) - Date.parse(report.completedAt!)).toBe(90 * 86_400_000);

    const download = await user.download(report.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const customerNumber = (
      await ctx.db.$client.query<{ n: string }>('SELECT customer_number AS n FROM customers WHERE id = $1', [
        malardalen,
      ])
    ).rows[0]!.n;
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="dokumentrapport_${customerNumber}_${FROM}_${TO}.csv"`,
    );
    expect(Number(download.headers['content-length'])).toBe(report.sizeBytes);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const bytes = download.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Dokument-ID,Externt dokument-ID,Fakturanummer,Meddelande-ID,Meddelandetyp,E-adress,Mottagare,Status,Skapad,Fil-ID,Filnamn',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(expected);
    expect(lines.slice(1, -1).every((line) => !line.includes('\n'))).toBe(true);
    // Status words in Swedish, written by PostgreSQL.
    expect(
      lines.slice(1, -1).some((line) => /,(Levererad|Avvisad|Ej levererad|Delvis levererad)/.test(line)),
    ).toBe(true);
  });

  it('tells the requester through a notification that the report is ready', async () => {
    const { rows } = await ctx.db.$client.query<{ payload: { reportId: string } }>(
      `SELECT payload FROM notifications WHERE user_id = $1 AND type = 'reportReady'`,
      [await ctx.userId('user@example.com')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ customerId: malardalen, level: 'document', from: FROM, to: TO });
  });

  it('generates a file-level XLSX workbook with numbers as numbers', async () => {
    const ordered = await user.request({ level: 'file', from: FROM, to: TO, format: 'XLSX', language: 'fi' });
    expect(ordered.statusCode).toBe(202);
    const report = await user.settled(ordered.json<TReport>().id);
    expect(report.status).toBe('ready');
    const download = await user.download(report.id);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers['content-disposition']).toMatch(/filename="tiedostoraportti_.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Tiedoston tunnus');
    expect(sheet.rowCount - 1).toBe(report.rowCount);
    expect(report.rowCount).toBeGreaterThan(0);
    expect(typeof sheet.getRow(2).getCell(1).value).toBe('number');
  });

  it('lists the account’s reports with paging and sorting, and says what the limits are', async () => {
    const list = await user.list('&pageSize=10&sortBy=created&sortDirection=asc');
    expect(list.statusCode).toBe(200);
    const body = list.json<TListReportsResponse>();
    expect(body.retentionDays).toBe(90);
    expect(body.maxRecords).toBe(1_000_000);
    // Seeded history (expired and failed) plus the two ordered above.
    expect(body.total).toBeGreaterThanOrEqual(2);
    const created = body.reports.map((r) => r.created);
    expect(created).toEqual([...created].sort());
    expect((await user.list('&pageSize=7')).statusCode).toBe(400);
    expect((await user.list('&sortBy=requestedBy')).statusCode).toBe(400);
  });

  it.each([
    [{ from: FROM, to: TO }, 'body.level', 'invalidValue'],
    [{ level: 'invoice', from: FROM, to: TO }, 'body.level', 'invalidValue'],
    [{ level: 'file', from: '01.09.2026', to: TO }, 'body.from', 'invalidFormat'],
    [{ level: 'file', from: TO, to: FROM }, 'body.to', 'endBeforeStart'],
    [{ level: 'file', from: '2025-01-01', to: TO }, 'body.to', 'dateRangeTooLong'],
    [{ level: 'file', from: day(-10), to: day(2) }, 'body.to', 'tooBig'],
    [{ level: 'file', from: FROM, to: TO, format: 'PDF' }, 'body.format', 'invalidValue'],
  ])('refuses %j: %s %s', async (body, field, code) => {
    const response = await user.request(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field, code })],
    });
  });

  it('names the maximum range in days', async () => {
    const response = await user.request({ level: 'file', from: '2025-01-01', to: TO });
    expect(response.json().errors[0]).toMatchObject({
      params: { days: 366 },
      message: 'Maximum date range is 366 days.',
    });
  });

  it('refuses callers without the account or the permission, and anonymous ones', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/reports?activeAccountId=${malardalen}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = reportsClient(ctx.app, userToken, bergen);
    expect((await foreign.list()).statusCode).toBe(403);
    expect((await foreign.request({ level: 'file', from: FROM, to: TO })).statusCode).toBe(403);
    const userId = await ctx.userId('user@example.com');
    await ctx.db.$client.query(
      `DELETE FROM customer_user_permissions cup USING permissions p
        WHERE cup.permission_id = p.id AND p.prefix = 'STT' AND cup.user_id = $1 AND cup.customer_id = $2`,
      [userId, gota],
    );
    await ctx.cachesHeard();
    const withoutStt = reportsClient(ctx.app, userToken, gota);
    const refused = await withoutStt.list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
  });

  it('answers 404 for another customer’s report, whichever account the caller names', async () => {
    const bergenAdmin = reportsClient(ctx.app, await ctx.tokenFor('admin@example.com'), bergen);
    const ordered = await bergenAdmin.request({ level: 'file', from: FROM, to: TO });
    expect(ordered.statusCode).toBe(202);
    const id = ordered.json<TReport>().id;
    await bergenAdmin.settled(id);
    for (const response of [await user.download(id), await user.remove(id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    }
    expect(
      (await user.list('&pageSize=50')).json<TListReportsResponse>().reports.map((r) => r.id),
    ).not.toContain(id);
    expect((await bergenAdmin.download(id)).statusCode).toBe(200);
    expect((await user.download('not-a-uuid')).statusCode).toBe(400);
  });

  it('lets the requester and administrators delete a report, and nobody else', async () => {
    const ordered = await admin.request({ level: 'file', from: FROM, to: TO });
    const id = ordered.json<TReport>().id;
    await admin.settled(id);
    const asUser = (await user.list('&pageSize=50'))
      .json<TListReportsResponse>()
      .reports.find((r) => r.id === id);
    expect(asUser?.canDelete).toBe(false);
    const refused = await user.remove(id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });

    const mine = (await user.request({ level: 'file', from: FROM, to: TO })).json<TReport>().id;
    await user.settled(mine);
    for (const [client, reportId] of [
      [admin, mine],
      [admin, id],
    ] as const) {
      const deleted = await client.remove(reportId);
      expect(deleted.statusCode).toBe(204);
      expect((await client.download(reportId)).statusCode).toBe(404);
      expect((await client.remove(reportId)).statusCode).toBe(404);
    }
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM reports WHERE id = ANY($1)', [[id, mine]]);
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for a report that is not ready', async () => {
    const { rows } = await ctx.db.$client.query<{ id: string }>(
      `SELECT id FROM reports WHERE customer_id = $1 AND status = 'failed' LIMIT 1`,
      [malardalen],
    );
    const response = await user.download(rows[0]!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'REPORT_NOT_READY' });
  });

  it('removes files after 90 days: the report shows as expired and its file is gone', async () => {
    const id = (await user.request({ level: 'file', from: FROM, to: TO })).json<TReport>().id;
    await user.settled(id);
    const { rows } = await ctx.db.$client.query<{ storage_key: string }>(
      `UPDATE reports SET expires_at = now() - interval '1 minute' WHERE id = $1 RETURNING storage_key`,
      [id],
    );
    const result = await maintainReports(ctx.db, ctx.app.storage.reports);
    expect(result.expired).toBe(1);
    const report = (await user.list('&pageSize=50'))
      .json<TListReportsResponse>()
      .reports.find((r) => r.id === id);
    expect(report).toMatchObject({ status: 'expired', expiresAt: null });
    expect((await user.download(id)).statusCode).toBe(409);
    await expect(ctx.app.storage.reports.get(rows[0]!.storage_key)).rejects.toThrow('No stored file');
  });
});

describe('[REPORTS] the record limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { REPORT_MAX_RECORDS: '50' } });
  });
  afterAll(() => ctx.close());

  it('refuses a report over the limit before generating anything, and orders one within it', async () => {
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const user = reportsClient(ctx.app, await ctx.tokenFor('user@example.com'), malardalen);
    const before = await ctx.db.$client.query('SELECT id FROM reports');
    const refused = await user.request({ level: 'document', from: FROM, to: TO });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      status: 422,
      errorCode: 'REPORT_TOO_LARGE',
      detail: 'This report is too large to generate. We have a limit of 50 records.',
    });
    expect((await ctx.db.$client.query('SELECT id FROM reports')).rowCount).toBe(before.rowCount);

    const small = await user.request({ level: 'file', from: TO, to: TO });
    expect(small.statusCode).toBe(202);
    expect((await user.settled(small.json<TReport>().id)).status).toBe('ready');
  });
});
