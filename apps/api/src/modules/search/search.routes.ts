import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZGetSearchHistoryResponse,
  ZRecordSearchOpenedRequest,
  ZSearchRequest,
  ZSearchResponse,
} from '@service-hub/contracts';
import { notFound } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { clearHistory, recordOpened, searchHistory } from './search-history.repository.ts';
import { searchScope } from './search-scope.ts';
import { keyOf, search } from './search.repository.ts';

const SIGNED_IN = { access: {} };
const TAGS = ['search'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/**
 * The header search (issue 25): every account the caller holds and every service they may use in
 * it, decided per account as the lists decide; customers and users for provider staff.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: FastifyRequest) => searchScope(app.db, app.authenticator, principalOf(request));

  app.get(
    '/api/search',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'search',
        tags: TAGS,
        summary:
          'Finds documents, files, EDI items, support cases, reports (and customers and users for provider staff)',
        description:
          'Ids, invoice numbers, file names and case numbers match exactly or by their start, ignoring case; ' +
          'names and subjects from three characters on; an e-address whole; a date or month (2026-11) finds ' +
          'the reports covering it. Across every account the caller holds, each kind only where the caller ' +
          'may open its list.',
        querystring: ZSearchRequest,
        response: { 200: ZSearchResponse, ...errors },
      },
    },
    async (request) => ({
      query: request.query.q,
      groups: await search(app.db, await scopeOf(request), request.query.q),
    }),
  );

  app.get(
    '/api/search/history',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'getSearchHistory',
        tags: TAGS,
        summary: "The caller's recent searches and the items they opened from the search",
        response: { 200: ZGetSearchHistoryResponse, ...errors },
      },
    },
    async (request) => searchHistory(app.db, principalOf(request).userId, await scopeOf(request)),
  );

  app.post(
    '/api/search/history',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'recordSearchOpened',
        tags: TAGS,
        summary: 'Remembers a search and the item opened from it',
        description: '404 when the item does not exist or the caller may not see it in that account.',
        body: ZRecordSearchOpenedRequest,
        response: { 204: z.undefined(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const { query, ...item } = request.body;
      const found = await keyOf(app.db, await scopeOf(request), item);
      if (!found) throw notFound('The item was not found.');
      await recordOpened(app.db, principalOf(request).userId, query, { kind: item.kind, ...found });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/search/history',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'clearSearchHistory',
        tags: TAGS,
        summary: "Forgets the caller's recent searches and opened items",
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await clearHistory(app.db, principalOf(request).userId);
      return reply.code(204).send();
    },
  );
};
