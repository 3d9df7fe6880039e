import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreateReportScheduleRequest,
  ZReportIdParams,
  ZListReportSchedulesResponse,
  ZUpdateReportScheduleRequest,
  ZCreateReportScheduleResponse,
  ZUpdateReportScheduleResponse,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  setSchedulePaused,
} from './report-schedules.service.ts';

const STT = { access: { account: { requires: 'STT' } } } as const;

/** Recurring reports: daily, weekly or monthly, delivered to the list and by e-mail. */
export const reportSchedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/report-schedules',
    {
      config: STT,
      schema: {
        operationId: 'listReportSchedules',
        tags: ['reports'],
        summary: 'The account’s report schedules',
        response: { 200: ZListReportSchedulesResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => ({
      schedules: await listSchedules(app.db, principalOf(request), accountOf(request)),
    }),
  );

  app.post(
    '/api/report-schedules',
    {
      config: STT,
      schema: {
        operationId: 'createReportSchedule',
        tags: ['reports'],
        summary: 'Schedules a recurring report of the previous day, week or month',
        body: ZCreateReportScheduleRequest,
        response: { 201: ZCreateReportScheduleResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const schedule = await createSchedule(app.db, principalOf(request), accountOf(request), request.body);
      return reply.code(201).send(schedule);
    },
  );

  app.patch(
    '/api/report-schedules/:id',
    {
      config: STT,
      schema: {
        operationId: 'updateReportSchedule',
        tags: ['reports'],
        summary: 'Pauses or resumes a schedule (its owner or an administrator)',
        params: ZReportIdParams,
        body: ZUpdateReportScheduleRequest,
        response: {
          200: ZUpdateReportScheduleResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) =>
      setSchedulePaused(
        app.db,
        principalOf(request),
        accountOf(request),
        request.params.id,
        request.body.paused,
      ),
  );

  app.delete(
    '/api/report-schedules/:id',
    {
      config: STT,
      schema: {
        operationId: 'deleteReportSchedule',
        tags: ['reports'],
        summary: 'Removes a schedule (its owner or an administrator); its reports stay',
        params: ZReportIdParams,
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteSchedule(app.db, principalOf(request), accountOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
