import { z } from 'zod';
import {
  LANGUAGES,
  REPORT_FAILURES,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_LEVELS,
  REPORT_MAX_RANGE_DAYS,
  REPORT_STATUSES,
} from '../vocabularies.ts';

const DAY_MS = 86_400_000;

/** A calendar day as the spec writes it (section 5: YYYY-MM-DD). */
export const ZReportDate = z.iso.date();

/** Days from `from` to `to`, both included. */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const ZRequestReportRequest = z
  .object({
    level: z.enum(REPORT_LEVELS),
    from: ZReportDate,
    to: ZReportDate,
    format: z.enum(REPORT_FORMATS).default('CSV'),
    /** Language of the header row and the status words; the requester's profile language when left out. */
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date cannot be before the start date.',
        params: { code: 'endBeforeStart' },
      });
    } else if (reportRangeDays(value.from, value.to) > REPORT_MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Maximum date range is ${REPORT_MAX_RANGE_DAYS} days.`,
        params: { code: 'dateRangeTooLong', days: REPORT_MAX_RANGE_DAYS },
      });
    }
  });
export type TRequestReportRequest = z.input<typeof ZRequestReportRequest>;

export const ZReport = z
  .object({
    id: z.uuid(),
    level: z.enum(REPORT_LEVELS),
    format: z.enum(REPORT_FORMATS),
    from: z.string().describe('First day of the time frame (YYYY-MM-DD)'),
    to: z.string().describe('Last day of the time frame (YYYY-MM-DD)'),
    status: z.enum(REPORT_STATUSES),
    /** Rows written so far while generating; all rows once ready. */
    rowsWritten: z.number().int(),
    /** Rows the report holds (counted before generating); null while queued. */
    rowCount: z.number().int().nullable(),
    sizeBytes: z.number().int().nullable(),
    failure: z.enum(REPORT_FAILURES).nullable(),
    requestedBy: z.string().nullable().describe('Name of the requester; null once they are deleted'),
    scheduled: z.boolean().describe('Made by a report schedule'),
    created: z.string().describe('ISO 8601 time'),
    completedAt: z.string().nullable(),
    expiresAt: z.string().nullable().describe('When the file is removed (ready reports)'),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

export const REPORT_SORT_FIELDS = ['created', 'level', 'status', 'rowCount', 'sizeBytes'] as const;
export const REPORT_PAGE_SIZES = [10, 20, 50] as const;

export const ZListReportsRequest = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), {
      error: `Page size must be one of ${REPORT_PAGE_SIZES.join(', ')}.`,
    })
    .default(10),
  sortBy: z.enum(REPORT_SORT_FIELDS).default('created'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type TListReportsRequest = z.infer<typeof ZListReportsRequest>;

export const ZListReportsResponse = z.object({
  reports: z.array(ZReport),
  total: z.number().int(),
  retentionDays: z.number().int(),
  maxRecords: z.number().int(),
});
export type TListReportsResponse = z.infer<typeof ZListReportsResponse>;

export const ZReportIdParams = z.object({ id: z.uuid() });

export const ZReportSchedule = z
  .object({
    id: z.uuid(),
    level: z.enum(REPORT_LEVELS),
    format: z.enum(REPORT_FORMATS),
    frequency: z.enum(REPORT_FREQUENCIES),
    paused: z.boolean(),
    owner: z.string().describe("Name of the schedule's owner"),
    nextRunAt: z.string().describe('ISO 8601 time'),
    lastRunAt: z.string().nullable(),
    created: z.string(),
    canManage: z.boolean().describe('The caller may pause or remove it (owner or administrator)'),
  })
  .meta({ id: 'ReportSchedule' });
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZListReportSchedulesResponse = z.object({ schedules: z.array(ZReportSchedule) });
export type TListReportSchedulesResponse = z.infer<typeof ZListReportSchedulesResponse>;

export const ZCreateReportScheduleRequest = z.object({
  level: z.enum(REPORT_LEVELS),
  format: z.enum(REPORT_FORMATS).default('CSV'),
  frequency: z.enum(REPORT_FREQUENCIES),
  language: z.enum(LANGUAGES).optional(),
});
export type TCreateReportScheduleRequest = z.input<typeof ZCreateReportScheduleRequest>;

export const ZUpdateReportScheduleRequest = z.object({ paused: z.boolean() });
export type TUpdateReportScheduleRequest = z.infer<typeof ZUpdateReportScheduleRequest>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZRequestReportResponse = ZReport;
export type TRequestReportResponse = z.infer<typeof ZRequestReportResponse>;
export const ZCreateReportScheduleResponse = ZReportSchedule;
export type TCreateReportScheduleResponse = z.infer<typeof ZCreateReportScheduleResponse>;
export const ZUpdateReportScheduleResponse = ZReportSchedule;
export type TUpdateReportScheduleResponse = z.infer<typeof ZUpdateReportScheduleResponse>;
