import type { ReportFrequency } from '@service-hub/contracts';

/** Schedules run at this hour (UTC): past midnight in every Nordic time zone. */
export const SCHEDULE_HOUR_UTC = 3;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const atRunHour = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day, SCHEDULE_HOUR_UTC));

/** The first run after `after`: every day, every Monday, or every first of the month. */
export function nextRunAfter(frequency: ReportFrequency, after: Date): Date {
  const y = after.getUTCFullYear();
  const m = after.getUTCMonth();
  const d = after.getUTCDate();
  if (frequency === 'monthly') {
    const thisMonth = atRunHour(y, m, 1);
    return thisMonth > after ? thisMonth : atRunHour(y, m + 1, 1);
  }
  let candidate = atRunHour(y, m, d);
  if (candidate <= after) candidate = new Date(candidate.getTime() + DAY_MS);
  if (frequency === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1.
    const daysToMonday = (8 - candidate.getUTCDay()) % 7;
    candidate = new Date(candidate.getTime() + daysToMonday * DAY_MS);
  }
  return candidate;
}

/** The period a run reports on: the day, the Monday-to-Sunday week or the month before it. */
export function periodOf(frequency: ReportFrequency, runAt: Date): { from: string; to: string } {
  const y = runAt.getUTCFullYear();
  const m = runAt.getUTCMonth();
  const d = runAt.getUTCDate();
  const day = (offset: number) => isoDay(new Date(Date.UTC(y, m, d + offset)));
  switch (frequency) {
    case 'daily':
      return { from: day(-1), to: day(-1) };
    case 'weekly':
      return { from: day(-7), to: day(-1) };
    case 'monthly':
      return { from: isoDay(new Date(Date.UTC(y, m - 1, 1))), to: isoDay(new Date(Date.UTC(y, m, 0))) };
  }
}
