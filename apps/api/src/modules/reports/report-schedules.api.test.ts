import type { TReportSchedule, TListReportSchedulesResponse } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';
import { runDueSchedules } from './report-schedules.service.ts';

describe('[REPORTS] scheduled reports: daily, weekly or monthly, to the list and by e-mail', () => {
  let ctx: TestContext;
  let malardalen: number;
  let bergen: number;
  let userToken: string;
  let adminToken: string;
  const call = (
    token: string,
    account: number,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path = '',
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/report-schedules${path}?activeAccountId=${account}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
    userToken = await ctx.tokenFor('user@example.com');
    adminToken = await ctx.tokenFor('admin@example.com');
  });
  afterAll(() => ctx.close());

  it('creates a schedule that runs at the start of the next period', async () => {
    const created = await call(userToken, malardalen, 'POST', '', {
      level: 'file',
      frequency: 'weekly',
      language: 'da',
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json<TReportSchedule>();
    expect(schedule).toMatchObject({
      level: 'file',
      format: 'CSV',
      frequency: 'weekly',
      paused: false,
      owner: 'Ulla Sand',
      canManage: true,
    });
    expect(new Date(schedule.nextRunAt).getUTCDay()).toBe(1);
    const list = (await call(adminToken, malardalen, 'GET')).json<TListReportSchedulesResponse>();
    expect(list.schedules.map((s) => s.id)).toContain(schedule.id);
    expect(
      (await call(userToken, malardalen, 'POST', '', { level: 'file', frequency: 'hourly' })).statusCode,
    ).toBe(400);
  });

  it('orders the due report, generates it and mails the owner a link', async () => {
    const { schedules } = (await call(userToken, malardalen, 'GET')).json<TListReportSchedulesResponse>();
    const schedule = schedules[0]!;
    const runAt = new Date(new Date(schedule.nextRunAt).getTime() + 60_000);
    const ordered = await runDueSchedules({ db: ctx.db, enqueue: ctx.app.enqueueJob }, runAt);
    expect(ordered).toBe(1);
    expect(await runDueSchedules({ db: ctx.db, enqueue: ctx.app.enqueueJob }, runAt)).toBe(0);
    const { rows } = await ctx.db.$client.query<{ id: string; from_date: string; to_date: string }>(
      'SELECT id, from_date, to_date FROM reports WHERE schedule_id = $1',
      [schedule.id],
    );
    expect(rows).toHaveLength(1);
    const runDay = schedule.nextRunAt.slice(0, 10);
    expect(rows[0]!.to_date < runDay && rows[0]!.from_date <= rows[0]!.to_date).toBe(true);
    const reports = reportsClient(ctx.app, userToken, malardalen);
    const report = await reports.settled(rows[0]!.id);
    expect(report).toMatchObject({ status: 'ready', scheduled: true });
    const mail = await ctx.lastMailTo('user@example.com');
    expect(mail?.subject).toBe('Din planlagte rapport for Mälardalens Vatten AB er klar');
    expect(mail?.text).toContain(`/reports?activeAccountId=${malardalen}`);
    const after = (await call(userToken, malardalen, 'GET')).json<TListReportSchedulesResponse>()
      .schedules[0]!;
    expect(Date.parse(after.nextRunAt)).toBeGreaterThan(runAt.getTime());
    expect(after.lastRunAt).not.toBeNull();
  });

  it('lets the owner and administrators pause or remove a schedule, and nobody else; another account’s is 404', async () => {
    const adminSchedule = (
      await call(adminToken, malardalen, 'POST', '', {
        level: 'document',
        frequency: 'monthly',
        format: 'XLSX',
      })
    ).json<TReportSchedule>();
    const refused = await call(userToken, malardalen, 'PATCH', `/${adminSchedule.id}`, { paused: true });
    expect(refused.statusCode).toBe(403);
    expect((await call(userToken, malardalen, 'DELETE', `/${adminSchedule.id}`)).statusCode).toBe(403);

    const { schedules } = (await call(userToken, malardalen, 'GET')).json<TListReportSchedulesResponse>();
    const usersSchedule = schedules.find((s) => s.owner === 'Ulla Sand')!;
    const paused = await call(adminToken, malardalen, 'PATCH', `/${usersSchedule.id}`, { paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true });
    const far = new Date(Date.now() + 400 * 86_400_000);
    expect(await runDueSchedules({ db: ctx.db, enqueue: ctx.app.enqueueJob }, far)).toBe(1); // only the admin's
    const resumed = await call(userToken, malardalen, 'PATCH', `/${usersSchedule.id}`, { paused: false });
    expect(resumed.json()).toMatchObject({ paused: false });

    const bergenSchedule = (
      await call(adminToken, bergen, 'POST', '', { level: 'file', frequency: 'daily' })
    ).json<TReportSchedule>();
    const foreign = await call(userToken, malardalen, 'DELETE', `/${bergenSchedule.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await call(userToken, bergen, 'GET')).statusCode).toBe(403);

    expect((await call(userToken, malardalen, 'DELETE', `/${usersSchedule.id}`)).statusCode).toBe(204);
    expect((await call(adminToken, malardalen, 'DELETE', `/${adminSchedule.id}`)).statusCode).toBe(204);
    expect(
      (await call(adminToken, malardalen, 'GET')).json<TListReportSchedulesResponse>().schedules,
    ).toEqual([]);
  });
});
