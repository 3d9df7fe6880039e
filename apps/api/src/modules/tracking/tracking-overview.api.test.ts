import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetTrackingOverviewResponse } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { documentCountDrift, insertTrackingFile } from '../../../test/tracking-fixtures.ts';
import { compactTrackingCounts } from '../../jobs/compact-tracking-counts.job.ts';

/**
 * The overview counts documents from hourly counts kept by triggers (migration 0018). These tests
 * change documents every way the Hub does and check the counts against the documents each time,
 * and the overview against a count of the documents themselves in several time zones.
 */
describe('[TRACKING] the overview counts documents from hourly counts that follow every change', () => {
  let ctx: TestContext;
  let token: string;
  let malardalen: number;
  let gota: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = await ctx.tokenFor('user@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
  });
  afterAll(() => ctx.close());

  const overview = async (account: number, query: string) => {
    const response = await ctx.app.inject({
      url: `/api/tracking/stt/overview?activeAccountId=${account}&${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TGetTrackingOverviewResponse>();
  };

  /** The same numbers counted from the documents, as the overview counted them before 0018. */
  const counted = async (account: number, fromDate: string, toDate: string, timeZone: string) => {
    const range = `customer_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE $4)
                   AND created_at < (($3::date + 1)::timestamp AT TIME ZONE $4)`;
    const values = [account, fromDate, toDate, timeZone];
    const statuses = await ctx.db.$client.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM tracking_documents WHERE ${range} GROUP BY 1`,
      values,
    );
    const days = await ctx.db.$client.query<{ day: string; channel: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE $4, 'YYYY-MM-DD') AS day, channel, count(*)::int AS n
         FROM tracking_documents, unnest(channels) AS channel WHERE ${range} GROUP BY 1, 2`,
      values,
    );
    return {
      byStatus: Object.fromEntries(statuses.rows.map((r) => [r.status, r.n])),
      byDay: Object.fromEntries(days.rows.map((r) => [`${r.day} ${r.channel}`, r.n])),
    };
  };
  const reported = (result: TGetTrackingOverviewResponse) => ({
    byStatus: Object.fromEntries(Object.entries(result.documents.byStatus).filter(([, n]) => n > 0)),
    byDay: Object.fromEntries(
      result.channelsByDay.flatMap((day) =>
        Object.entries(day.channels)
          .filter(([, n]) => n > 0)
          .map(([channel, n]) => [`${day.date} ${channel}`, n]),
      ),
    ),
  });

  it('counts the demo documents exactly, in zones whose midnight is and is not a whole UTC hour', async () => {
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    for (const timeZone of ['Europe/Stockholm', 'Europe/Helsinki', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu']) {
      const result = await overview(gota, `timeZone=${encodeURIComponent(timeZone)}`);
      expect(result.documents.total, timeZone).toBeGreaterThan(0);
      expect(reported(result), timeZone).toEqual(
        await counted(gota, result.fromDate, result.toDate, timeZone),
      );
    }
  });

  it('follows new documents, changed statuses and channels, a move to another month and deletes', async () => {
    const day = 'fromDate=2026-02-09&toDate=2026-02-11&timeZone=Europe/Oslo';
    const { fileId, documentIds } = await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: 'counts.xml',
      arrivedAt: '2026-02-10T08:15:00Z',
      documents: [
        { externalDocumentId: 'COUNT-1', deliveries: [{ channel: 'kivra', status: 'delivered' }] },
        { externalDocumentId: 'COUNT-2', deliveries: [{ channel: 'kivra', status: 'delivered' }] },
        {
          externalDocumentId: 'COUNT-3',
          status: 'Rejected',
          deliveries: [
            { channel: 'email', status: 'rejected' },
            { channel: 'print', status: 'delivered' },
          ],
        },
      ],
    });
    const [first, second, third] = documentIds as [number, number, number];
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    let result = await overview(malardalen, day);
    expect(result.documents.total).toBe(3);
    expect(result.documents.byStatus).toMatchObject({ Delivered: 2, Rejected: 1 });
    expect(result.channelsByDay[1]).toEqual({
      date: '2026-02-10',
      channels: expect.objectContaining({ kivra: 2, email: 1, print: 1 }),
    });

    // A status and a channel change, one statement for two documents, as ingestion recomputes them.
    await ctx.db.$client.query(
      `UPDATE tracking_documents SET status = 'Rejected', channels = ARRAY['kivra', 'print']
        WHERE id = ANY($1::int8[])`,
      [[first, second]],
    );
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    result = await overview(malardalen, day);
    expect(result.documents.byStatus).toMatchObject({ Delivered: 0, Rejected: 3 });
    expect(result.channelsByDay[1]!.channels).toMatchObject({ kivra: 2, email: 1, print: 3 });

    // An update that changes nothing counted leaves the counts alone.
    const before = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tracking_document_counts',
    );
    await ctx.db.$client.query(
      `UPDATE tracking_documents SET recipient_name = 'Ola Nordmann' WHERE id = $1`,
      [third],
    );
    const after = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tracking_document_counts',
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);

    // A new created time moves the document to another month's partition (and day).
    await ctx.db.$client.query(
      `UPDATE tracking_documents SET created_at = '2026-10-14T09:00:00Z' WHERE id = $1`,
      [third],
    );
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    result = await overview(malardalen, day);
    expect(result.documents.total).toBe(2);
    expect(result.channelsByDay[1]!.channels).toMatchObject({ kivra: 2, email: 0, print: 2 });
    const october = await overview(malardalen, 'fromDate=2026-10-14&toDate=2026-10-14&timeZone=Europe/Oslo');
    expect(reported(october)).toEqual(await counted(malardalen, '2026-10-14', '2026-10-14', 'Europe/Oslo'));

    // One document deleted, then the file with the rest (its documents go by cascade).
    await ctx.db.$client.query('DELETE FROM tracking_documents WHERE id = $1', [first]);
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    expect((await overview(malardalen, day)).documents.total).toBe(1);
    await ctx.db.$client.query('DELETE FROM tracking_files WHERE id = $1', [fileId]);
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    expect((await overview(malardalen, day)).documents.total).toBe(0);
  });

  it('folds the deltas into one row per hour, status and channels without changing a count', async () => {
    await insertTrackingFile(ctx.db, {
      customerId: gota,
      filename: 'fold.xml',
      arrivedAt: '2026-11-19T10:00:00Z',
      documents: [
        { externalDocumentId: 'FOLD-1', deliveries: [{ channel: 'sms', status: 'delivered' }] },
        { externalDocumentId: 'FOLD-2', deliveries: [{ channel: 'sms', status: 'delivered' }] },
      ],
    });
    const query = 'fromDate=2026-11-19&toDate=2026-11-19&timeZone=Europe/Stockholm';
    const beforeFolding = await overview(gota, query);
    const deltas = async () =>
      (
        await ctx.db.$client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM tracking_document_counts WHERE NOT merged',
        )
      ).rows[0]!.n;
    expect(await deltas()).toBeGreaterThanOrEqual(2); // one per inserting statement

    expect(await compactTrackingCounts(ctx.db.$client)).toBeGreaterThanOrEqual(2);
    expect(await deltas()).toBe(0);
    const keys = await ctx.db.$client.query<{ n: number; distinct_keys: number; zero: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT (customer_id, hour, status, channels))::int AS distinct_keys,
              count(*) FILTER (WHERE documents = 0)::int AS zero
         FROM tracking_document_counts`,
    );
    expect(keys.rows[0]!.n).toBe(keys.rows[0]!.distinct_keys);
    expect(keys.rows[0]!.zero).toBe(0);
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
    expect(await overview(gota, query)).toEqual(beforeFolding);
    expect(await compactTrackingCounts(ctx.db.$client)).toBe(0);
  });
});
