import type { TAlertRule, TGetAlertSettingsResponse } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[ALERTS] threshold rules and checks of an account', () => {
  let ctx: TestContext;
  let malardalen: number;
  let gota: number;
  let adminToken: string;
  let userToken: string;
  let sfadminToken: string;
  const call = (
    token: string,
    account: number,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url: `/api${path}?activeAccountId=${account}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const settingsOf = async (token: string, account: number) =>
    (await call(token, account, 'GET', '/alert-settings')).json<TGetAlertSettingsResponse>();
  const kivraCount = {
    kind: 'documentsRejected',
    channel: 'kivra',
    measure: 'count',
    threshold: 25,
    windowMinutes: 30,
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    adminToken = await ctx.tokenFor('admin@example.com');
    userToken = await ctx.tokenFor('user@example.com');
    sfadminToken = await ctx.tokenFor('sfadmin@example.com');
  });
  afterAll(() => ctx.close());

  it('refuses customer users, accounts the caller does not hold and anonymous callers', async () => {
    expect((await call(userToken, malardalen, 'GET', '/alert-settings')).statusCode).toBe(403);
    expect((await call(userToken, malardalen, 'POST', '/alert-rules', kivraCount)).statusCode).toBe(403);
    expect(
      (await call(userToken, malardalen, 'PUT', '/alert-checks', { kind: 'reportFailed', enabled: false }))
        .statusCode,
    ).toBe(403);
    // The administrator of Mälardalen does not hold Göta.
    expect((await call(adminToken, gota, 'GET', '/alert-settings')).statusCode).toBe(403);
    expect((await call(adminToken, gota, 'POST', '/alert-rules', kivraCount)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/alert-settings?activeAccountId=${malardalen}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the two defaults of a new account, all checks on', async () => {
    const settings = await settingsOf(adminToken, malardalen);
    expect(settings.rules).toEqual([
      expect.objectContaining({
        kind: 'documentsNotDelivered',
        channel: null,
        measure: 'share',
        threshold: 10,
        windowMinutes: 1440,
        minDocuments: 20,
        enabled: true,
        isDefault: true,
        isRaised: false,
      }),
      expect.objectContaining({
        kind: 'documentsRejected',
        threshold: 5,
        windowMinutes: 60,
        isDefault: true,
      }),
    ]);
    expect(settings.checks).toEqual([
      { kind: 'missingFile', enabled: true },
      { kind: 'ediMessageFailed', enabled: true },
      { kind: 'reportFailed', enabled: true },
    ]);
    expect(settings.hasAllDefaults).toBe(true);
  });

  it('adds, edits, switches and deletes a rule, each change audited for the account', async () => {
    const created = await call(adminToken, malardalen, 'POST', '/alert-rules', kivraCount);
    expect(created.statusCode).toBe(201);
    const rule = created.json<TAlertRule>();
    expect(rule).toMatchObject({ ...kivraCount, minDocuments: 20, enabled: true, isDefault: false });

    const edited = await call(adminToken, malardalen, 'PUT', `/alert-rules/${rule.id}`, {
      ...kivraCount,
      threshold: 40,
      enabled: true,
    });
    expect(edited.json<TAlertRule>().threshold).toBe(40);
    const off = await call(adminToken, malardalen, 'PUT', `/alert-rules/${rule.id}/enabled`, {
      enabled: false,
    });
    expect(off.json<TAlertRule>().enabled).toBe(false);
    expect((await call(adminToken, malardalen, 'DELETE', `/alert-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await call(adminToken, malardalen, 'DELETE', `/alert-rules/${rule.id}`)).statusCode).toBe(404);

    const { rows } = await ctx.db.$client.query<{ action: string; customer_id: number }>(
      `SELECT action, customer_id FROM audit_log WHERE entity_id = $1 ORDER BY id`,
      [rule.id],
    );
    expect(rows).toEqual(
      ['alertRule.create', 'alertRule.update', 'alertRule.disable', 'alertRule.delete'].map((action) => ({
        action,
        customer_id: malardalen,
      })),
    );
  });

  it("answers 404 for another account's rule, through the caller's own account", async () => {
    const gotaRule = (await settingsOf(sfadminToken, gota)).rules[0]!;
    // admin holds Mälardalen: the rule of Göta is not there.
    for (const [method, path, payload] of [
      ['PUT', `/alert-rules/${gotaRule.id}`, { ...kivraCount }],
      ['PUT', `/alert-rules/${gotaRule.id}/enabled`, { enabled: false }],
      ['DELETE', `/alert-rules/${gotaRule.id}`, undefined],
    ] as const) {
      expect((await call(adminToken, malardalen, method, path, payload)).statusCode).toBe(404);
    }
    expect((await settingsOf(sfadminToken, gota)).rules.find((r) => r.id === gotaRule.id)?.enabled).toBe(
      true,
    );
  });

  it('switches a default off and restores it; a deleted default comes back', async () => {
    const settings = await settingsOf(adminToken, malardalen);
    const rejected = settings.rules.find((r) => r.kind === 'documentsRejected')!;
    const notDelivered = settings.rules.find((r) => r.kind === 'documentsNotDelivered')!;
    await call(adminToken, malardalen, 'PUT', `/alert-rules/${rejected.id}/enabled`, { enabled: false });
    await call(adminToken, malardalen, 'DELETE', `/alert-rules/${notDelivered.id}`);
    expect((await settingsOf(adminToken, malardalen)).hasAllDefaults).toBe(false);

    const restored = await call(adminToken, malardalen, 'POST', '/alert-rules/restore-defaults');
    expect(restored.statusCode).toBe(200);
    const after = restored.json<TGetAlertSettingsResponse>();
    expect(after.hasAllDefaults).toBe(true);
    expect(after.rules.filter((r) => r.isDefault && r.enabled)).toHaveLength(2);
    expect(after.rules.find((r) => r.id === rejected.id)?.enabled).toBe(true);
    // Twice restores nothing more.
    const again = (
      await call(adminToken, malardalen, 'POST', '/alert-rules/restore-defaults')
    ).json<TGetAlertSettingsResponse>();
    expect(again.rules).toHaveLength(after.rules.length);
  });

  it('switches the other checks; a provider administrator holding the account may too', async () => {
    const off = await call(adminToken, malardalen, 'PUT', '/alert-checks', {
      kind: 'ediMessageFailed',
      enabled: false,
    });
    expect(off.json()).toEqual({ kind: 'ediMessageFailed', enabled: false });
    expect((await settingsOf(adminToken, malardalen)).checks).toContainEqual({
      kind: 'ediMessageFailed',
      enabled: false,
    });
    const on = await call(sfadminToken, gota, 'PUT', '/alert-checks', {
      kind: 'reportFailed',
      enabled: false,
    });
    expect(on.statusCode).toBe(200);
    await call(adminToken, malardalen, 'PUT', '/alert-checks', { kind: 'ediMessageFailed', enabled: true });
    // Another account's switches are its own.
    expect((await settingsOf(adminToken, malardalen)).checks.every((c) => c.enabled)).toBe(true);
  });

  it.each([
    ['a share over 100 %', { ...kivraCount, measure: 'share', threshold: 101 }, 'body.threshold'],
    ['a window under 5 minutes', { ...kivraCount, windowMinutes: 4 }, 'body.windowMinutes'],
    ['a window over 7 days', { ...kivraCount, windowMinutes: 10_081 }, 'body.windowMinutes'],
    ['an unknown channel', { ...kivraCount, channel: 'pigeon' }, 'body.channel'],
    ['a kind that is no threshold', { ...kivraCount, kind: 'missingFile' }, 'body.kind'],
    ['a huge number', { ...kivraCount, threshold: 1e308 }, 'body.threshold'],
    ['a fractional count', { ...kivraCount, threshold: 2.5 }, 'body.threshold'],
    ['a zero threshold', { ...kivraCount, threshold: 0 }, 'body.threshold'],
    ['an unknown field', { ...kivraCount, severity: 'high' }, 'body.severity'],
    ['NUL in a string', { ...kivraCount, channel: 'kiv\u0000ra' }, undefined],
  ])('refuses %s with a 400 naming the field', async (_, payload, field) => {
    const response = await call(adminToken, malardalen, 'POST', '/alert-rules', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorCode: string; errors?: { field: string }[] }>();
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    if (field) expect(body.errors?.map((e) => e.field)).toContain(field);
  });

  it('refuses a bad rule id and an unknown check', async () => {
    expect(
      (await call(adminToken, malardalen, 'PUT', '/alert-rules/not-a-uuid/enabled', { enabled: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(adminToken, malardalen, 'PUT', '/alert-checks', {
          kind: 'documentsRejected',
          enabled: false,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(adminToken, malardalen, 'PUT', '/alert-checks', { kind: 'reportFailed', enabled: 'no' }))
        .statusCode,
    ).toBe(400);
  });
});
