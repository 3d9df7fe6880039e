import { z } from 'zod';
import { runDueSchedules } from '../modules/reports/report-schedules.service.ts';
import { defineJob } from './job-definition.ts';

/** Orders the reports of due schedules; every five minutes, so a run is at most that late. */
export const runReportSchedulesJob = defineJob({
  name: 'run-report-schedules.v1',
  payload: z.object({}),
  schedule: '*/5 * * * *',
  handle: async (services) => {
    await runDueSchedules(services);
  },
});
