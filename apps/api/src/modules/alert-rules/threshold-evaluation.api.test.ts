import type { TAlertRule, TrackingStatus } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { insertTrackingFile } from '../../../test/tracking-fixtures.ts';
import { evaluateThresholdRules } from './threshold-evaluation.ts';

describe('[ALERTS] threshold rules raise and resolve their alerts', () => {
  let ctx: TestContext;
  let malardalen: number;
  let adminToken: string;
  const at = new Date();
  const minutesAgo = (minutes: number) => new Date(at.getTime() - minutes * 60_000).toISOString();
  let fileNumber = 0;

  /** `count` documents of one status through one channel, created `ago` minutes before `at`. */
  const documents = async (
    count: number,
    status: TrackingStatus,
    channel: 'kivra' | 'email',
    ago: number,
  ) => {
    fileNumber++;
    await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: `ALERTS_${fileNumber}.xml`,
      arrivedAt: minutesAgo(ago),
      documents: Array.from({ length: count }, (_, i) => ({
        externalDocumentId: `ALERT-${fileNumber}-${i}`,
        status,
        deliveries: [
          {
            channel,
            status: status === 'Rejected' ? 'rejected' : status === 'Delivered' ? 'delivered' : 'pending',
          },
        ],
      })),
    });
  };
  const addRule = async (rule: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/alert-rules?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: rule,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TAlertRule>();
  };
  const openAlerts = async () => {
    const { rows } = await ctx.db.$client.query<{
      kind: string;
      subject_key: string;
      details: Record<string, unknown>;
    }>(
      `SELECT kind, subject_key, details FROM alerts WHERE customer_id = $1 AND status = 'open' ORDER BY raised_at, id`,
      [malardalen],
    );
    return rows;
  };
  const resolutionOf = async (subjectKey: string) => {
    const { rows } = await ctx.db.$client.query<{ resolution: Record<string, unknown> }>(
      `SELECT resolution FROM alerts WHERE customer_id = $1 AND subject_key = $2 AND status = 'resolved'`,
      [malardalen, subjectKey],
    );
    return rows.map((row) => row.resolution);
  };
  let rejectedDefault: string;
  let kivraRule: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    adminToken = await ctx.tokenFor('admin@example.com');
    const { rows } = await ctx.db.$client.query<{ id: string }>(
      `SELECT id FROM alert_rules WHERE customer_id = $1 AND kind = 'documentsRejected'`,
      [malardalen],
    );
    rejectedDefault = `alertRule:${rows[0]!.id}`;
  });
  afterAll(() => ctx.close());

  it('raises nothing for a share below the minimum number of documents', async () => {
    await documents(2, 'Rejected', 'kivra', 10);
    await documents(17, 'Delivered', 'email', 10);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 0 });
    expect(await openAlerts()).toEqual([]);
  });

  it('raises the share rule for all channels once the window has enough documents', async () => {
    await documents(1, 'Delivered', 'email', 10);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 1, resolved: 0 });
    const [alert] = await openAlerts();
    expect(alert).toMatchObject({
      kind: 'documentsRejected',
      subject_key: rejectedDefault,
      details: expect.objectContaining({
        channel: null,
        measure: 'share',
        threshold: 5,
        windowMinutes: 60,
        measured: 10,
        matching: 2,
        total: 20,
        statuses: ['Rejected', 'DeliveredWithRejections', 'PartiallyDeliveredWithRejections'],
        from: minutesAgo(60),
        to: at.toISOString(),
      }),
    });
    // The next pass finds it open and raises nothing new.
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 0, resolved: 0 });
  });

  it('raises a count rule of one channel, not of another, and never a switched-off rule', async () => {
    const kivra = await addRule({
      kind: 'documentsRejected',
      channel: 'kivra',
      measure: 'count',
      threshold: 1,
      windowMinutes: 30,
    });
    const email = await addRule({
      kind: 'documentsRejected',
      channel: 'email',
      measure: 'count',
      threshold: 1,
      windowMinutes: 30,
    });
    const off = await addRule({
      kind: 'documentsRejected',
      channel: null,
      measure: 'count',
      threshold: 1,
      windowMinutes: 30,
      enabled: false,
    });
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 1 });
    kivraRule = kivra.id;
    const keys = (await openAlerts()).map((a) => a.subject_key);
    expect(keys).toContain(`alertRule:${kivra.id}`);
    expect(keys).not.toContain(`alertRule:${email.id}`);
    expect(keys).not.toContain(`alertRule:${off.id}`);
    expect(
      (await openAlerts()).find((a) => a.subject_key === `alertRule:${kivra.id}`)?.details,
    ).toMatchObject({
      channel: 'kivra',
      measure: 'count',
      measured: 2,
    });
  });

  it('resolves a rule with the measured value when it falls back under the threshold', async () => {
    await documents(30, 'Delivered', 'email', 5);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ resolved: 1 });
    expect(await resolutionOf(rejectedDefault)).toEqual([
      { reason: 'belowThreshold', measured: 4, matching: 2, total: 50 },
    ]);
    // Half an hour later the Kivra rejections have left the 30-minute window too.
    const later = new Date(at.getTime() + 31 * 60_000);
    expect(await evaluateThresholdRules(ctx.db, later)).toMatchObject({ resolved: 1 });
    expect(await openAlerts()).toEqual([]);
    // The next tests measure at the first moment again, where the Kivra rule would still alert.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/alert-rules/${kivraRule}?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('counts documents not delivered after the grace hour, not the ones still within it', async () => {
    await documents(25, 'NotDelivered', 'email', 30);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 0 });
    await documents(20, 'NotDelivered', 'email', 120);
    await documents(20, 'Delivered', 'email', 125);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 1 });
    const alert = (await openAlerts()).find((a) => a.kind === 'documentsNotDelivered');
    expect(alert?.details).toMatchObject({ measured: 50, matching: 20, total: 40, to: minutesAgo(60) });
  });

  it('raises each alert once when two workers evaluate at the same moment', async () => {
    await addRule({
      kind: 'documentsNotDelivered',
      channel: 'email',
      measure: 'count',
      threshold: 5,
      windowMinutes: 600,
    });
    const [first, second] = await Promise.all([
      evaluateThresholdRules(ctx.db, at),
      evaluateThresholdRules(ctx.db, at),
    ]);
    expect(first.raised + second.raised).toBe(1);
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM hub_events WHERE customer_id = $1 AND type = 'alert.raised'
          AND data->'details'->>'channel' = 'email'`,
      [malardalen],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('resolves the open alert when its rule is switched off, and writes alert events for webhooks', async () => {
    const alert = (await openAlerts()).find(
      (a) => a.kind === 'documentsNotDelivered' && a.details.channel === null,
    )!;
    const ruleId = alert.subject_key.replace('alertRule:', '');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/alert-rules/${ruleId}/enabled?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { enabled: false },
    });
    expect(response.json<TAlertRule>()).toMatchObject({ enabled: false, isRaised: false });
    expect(await resolutionOf(alert.subject_key)).toEqual([{ reason: 'ruleSwitchedOff' }]);
    expect(await evaluateThresholdRules(ctx.db, at)).toMatchObject({ raised: 0 });
  });
});
