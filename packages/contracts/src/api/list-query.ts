import { z } from 'zod';
import {
  DATE_FILTER_OPERATORS,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  TEXT_FILTER_OPERATORS,
} from '../vocabularies.ts';
import { text } from './fields.ts';

/*
 * The query of a filtered, sorted and paged list (track and trace, EDI tracking): paging, sorting,
 * multi-value enum filters, text filters with their operator and a date filter with its operator.
 * Parameter names follow the entity's fields; each text filter `x` has its operator in `xOperator`.
 */

/**
 * Counting stops here and paging reaches this far: beyond it an exact count costs more than the
 * answer is worth ("10 000+"), and offsets crawl. The keyset cursor walks further.
 */
export const LIST_WINDOW = 10_000;
/** The spec leaves the maximum date range open (section 5); a year covers every report period. */
export const MAX_DATE_RANGE_DAYS = 366;
export const MAX_TEXT_FILTER_LENGTH = 200;

export const ZPage = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIST_WINDOW / PAGE_SIZES[0])
  .default(1)
  .describe('1-based page number; the pages reach the first 10 000 rows (use `cursor` beyond)');

export const ZPageSize = z.coerce
  .number()
  .int()
  // A literal union, so a client building a request in TypeScript cannot ask for another size.
  .pipe(z.literal(PAGE_SIZES, { error: `Page size is one of ${PAGE_SIZES.join(', ')}.` }))
  .default(DEFAULT_PAGE_SIZE)
  .describe(`Rows per page: ${PAGE_SIZES.join(', ')}`);

export const ZSortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof ZSortDirection>;

export const ZCursor = text()
  .regex(/^[\w-]{1,400}$/)
  .describe(
    'Opaque keyset position from `nextCursor`: the rows after the previous answer (same filters and sort)',
  );

/** A comma-separated list of vocabulary values (`status=Rejected,NotDelivered`). */
export function ZEnumList<const T extends readonly [string, ...string[]]>(values: T) {
  return text()
    .regex(/^[\w,]{1,500}$/)
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(z.enum(values)).max(values.length))
    .describe(`Comma-separated, any of: ${values.join(', ')}`);
}

export const ZTextOperator = z.enum(TEXT_FILTER_OPERATORS);
export const ZTextFilterValue = text().max(MAX_TEXT_FILTER_LENGTH);

type TextFilterShape<K extends string> = {
  [P in K]: z.ZodOptional<typeof ZTextFilterValue>;
} & {
  [P in `${K}Operator`]: z.ZodOptional<typeof ZTextOperator>;
};

/** `name` and `nameOperator` for each text field (operator default: contains). */
export function textFilterShape<const K extends string>(names: readonly K[]): TextFilterShape<K> {
  return Object.fromEntries(
    names.flatMap((name) => [
      [name, ZTextFilterValue.optional()],
      [`${name}Operator`, ZTextOperator.optional().describe(`How \`${name}\` compares; default contains`)],
    ]),
  ) as TextFilterShape<K>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const ZDateValue = text()
  .regex(DATE, { error: 'Date format YYYY-MM-DD.' })
  .refine(isRealDate, { error: 'Date format YYYY-MM-DD.', params: { code: 'invalidFormat' } });
export const ZTimeValue = text().regex(TIME, { error: 'Time format HH:mm.' });

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';
export const ZTimeZone = text()
  .max(64)
  .refine(isTimeZone, { error: 'Unknown time zone.', params: { code: 'invalidValue' } })
  .describe('IANA time zone in which dates and times are meant (default Europe/Stockholm)');

export const dateFilterShape = {
  dateOperator: z.enum(DATE_FILTER_OPERATORS).optional(),
  fromDate: ZDateValue.optional(),
  toDate: ZDateValue.optional(),
  fromTime: ZTimeValue.optional(),
  toTime: ZTimeValue.optional(),
  timeZone: ZTimeZone.optional(),
};

export const DATE_FILTER_PROBLEMS = [
  'required',
  'endBeforeStart',
  'rangeTooLong',
  'endTimeTooEarly',
] as const;
export type DateFilterProblem = (typeof DATE_FILTER_PROBLEMS)[number];

type DateFilter = {
  dateOperator?: (typeof DATE_FILTER_OPERATORS)[number] | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  fromTime?: string | undefined;
  toTime?: string | undefined;
};

const DAY = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/**
 * The date filter's rules across fields (spec 5): the operator needs its dates and times, an end
 * is not before its start, and a range spans at most MAX_DATE_RANGE_DAYS days.
 */
export function checkDateFilter(query: DateFilter, ctx: z.RefinementCtx) {
  // `reason` lets a client word each problem in its own language (the server sends the English).
  const issue = (path: keyof DateFilter, code: string, reason: DateFilterProblem, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, params: { code, reason } });
  const required = (path: keyof DateFilter) =>
    issue(path, 'required', 'required', 'This field cannot be empty.');
  const operator = query.dateOperator;
  if (!operator) return;
  if (!query.fromDate) required('fromDate');
  const isRange = operator === 'between' || operator === 'betweenTimes';
  if (operator === 'between' && !query.toDate) required('toDate');
  if (operator === 'betweenTimes') {
    if (!query.fromTime) required('fromTime');
    if (!query.toTime) required('toTime');
  }
  if (!isRange || !query.fromDate) return;
  const toDate = query.toDate ?? query.fromDate;
  const days = daysBetween(query.fromDate, toDate);
  if (days < 0) issue('toDate', 'invalidValue', 'endBeforeStart', 'The end must not be before the start.');
  else if (days + 1 > MAX_DATE_RANGE_DAYS)
    issue('toDate', 'tooBig', 'rangeTooLong', `Maximum date range is ${MAX_DATE_RANGE_DAYS} days.`);
  else if (
    operator === 'betweenTimes' &&
    days === 0 &&
    query.fromTime &&
    query.toTime &&
    query.toTime < query.fromTime
  )
    issue('toTime', 'invalidValue', 'endTimeTooEarly', 'The end time is too early.');
}

/** A page of a list: the rows, how many match (exact up to LIST_WINDOW), and where the next rows start. */
export function pagedList<T extends z.ZodType>(row: T) {
  return z.object({
    totalCount: z.number().int().describe('Rows that match; at most 10 000 unless exact'),
    totalCountExact: z
      .boolean()
      .describe('false: more than `totalCount` rows match (shown as "10 000+"); narrow the filters to count'),
    result: z.array(row),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the rows after these; null at the end'),
  });
}
