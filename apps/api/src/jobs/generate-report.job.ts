import { z } from 'zod';
import { announceReport } from '../modules/reports/report-announcements.ts';
import { GenerationFailed, generateReport, giveUp } from '../modules/reports/report-generation.ts';
import { defineJob } from './job-definition.ts';

/**
 * Generates one report. A report interrupted by a stop or a crash is retried: after a stop at
 * once on another instance (the attempt hands the report back), after a crash once the queue sees
 * the job expire. After the last attempt the report shows as failed, never "generating" forever.
 */
export const generateReportJob = defineJob({
  name: 'generate-report.v1',
  payload: z.object({ reportId: z.uuid() }),
  queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60 },
  // People wait for their report: it starts within a second of being ordered.
  pollingIntervalSeconds: 1,
  handle: async (services, { reportId }, attempt) => {
    try {
      const result = await generateReport(
        {
          db: services.db,
          storage: services.storage.reports,
          maxRecords: services.config.reports.maxRecords,
          signal: services.signal,
        },
        reportId,
      );
      await announceReport(services, result);
    } catch (error) {
      const interrupted = services.signal.aborted;
      if (error instanceof GenerationFailed && !interrupted && attempt.retryCount >= attempt.retryLimit) {
        await giveUp(services.db, error.report);
      }
      throw error;
    }
  },
});
