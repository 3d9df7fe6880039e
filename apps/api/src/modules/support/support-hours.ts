import type { Language, Market, Weekday } from '@service-hub/contracts';
import {
  addDays,
  holidaysOf,
  MARKET_TIME_ZONES,
  wallClock,
  weekdayOf,
  zonedInstant,
} from '../../lib/business-days.ts';

type DayHours = readonly [opens: string, closes: string];

/** Phone hours per market in its own time zone (spec 9); Norway has no phone line. */
export const SUPPORT_PHONE_HOURS: Record<
  Market,
  { timeZone: string; hours: Partial<Record<Weekday, DayHours>> }
> = {
  DK: {
    timeZone: MARKET_TIME_ZONES.DK,
    hours: {
      mon: ['08:00', '16:00'],
      tue: ['08:00', '16:00'],
      wed: ['08:00', '16:00'],
      thu: ['08:00', '16:00'],
      fri: ['08:00', '15:30'],
    },
  },
  FI: {
    timeZone: MARKET_TIME_ZONES.FI,
    hours: {
      mon: ['08:00', '17:00'],
      tue: ['08:00', '17:00'],
      wed: ['08:00', '17:00'],
      thu: ['08:00', '17:00'],
      fri: ['08:00', '17:00'],
    },
  },
  NO: { timeZone: MARKET_TIME_ZONES.NO, hours: {} },
  SE: {
    timeZone: MARKET_TIME_ZONES.SE,
    hours: {
      mon: ['08:00', '17:00'],
      tue: ['08:00', '17:00'],
      wed: ['08:00', '17:00'],
      thu: ['08:00', '17:00'],
      fri: ['08:00', '17:00'],
    },
  },
};

const SEARCH_DAYS = 370;
const HOLIDAYS_SHOWN_DAYS = 60;

/** The market's closed days of `fromYear` and the year after (the search may cross New Year). */
function closedDays(market: Market, fromYear: number, language: Language): Map<string, string> {
  return new Map([...holidaysOf(market, fromYear, language), ...holidaysOf(market, fromYear + 1, language)]);
}

export type MarketHoursState = {
  isOpen: boolean;
  closesAt: string | null;
  nextOpening: string | null;
  upcomingHolidays: { date: string; name: string }[];
};

/** Whether the market's phone line is open at `at`, and when it next opens (or closes). */
export function supportHoursAt(market: Market, at: Date, language: Language): MarketHoursState {
  const { timeZone, hours } = SUPPORT_PHONE_HOURS[market];
  const today = wallClock(at, timeZone).date;
  const holidays = closedDays(market, Number(today.slice(0, 4)), language);
  let isOpen = false;
  let closesAt: string | null = null;
  let nextOpening: string | null = null;
  for (let offset = 0; offset < SEARCH_DAYS && nextOpening === null; offset++) {
    const date = addDays(today, offset);
    const day = hours[weekdayOf(date)];
    if (!day || holidays.has(date)) continue;
    const opens = zonedInstant(date, day[0], timeZone);
    const closes = zonedInstant(date, day[1], timeZone);
    if (at < opens) nextOpening = opens.toISOString();
    else if (at < closes) {
      isOpen = true;
      closesAt = closes.toISOString();
    }
  }
  const lastShown = addDays(today, HOLIDAYS_SHOWN_DAYS);
  const upcomingHolidays = [...holidays]
    .filter(([date]) => date >= today && date <= lastShown)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, name]) => ({ date, name }));
  return { isOpen, closesAt, nextOpening, upcomingHolidays };
}
