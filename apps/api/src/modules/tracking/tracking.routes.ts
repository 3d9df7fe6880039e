import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZTrackingDocumentSummary,
  ZTrackingFileSummary,
  ZListTrackingDocumentsRequest,
  ZListTrackingFilesRequest,
  ZListTrackingDocumentsResponse,
  ZListTrackingFilesResponse,
  ZTrackingIdParam,
  ZGetTrackingOverviewResponse,
  ZGetTrackingOverviewRequest,
  ZGetTrackingFileResponse,
  ZGetTrackingDocumentResponse,
  ZExportTrackingFilesRequest,
  ZExportTrackingDocumentsRequest,
} from '@service-hub/contracts';
import { accountOf } from '../auth/request-context.ts';
import { trackingOverview } from './tracking-overview.repository.ts';
import { exportCsv } from './tracking-export.ts';
import {
  allDocuments,
  allFiles,
  documentsQuery,
  filesQuery,
  listDocuments,
  listFiles,
} from './tracking.repository.ts';
import { getDocument, getFile } from './tracking.service.ts';

const STT = { access: { account: { requires: 'STT' as const } } };
/**
 * The lists, details and exports a customer's own systems may also read with an account API key
 * of scope `tracking:read` (docs/api-keys.md); the overview stays the web app's.
 */
const STT_OR_KEY = {
  access: { account: { requires: 'STT' as const }, apiKeyScope: 'tracking:read' as const },
};
const csv = {
  description: 'A header row, then one row per entry',
  content: { 'text/csv': { schema: z.string() } },
};
const attachment = (name: string) =>
  `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/** Track and trace of outgoing files and documents (spec 2, 3, 4 and 6), for the active account. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracking/stt/overview',
    {
      config: STT,
      schema: {
        operationId: 'getTrackingOverview',
        tags: ['tracking'],
        summary:
          'Counts by status and channel, channels per day, and what needs attention, for a range of days',
        querystring: ZGetTrackingOverviewRequest,
        response: { 200: ZGetTrackingOverviewResponse, ...errors },
      },
    },
    async (request) => trackingOverview(app.db, accountOf(request).id, request.query),
  );

  app.get(
    '/api/tracking/stt/files',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'listTrackingFiles',
        tags: ['tracking'],
        summary: "The account's files that match the filters, one page",
        description:
          'Text filters compare ignoring case with their operator (`filenameOperator=startsWith`, …). ' +
          '`totalCount` is exact up to 10 000 (`totalCountExact`); pages reach the first 10 000 rows and ' +
          '`cursor` continues beyond.',
        querystring: ZListTrackingFilesRequest,
        response: { 200: ZListTrackingFilesResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, ...page } = await listFiles(app.db, accountOf(request).id, request.query);
      return { ...page, result: rows };
    },
  );

  app.get(
    '/api/tracking/stt/files/:fileId',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'getTrackingFile',
        tags: ['tracking'],
        summary: 'A file with its delivery per channel, status log and details',
        description:
          "403 when the active account is neither the file's sender nor its receiver (also for ids that do not exist).",
        params: z.object({ fileId: ZTrackingIdParam }),
        response: { 200: ZGetTrackingFileResponse, ...errors },
      },
    },
    async (request) => getFile(app.db, accountOf(request), request.params.fileId),
  );

  app.get(
    '/api/tracking/stt/documents',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'listTrackingDocuments',
        tags: ['tracking'],
        summary: "The account's documents that match the filters, one page",
        description:
          'Text filters compare ignoring case with their operator (`invoiceNumberOperator=exact`, …); ' +
          '`filename` is the name of the document’s file. Counting and paging as for files.',
        querystring: ZListTrackingDocumentsRequest,
        response: { 200: ZListTrackingDocumentsResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, ...page } = await listDocuments(app.db, accountOf(request).id, request.query);
      return { ...page, result: rows };
    },
  );

  app.get(
    '/api/tracking/stt/documents/:documentId',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'getTrackingDocument',
        tags: ['tracking'],
        summary: 'A document with its delivery per channel and its timeline across channels',
        description:
          "403 when the active account is neither the sender nor the receiver of the document's file (also for ids that do not exist).",
        params: z.object({ documentId: ZTrackingIdParam }),
        response: { 200: ZGetTrackingDocumentResponse, ...errors },
      },
    },
    async (request) => getDocument(app.db, accountOf(request), request.params.documentId),
  );

  app.get(
    '/api/tracking/stt/files/export',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'exportTrackingFiles',
        tags: ['tracking'],
        summary: "The account's files that match the filters, all of them, as CSV",
        description:
          'Same filters and sort as the list (paging is ignored). Up to 1 000 000 rows; more is refused ' +
          'with 400 before anything is sent.',
        querystring: ZExportTrackingFilesRequest,
        response: { 200: csv, ...errors },
      },
    },
    async (request, reply) => {
      const stream = await exportCsv(
        app.db,
        filesQuery(accountOf(request).id, request.query),
        Object.keys(ZTrackingFileSummary.shape) as (keyof typeof ZTrackingFileSummary.shape)[],
        allFiles,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment('tracking-files'))
          // A stream bypasses serialisation; the schema's string only documents the body.
          .send(stream as unknown as string)
      );
    },
  );

  app.get(
    '/api/tracking/stt/documents/export',
    {
      config: STT_OR_KEY,
      schema: {
        operationId: 'exportTrackingDocuments',
        tags: ['tracking'],
        summary: "The account's documents that match the filters, all of them, as CSV",
        description: 'Same filters and sort as the list (paging is ignored). Up to 1 000 000 rows.',
        querystring: ZExportTrackingDocumentsRequest,
        response: { 200: csv, ...errors },
      },
    },
    async (request, reply) => {
      const stream = await exportCsv(
        app.db,
        documentsQuery(accountOf(request).id, request.query),
        Object.keys(ZTrackingDocumentSummary.shape) as (keyof typeof ZTrackingDocumentSummary.shape)[],
        allDocuments,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment('tracking-documents'))
          // A stream bypasses serialisation; the schema's string only documents the body.
          .send(stream as unknown as string)
      );
    },
  );
};
