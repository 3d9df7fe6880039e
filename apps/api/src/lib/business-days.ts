import Holidays, { type HolidaysTypes } from 'date-holidays';
import { WEEKDAYS, type Language, type Market, type Weekday } from '@service-hub/contracts';

/*
 * The markets' calendars, in one place: which days are business days (weekdays that are not a
 * public holiday, nor a bank holiday offices close on), and the wall clock of a time zone. The
 * support contact page (phone hours) and expected deliveries (deadlines) use the same rules.
 */

/** Each market's own time zone: its calendar days (reports) and the default of anything that happens "at 06:00" there. */
export const MARKET_TIME_ZONES: Record<Market, string> = {
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
};

/**
 * Days offices close besides weekends: the country's public holidays and the bank holidays
 * (Christmas Eve, Midsummer Eve, New Year's Eve), from the maintained date-holidays rules.
 */
const CLOSED_TYPES: HolidaysTypes.HolidayType[] = ['public', 'bank'];

const HOLIDAY_LANGUAGE: Record<Language, string> = { 'en-SE': 'en', sv: 'sv', no: 'no', da: 'da', fi: 'fi' };

const DAY_MS = 86_400_000;

// Building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Results remembered per instant (wall clocks) and per wall time (instants): the evaluation of
 * expected deliveries asks the same few questions for thousands of rules due at the same minute,
 * and each answer costs a few formatToParts. Emptied when large, so they never grow without bound.
 */
const CACHE_LIMIT = 50_000;
const wallClocks = new Map<string, { date: string; minutes: number }>();
const instants = new Map<string, number>();
function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The wall-clock date (YYYY-MM-DD) and minutes since midnight of an instant in a time zone. */
export function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const key = `${at.getTime()}@${timeZone}`;
  const known = wallClocks.get(key);
  if (known) return { ...known };
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    ...remember(wallClocks, key, {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      minutes: Number(parts.hour) * 60 + Number(parts.minute),
    }),
  };
}

/**
 * The instant at which the wall clock of the time zone shows `date` `time` (HH:MM). A time the
 * spring change skips (02:30 on its night) is read as the same wall time after the change.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${date}T${time}@${timeZone}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const wanted = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at a guess, applied twice so that a guess on the far side of a DST change corrects itself.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(new Date(guess), timeZone);
    const shownMs = Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000;
    guess += wanted - shownMs;
  }
  return new Date(remember(instants, key, guess));
}

/** The calendar date `days` days after `date` (both YYYY-MM-DD). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const weekdayOf = (date: string): Weekday =>
  WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

export const isWeekend = (date: string) => {
  const day = weekdayOf(date);
  return day === 'sat' || day === 'sun';
};

// The rules never change while the process runs: one calendar per market and language, one
// year's closed days per market, year and language.
const calendars = new Map<string, Holidays>();
const closedDaysByYear = new Map<string, Map<string, string>>();

/** The market's closed days (public and bank holidays) of one year, date → name in the language. */
export function holidaysOf(market: Market, year: number, language: Language = 'en-SE'): Map<string, string> {
  const key = `${market}:${year}:${language}`;
  let days = closedDaysByYear.get(key);
  if (!days) {
    const calendarKey = `${market}:${language}`;
    let calendar = calendars.get(calendarKey);
    if (!calendar) {
      calendar = new Holidays(market, { languages: [HOLIDAY_LANGUAGE[language]], types: CLOSED_TYPES });
      calendars.set(calendarKey, calendar);
    }
    days = new Map();
    for (const holiday of calendar.getHolidays(year)) {
      if (CLOSED_TYPES.includes(holiday.type)) days.set(holiday.date.slice(0, 10), holiday.name);
    }
    closedDaysByYear.set(key, days);
  }
  return days;
}

/** Whether `date` (YYYY-MM-DD) is a holiday the market's offices close on. */
export const isHoliday = (market: Market, date: string) =>
  holidaysOf(market, Number(date.slice(0, 4))).has(date);

/** A weekday that is not one of the market's public or bank holidays. */
export const isBusinessDay = (market: Market, date: string) => !isWeekend(date) && !isHoliday(market, date);
