import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_RETENTION_DAYS,
  ZApiError,
  ZListReportsRequest,
  ZReportIdParams,
  ZListReportsResponse,
  ZRequestReportRequest,
  ZRequestReportResponse,
} from '@service-hub/contracts';
import { generateReportJob } from '../../jobs/generate-report.job.ts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import { listReports } from './reports.repository.ts';
import {
  deleteReportOf,
  openReportFile,
  requestReport,
  viewerOf,
  type ReportDeps,
} from './reports.service.ts';

const STT = { access: { account: { requires: 'STT' } } } as const;

/** Report ordering, the account's report list, downloads and deletion (spec 2, 3, 8 and 9). */
export const reportsRoutes: FastifyPluginAsyncZod<{ maxRecords: number }> = async (app, options) => {
  const deps = (): ReportDeps => ({
    db: app.db,
    storage: app.storage.reports,
    enqueue: app.enqueueJob,
    maxRecords: options.maxRecords,
  });

  app.post(
    '/api/reports',
    {
      config: STT,
      schema: {
        operationId: 'requestReport',
        tags: ['reports'],
        summary: 'Orders a report of the account’s tracking data for a time frame',
        description:
          'The records are counted first: more than the limit (1 000 000) is refused with 422 and REPORT_TOO_LARGE. ' +
          'The report is generated in the background; the list shows its progress.',
        body: ZRequestReportRequest,
        response: {
          202: ZRequestReportResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const report = await requestReport(deps(), principalOf(request), accountOf(request), request.body);
      // Committed: a worker in this process starts at once (another process at its next poll).
      app.wakeWorkers(generateReportJob);
      return reply.code(202).send(report);
    },
  );

  app.get(
    '/api/reports',
    {
      config: STT,
      schema: {
        operationId: 'listReports',
        tags: ['reports'],
        summary: 'The account’s reports with their status and progress, newest first',
        querystring: ZListReportsRequest,
        response: { 200: ZListReportsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const { activeAccountId: _, ...query } = request.query as typeof request.query & {
        activeAccountId?: number;
      };
      const list = await listReports(app.db, accountOf(request).id, viewerOf(principalOf(request)), query);
      return { ...list, retentionDays: REPORT_RETENTION_DAYS, maxRecords: options.maxRecords };
    },
  );

  app.get(
    '/api/reports/:id/download',
    {
      config: STT,
      schema: {
        operationId: 'downloadReport',
        tags: ['reports'],
        summary: 'The file of a ready report (CSV or XLSX), streamed',
        params: ZReportIdParams,
        response: {
          200: {
            description: 'The report file (CSV or XLSX)',
            content: {
              'text/csv': { schema: z.string() },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: z.string().meta({ format: 'binary' }),
              },
            },
          },
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const file = await openReportFile(deps(), principalOf(request), accountOf(request), request.params.id);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store');
      if (file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
      // A stream bypasses serialisation; the schema's string only documents the body.
      return reply.send(file.body as unknown as string);
    },
  );

  app.delete(
    '/api/reports/:id',
    {
      config: STT,
      schema: {
        operationId: 'deleteReport',
        tags: ['reports'],
        summary: 'Deletes a report and its file (the requester or an administrator)',
        params: ZReportIdParams,
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteReportOf(deps(), principalOf(request), accountOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
