import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STATUS_CACHE_SECONDS,
  ZAddStatusNoticeUpdateRequest,
  ZAddStatusNoticeUpdateResponse,
  ZApiError,
  ZCreateStatusNoticeRequest,
  ZCreateStatusNoticeResponse,
  ZGetStatusFeedRequest,
  ZGetStatusResponse,
  ZListStatusNoticesResponse,
  ZStatusNoticeIdParam,
} from '@service-hub/contracts';
import { principalOf } from '../auth/request-context.ts';
import { statusFeed } from './status-feed.ts';
import { addUpdate, createNotice, getNotices, StatusService } from './status.service.ts';

export type StatusRoutesOptions = {
  publicUrl: string;
  /** Tests shorten the bound of the status computation. */
  timeoutMs?: number;
};

const PROVIDER_ADMINS = { access: { roles: ['SF_ADMIN'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
/** Anyone (and any cache between) may keep the public answers as long as the server does. */
const PUBLIC_CACHE = `public, max-age=${STATUS_CACHE_SECONDS}`;

/**
 * The public status page's data and feed (no sign-in), and the incidents and maintenance notices
 * that provider administrators write (docs/status-page.md).
 */
export const statusRoutes: FastifyPluginAsyncZod<StatusRoutesOptions> = async (app, options) => {
  const status = new StatusService(app.db, app.log, { timeoutMs: options.timeoutMs });

  app.get(
    '/api/status',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getStatus',
        tags: ['status'],
        summary: 'The state of each part of the Hub, and its incidents and maintenance (public)',
        description: `Computed at most every ${STATUS_CACHE_SECONDS} s per process; answers also when the database is unreachable.`,
        response: { 200: ZGetStatusResponse, 400: ZApiError },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return status.get();
    },
  );

  app.get(
    '/api/status/feed.atom',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getStatusFeed',
        tags: ['status'],
        summary: 'Incidents and maintenance as an Atom feed (public)',
        querystring: ZGetStatusFeedRequest,
        response: {
          200: {
            description: 'An Atom 1.0 feed, one entry per update',
            content: { 'application/atom+xml': { schema: z.string() } },
          },
          400: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { notices } = await status.get();
      const feed = statusFeed(notices, {
        publicUrl: options.publicUrl,
        language: request.query.lang,
        now: new Date(),
      });
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', PUBLIC_CACHE)
        .send(feed);
    },
  );

  app.get(
    '/api/status-notices',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'listStatusNotices',
        tags: ['status'],
        summary: 'Open incidents and maintenance, and those closed in the last 90 days',
        response: { 200: ZListStatusNoticesResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getNotices(app.db);
    },
  );

  app.post(
    '/api/status-notices',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createStatusNotice',
        tags: ['status'],
        summary: 'Opens an incident or announces maintenance, with its first message',
        body: ZCreateStatusNoticeRequest,
        response: { 201: ZCreateStatusNoticeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const notice = await createNotice(app.db, principalOf(request), request.body, request.id);
      status.invalidate();
      return reply.code(201).send(notice);
    },
  );

  app.post(
    '/api/status-notices/:id/updates',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'addStatusNoticeUpdate',
        tags: ['status'],
        summary: 'Posts an update of an incident or maintenance; resolved or completed closes it',
        description: '409 CONFLICT when the notice is closed already.',
        params: ZStatusNoticeIdParam,
        body: ZAddStatusNoticeUpdateRequest,
        response: { 201: ZAddStatusNoticeUpdateResponse, ...errors, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const notice = await addUpdate(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        request.id,
      );
      status.invalidate();
      return reply.code(201).send(notice);
    },
  );
};
