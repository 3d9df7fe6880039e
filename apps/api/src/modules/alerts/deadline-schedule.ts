import type { ExpectedDeliveryDays, Market } from '@service-hub/contracts';
import { addDays, isBusinessDay, wallClock, zonedInstant } from '../../lib/business-days.ts';

/** What decides when a rule is due: its wall-clock deadline, zone, days and the account's market. */
export type DeadlineRule = {
  deadline: string;
  timeZone: string;
  days: ExpectedDeliveryDays;
  market: Market;
};

/** A year of days is more than any run of holidays and weekends. */
const SEARCH_DAYS = 366;

const isDueOn = (rule: DeadlineRule, date: string) =>
  rule.days === 'everyDay' || isBusinessDay(rule.market, date);

/**
 * The first deadline strictly after `after`: the deadline's wall time on the next day the rule is
 * due, as an instant (DST-correct: 06:00 Europe/Oslo is 05:00Z in winter and 04:00Z in summer). A
 * deadline on a holiday or a weekend moves to the next business day.
 */
export function nextDeadline(rule: DeadlineRule, after: Date): Date {
  const today = wallClock(after, rule.timeZone).date;
  // From the day before: the zone's date may lag the instant's, and the check below skips the past.
  for (let offset = -1; offset <= SEARCH_DAYS; offset++) {
    const date = addDays(today, offset);
    if (!isDueOn(rule, date)) continue;
    const at = zonedInstant(date, rule.deadline, rule.timeZone);
    if (at > after) return at;
  }
  throw new Error('no deadline within a year');
}

/** The last deadline strictly before `before` (the start of the window a deadline's file arrives in). */
export function previousDeadline(rule: DeadlineRule, before: Date): Date {
  const today = wallClock(before, rule.timeZone).date;
  for (let offset = 1; offset >= -SEARCH_DAYS; offset--) {
    const date = addDays(today, offset);
    if (!isDueOn(rule, date)) continue;
    const at = zonedInstant(date, rule.deadline, rule.timeZone);
    if (at < before) return at;
  }
  throw new Error('no deadline within a year');
}
