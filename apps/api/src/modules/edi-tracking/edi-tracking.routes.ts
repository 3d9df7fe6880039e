import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZGetEdiConsignmentRequest,
  ZGetEdiConsignmentResponse,
  ZGetEdiDocumentRequest,
  ZGetEdiDocumentResponse,
  ZGetEdiMessageRequest,
  ZGetEdiMessageResponse,
  ZListEdiConsignmentsRequest,
  ZListEdiConsignmentsResponse,
  ZListEdiDocumentsRequest,
  ZListEdiDocumentsResponse,
  ZListEdiMessagesRequest,
  ZListEdiMessagesResponse,
} from '@service-hub/contracts';
import { accountOf } from '../auth/request-context.ts';
import { listConsignments, listDocuments, listMessages } from './edi-tracking.repository.ts';
import { getConsignment, getDocument, getMessage, listedAccounts } from './edi-tracking.service.ts';

/**
 * Every EDI tracking read is also open to a customer's own systems with an account API key of
 * scope `ediTracking:read` (docs/api-keys.md).
 */
const ETS = { access: { account: { requires: 'ETS' as const }, apiKeyScope: 'ediTracking:read' as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const TEXT_FILTERS =
  'Text filters compare ignoring case with their search type (`senderNameOperator=startsWith`, …; ' +
  'default contains). `fromDate`/`toDate` are whole days in `timeZone`, both inclusive. `totalCount` is ' +
  'exact up to 10 000 (`totalCountExact`); pages reach the first 10 000 rows and `cursor` continues beyond.';
const PARTY_RULE =
  "403 when the active account's customer number is neither the consignment's sender nor its receiver " +
  '(also for ids that do not exist).';

/** EDI track and trace (spec 2, 3, 4, 6, 7 and 8): consignments, documents and messages. */
export const ediTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracking/ets/consignments',
    {
      config: ETS,
      schema: {
        operationId: 'listEdiConsignments',
        tags: ['edi tracking'],
        summary: "The accounts' EDI consignments that match the filters, one page",
        description: TEXT_FILTERS,
        querystring: ZListEdiConsignmentsRequest,
        response: { 200: ZListEdiConsignmentsResponse, ...errors },
      },
    },
    async (request) => {
      const { customerIds, ...query } = request.query;
      const accounts = await listedAccounts(app.db, request.principal, accountOf(request), customerIds);
      const { rows, ...page } = await listConsignments(app.db, accounts, query);
      return { ...page, result: rows };
    },
  );

  app.get(
    '/api/tracking/ets/consignments/:consignmentId',
    {
      config: ETS,
      schema: {
        operationId: 'getEdiConsignment',
        tags: ['edi tracking'],
        summary: 'A consignment with its parties, status history, documents and messages',
        description: PARTY_RULE,
        params: ZGetEdiConsignmentRequest,
        response: { 200: ZGetEdiConsignmentResponse, ...errors },
      },
    },
    async (request) => getConsignment(app.db, accountOf(request), request.params.consignmentId),
  );

  app.get(
    '/api/tracking/ets/documents',
    {
      config: ETS,
      schema: {
        operationId: 'listEdiDocuments',
        tags: ['edi tracking'],
        summary: "The accounts' EDI documents that match the filters, one page",
        description: `${TEXT_FILTERS} Names, addresses and file name are the document's consignment's.`,
        querystring: ZListEdiDocumentsRequest,
        response: { 200: ZListEdiDocumentsResponse, ...errors },
      },
    },
    async (request) => {
      const { customerIds, ...query } = request.query;
      const accounts = await listedAccounts(app.db, request.principal, accountOf(request), customerIds);
      const { rows, ...page } = await listDocuments(app.db, accounts, query);
      return { ...page, result: rows };
    },
  );

  app.get(
    '/api/tracking/ets/documents/:documentId/:consignmentId',
    {
      config: ETS,
      schema: {
        operationId: 'getEdiDocument',
        tags: ['edi tracking'],
        summary: 'A document of a consignment with its parties, status history and the sibling messages',
        description: PARTY_RULE,
        params: ZGetEdiDocumentRequest,
        response: { 200: ZGetEdiDocumentResponse, ...errors },
      },
    },
    async (request) =>
      getDocument(app.db, accountOf(request), request.params.documentId, request.params.consignmentId),
  );

  app.get(
    '/api/tracking/ets/messages',
    {
      config: ETS,
      schema: {
        operationId: 'listEdiMessages',
        tags: ['edi tracking'],
        summary: "The accounts' EDI messages that match the filters, one page",
        description: `${TEXT_FILTERS} Names, addresses and file name are the message's consignment's.`,
        querystring: ZListEdiMessagesRequest,
        response: { 200: ZListEdiMessagesResponse, ...errors },
      },
    },
    async (request) => {
      const { customerIds, ...query } = request.query;
      const accounts = await listedAccounts(app.db, request.principal, accountOf(request), customerIds);
      const { rows, ...page } = await listMessages(app.db, accounts, query);
      return { ...page, result: rows };
    },
  );

  app.get(
    '/api/tracking/ets/messages/:messageId/:consignmentId',
    {
      config: ETS,
      schema: {
        operationId: 'getEdiMessage',
        tags: ['edi tracking'],
        summary: 'A message of a consignment with its parties, status history and the sibling documents',
        description: PARTY_RULE,
        params: ZGetEdiMessageRequest,
        response: { 200: ZGetEdiMessageResponse, ...errors },
      },
    },
    async (request) =>
      getMessage(app.db, accountOf(request), request.params.messageId, request.params.consignmentId),
  );
};
