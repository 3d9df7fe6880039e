import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAVED_VIEW_LISTS,
  ZApiError,
  ZCreateSavedViewRequest,
  ZListSavedViewsRequest,
  ZSaveListColumnsRequest,
  ZListSavedViewsResponse,
  ZUpdateSavedViewRequest,
  ZCreateSavedViewResponse,
  ZUpdateSavedViewResponse,
  ZGetListColumnsResponse,
  ZSaveListColumnsResponse,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import { listColumns, saveColumns } from './saved-views.repository.ts';
import { changeView, createView, getViews, removeView } from './saved-views.service.ts';

const ACCOUNT = { access: { account: {} } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const viewId = z.object({ id: z.string().uuid() });

/**
 * Saved views of lists (filters, sort, page size under a name, optionally shared with colleagues
 * of the account) and each user's columns of a list, stored on the server.
 */
export const savedViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-views',
    {
      config: ACCOUNT,
      schema: {
        operationId: 'listSavedViews',
        tags: ['saved views'],
        summary: "The user's views of a list in the account, and those colleagues shared",
        querystring: ZListSavedViewsRequest,
        response: { 200: ZListSavedViewsResponse, ...errors },
      },
    },
    async (request) => getViews(app.db, principalOf(request).userId, accountOf(request), request.query.list),
  );

  app.post(
    '/api/saved-views',
    {
      config: ACCOUNT,
      schema: {
        operationId: 'createSavedView',
        tags: ['saved views'],
        summary: 'Saves a view of a list under a name',
        body: ZCreateSavedViewRequest,
        response: { 201: ZCreateSavedViewResponse, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createView(app.db, principalOf(request).userId, accountOf(request), request.body)),
  );

  app.put(
    '/api/saved-views/:id',
    {
      config: ACCOUNT,
      schema: {
        operationId: 'updateSavedView',
        tags: ['saved views'],
        summary: "Renames, changes or shares one of the user's views",
        params: viewId,
        body: ZUpdateSavedViewRequest,
        response: { 200: ZUpdateSavedViewResponse, 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) =>
      changeView(app.db, principalOf(request).userId, accountOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/saved-views/:id',
    {
      config: ACCOUNT,
      schema: {
        operationId: 'deleteSavedView',
        tags: ['saved views'],
        summary: "Deletes one of the user's views",
        params: viewId,
        response: { 204: z.undefined(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removeView(app.db, principalOf(request).userId, accountOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  const listParam = z.object({ list: z.enum(SAVED_VIEW_LISTS) });

  app.get(
    '/api/list-columns/:list',
    {
      config: { access: {} },
      schema: {
        operationId: 'getListColumns',
        tags: ['saved views'],
        summary: "The user's columns of a list",
        params: listParam,
        response: { 200: ZGetListColumnsResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => ({
      columns: await listColumns(app.db, principalOf(request).userId, request.params.list),
    }),
  );

  app.put(
    '/api/list-columns/:list',
    {
      config: { access: {} },
      schema: {
        operationId: 'saveListColumns',
        tags: ['saved views'],
        summary: "Remembers the user's columns of a list",
        params: listParam,
        body: ZSaveListColumnsRequest,
        response: { 200: ZSaveListColumnsResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      await saveColumns(app.db, principalOf(request).userId, request.params.list, request.body.columns);
      return { columns: request.body.columns };
    },
  );
};
