import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createNotification } from './notifications.repository.ts';

/** Reads server-sent events from a live stream until `count` notifications arrived. */
async function readNotifications(
  response: Response,
  count: number,
): Promise<{ id: number; type: string; payload: object }[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const received: { id: number; type: string; payload: object }[] = [];
  let buffer = '';
  while (received.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (const block of buffer.split('\n\n').slice(0, -1)) {
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: notification') && data) received.push(JSON.parse(data.slice(6)));
    }
    buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
  }
  await reader.cancel();
  return received;
}

describe('[NOTIFICATIONS] list, clear and live stream', () => {
  let ctx: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('lists only the caller’s notifications, newest first, with the count of new ones', async () => {
    const user = await ctx.userId('user@example.com');
    const admin = await ctx.userId('admin@example.com');
    await createNotification(ctx.db, { userId: user, type: 'reportReady', payload: { reportId: 'r1' } });
    await createNotification(ctx.db, {
      userId: user,
      type: 'caseReply',
      payload: { caseNumber: 'CS-2026-000001' },
    });
    await createNotification(ctx.db, {
      userId: admin,
      type: 'importFinished',
      payload: { succeeded: 3, failed: 1 },
    });

    const token = await ctx.tokenFor('user@example.com');
    const response = await ctx.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ notifications: { type: string; isNew: boolean }[]; newCount: number }>();
    expect(body.notifications.map((n) => n.type)).toEqual(['caseReply', 'reportReady']);
    expect(body.newCount).toBe(2);
  });

  it('clears the new ones for the caller only', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/clear-new',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cleared.statusCode).toBe(204);
    const mine = await ctx.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.json().newCount).toBe(0);
    expect(mine.json().notifications.every((n: { isNew: boolean }) => !n.isNew)).toBe(true);
    const adminToken = await ctx.tokenFor('admin@example.com');
    const theirs = await ctx.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(theirs.json().newCount).toBe(1);
  });

  it('pushes a new notification to the signed-in user’s stream, and not to others', async () => {
    const user = await ctx.userId('user@example.com');
    const admin = await ctx.userId('admin@example.com');
    const open = async (email: string) =>
      fetch(`${baseUrl}/api/notifications/stream`, {
        headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
      });
    const userStream = await open('user@example.com');
    const adminStream = await open('admin@example.com');
    expect(userStream.status).toBe(200);
    expect(userStream.headers.get('content-type')).toContain('text/event-stream');
    expect(userStream.headers.get('x-request-id')).toBeTruthy();

    const pending = readNotifications(userStream, 1);
    await createNotification(ctx.db, {
      userId: user,
      type: 'caseReply',
      payload: { caseNumber: 'CS-2026-000042' },
    });
    const [pushed] = await pending;
    expect(pushed).toMatchObject({
      type: 'caseReply',
      payload: { caseNumber: 'CS-2026-000042' },
      isNew: true,
    });
    expect(pushed).not.toHaveProperty('userId');

    const adminPending = readNotifications(adminStream, 1);
    await createNotification(ctx.db, { userId: admin, type: 'reportReady', payload: { reportId: 'r2' } });
    const [adminPushed] = await adminPending;
    expect(adminPushed).toMatchObject({ type: 'reportReady' });
  });

  it('refuses anonymous callers on every notification endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/clear-new'],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
