import { intlLocale } from '../../../lib/languages';

/** A time of day given by its hour ("07:00", "7.00" in Finnish), in the user's locale. */
export function formatClockTime(hour: number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}
