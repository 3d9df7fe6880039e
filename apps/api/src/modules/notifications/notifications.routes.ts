import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_ID_HEADER, ZApiError, ZListNotificationsResponse } from '@service-hub/contracts';
import { principalOf } from '../auth/request-context.ts';
import { MAX_STREAMS_PER_SESSION, NotificationHub } from './notification-hub.ts';
import { clearNewNotifications, listNotifications } from './notifications.repository.ts';

/** Keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(app.db, app.log, (principal) => app.authenticator.stillValid(principal));
  const openStreams = new Set<() => void>();
  // Streams never end by themselves: end them first, or shutting down would wait for them.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onClose', () => hub.close());

  app.get(
    '/api/notifications',
    {
      config: { access: {} },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: "The signed-in user's latest notifications, newest first, and how many are new",
        response: { 200: ZListNotificationsResponse, 401: ZApiError },
      },
    },
    async (request) => listNotifications(app.db, principalOf(request).userId),
  );

  app.post(
    '/api/notifications/clear-new',
    {
      config: { access: {} },
      schema: {
        operationId: 'clearNewNotifications',
        tags: ['notifications'],
        summary: 'Marks all new notifications as seen',
        response: { 204: z.undefined(), 401: ZApiError },
      },
    },
    async (request, reply) => {
      await clearNewNotifications(app.db, principalOf(request).userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      config: { access: {} },
      schema: {
        operationId: 'streamNotifications',
        tags: ['notifications'],
        summary: 'Server-sent events: one `notification` event (JSON Notification) per new notification',
        description:
          'The stream ends when its session ends (sign-out, password or e-mail change, disabled user). At most ' +
          `${MAX_STREAMS_PER_SESSION} streams per session stay open on one server: a newer one closes the oldest, ` +
          'which receives a `superseded` event first.',
        response: {
          200: {
            description: 'An endless text/event-stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // Assigned below once the stream is registered and open; `end` may run before that.
      let ended = false;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      let remove = () => {};
      const end = (reason?: 'sessionEnded' | 'superseded') => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        remove();
        openStreams.delete(end);
        // Tells the client not to come straight back: a newer stream of its session is open.
        if (reason === 'superseded') reply.raw.write('event: superseded\ndata: {}\n\n');
        reply.raw.end();
      };
      remove = await hub.open({
        principal,
        deliver: (notification) =>
          reply.raw.write(
            `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`,
          ),
        end,
      });
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        [REQUEST_ID_HEADER]: request.id,
      });
      reply.raw.write('retry: 5000\n: connected\n\n');
      // Each heartbeat also re-checks the caller, in case a session's end was not announced.
      heartbeat = setInterval(() => {
        reply.raw.write(': keep-alive\n\n');
        void app.authenticator
          .stillValid(principal)
          .then((valid) => valid || end('sessionEnded'))
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream re-check failed'));
      }, HEARTBEAT_MS);
      openStreams.add(end);
      request.raw.on('close', () => end());
    },
  );
};
