import Holidays from 'date-holidays';
import { WEEKDAYS, type Language, type Market, type Weekday } from '@service-hub/contracts';

type DayHours = readonly [opens: string, closes: string];

/** Phone hours per market in its own time zone (spec 9); Norway has no phone line. */
export const SUPPORT_PHONE_HOURS: Record<
  Market,
  { timeZone: string; hours: Partial<Record<Weekday, DayHours>> }
> = {
  DK: {
    timeZone: 'Europe/Copenhagen',
    hours: {
      mon: ['08:00', '16:00'],
      tue: ['08:00', '16:00'],
      wed: ['08:00', '16:00'],
      thu: ['08:00', '16:00'],
      fri: ['08:00', '15:30'],
    },
  },
  FI: {
    timeZone: 'Europe/Helsinki',
    hours: {
      mon: ['08:00', '17:00'],
      tue: ['08:00', '17:00'],
      wed: ['08:00', '17:00'],
      thu: ['08:00', '17:00'],
      fri: ['08:00', '17:00'],
    },
  },
  NO: { timeZone: 'Europe/Oslo', hours: {} },
  SE: {
    timeZone: 'Europe/Stockholm',
    hours: {
      mon: ['08:00', '17:00'],
      tue: ['08:00', '17:00'],
      wed: ['08:00', '17:00'],
      thu: ['08:00', '17:00'],
      fri: ['08:00', '17:00'],
    },
  },
};

/**
 * Days the line is closed besides weekends: the country's public holidays and the bank holidays
 * offices close on (Christmas Eve, Midsummer Eve, New Year's Eve), from the maintained
 * date-holidays rules.
 */
const CLOSED_TYPES = ['public', 'bank'];

const HOLIDAY_LANGUAGE: Record<Language, string> = { 'en-SE': 'en', sv: 'sv', no: 'no', da: 'da', fi: 'fi' };

const DAY_MS = 86_400_000;
const SEARCH_DAYS = 370;
const HOLIDAYS_SHOWN_DAYS = 60;

/** The wall-clock date and minutes of an instant in a time zone. */
function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant at which the wall clock of the time zone shows `date` `time`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at a guess, applied twice so that a guess on the far side of a DST change corrects itself.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(new Date(guess), timeZone);
    const shownMs = Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000;
    guess += wanted - shownMs;
  }
  return new Date(guess);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

function closedDays(market: Market, fromYear: number, language: Language): Map<string, string> {
  const calendar = new Holidays(market, {
    languages: [HOLIDAY_LANGUAGE[language]],
    types: CLOSED_TYPES as never,
  });
  const days = new Map<string, string>();
  for (const year of [fromYear, fromYear + 1]) {
    for (const holiday of calendar.getHolidays(year)) {
      if (CLOSED_TYPES.includes(holiday.type)) days.set(holiday.date.slice(0, 10), holiday.name);
    }
  }
  return days;
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
