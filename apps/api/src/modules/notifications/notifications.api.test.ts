import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { LiveStream } from '../../../test/live-stream.ts';
import { MAX_STREAMS_PER_SESSION } from './notification-hub.ts';
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
    // admin@'s own notification is still new (their bell may hold others: the demo seed's alerts
    // of an account of theirs, and what the minute's alert evaluation adds to them meanwhile).
    expect(
      theirs
        .json<{ notifications: { type: string; isNew: boolean }[] }>()
        .notifications.filter((n) => n.type === 'importFinished'),
    ).toEqual([expect.objectContaining({ isNew: true })]);
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
    // It writes its own head: the headers every answer carries must still be in it.
    expect(userStream.headers.get('x-robots-tag')).toBe('noindex, nofollow');

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

describe('[NOTIFICATIONS] streams end with their session', () => {
  let ctx: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

  it('ends the stream at once when its session signs out, and a new one is refused', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const other = await LiveStream.open(baseUrl, await ctx.tokenFor('user@example.com'));
    const stream = await LiveStream.open(baseUrl, token);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
    expect(await stream.endsWithin(2000)).toBe(true);
    expect(await other.endsWithin(300)).toBe(false);
    await expect(LiveStream.open(baseUrl, token)).rejects.toThrow('HTTP 401');
    await other.close();
  });

  it('ends the streams of the other sessions when the password changes, not the one in use', async () => {
    const email = 'admin@example.com';
    const current = await ctx.tokenFor(email);
    const elsewhere = await LiveStream.open(baseUrl, await ctx.tokenFor(email));
    const here = await LiveStream.open(baseUrl, current);
    const changed = await post('/api/auth/password', current, {
      currentPassword: 'demo-password',
      newPassword: 'a-much-longer-secret-9',
    });
    expect(changed.statusCode).toBe(204);
    expect(await elsewhere.endsWithin(2000)).toBe(true);
    expect(here.ended).toBe(false);
    await here.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams per session: a newer one replaces the oldest`, async () => {
    const token = await ctx.tokenFor('user@example.com');
    const streams: LiveStream[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_SESSION; i += 1) streams.push(await LiveStream.open(baseUrl, token));
    const [oldest, ...newer] = streams;
    expect(await oldest!.endsWithin(2000)).toBe(true);
    expect(oldest!.text).toContain('event: superseded');
    await createNotification(ctx.db, {
      userId: await ctx.userId('user@example.com'),
      type: 'reportReady',
      payload: { reportId: 'capped' },
    });
    for (const stream of newer) {
      expect(await stream.shows('"reportId":"capped"')).toBe(true);
      expect(stream.ended).toBe(false);
    }
    // Another session of the same user has a cap of its own.
    const another = await LiveStream.open(baseUrl, await ctx.tokenFor('user@example.com'));
    expect(await newer[0]!.endsWithin(300)).toBe(false);
    await Promise.all([...newer, another].map((stream) => stream.close()));
  });

  it('re-checks the caller at each heartbeat: a user disabled without notice loses the stream', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const watched = await LiveStream.open(baseUrl, await ctx.tokenFor('sfadmin@example.com'));
      await ctx.db.$client.query(`UPDATE users SET enabled = false WHERE email = 'sfadmin@example.com'`);
      expect(await watched.endsWithin(300)).toBe(false);
      await vi.advanceTimersByTimeAsync(25_000);
      expect(await watched.endsWithin(2000)).toBe(true);
      expect(watched.text).toContain(': keep-alive');
    } finally {
      vi.useRealTimers();
      await ctx.db.$client.query(`UPDATE users SET enabled = true WHERE email = 'sfadmin@example.com'`);
    }
  });
});
