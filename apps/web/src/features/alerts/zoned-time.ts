import { intlLocale } from '../../lib/languages';

/*
 * Times of expected deliveries are wall-clock times in a rule's own zone ("06:00 Europe/Oslo"), so
 * they are shown in that zone with the zone named, whatever the reader's own clock says.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(key: string, make: () => Intl.DateTimeFormat) {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A moment in the user's language, in `timeZone`: numeric date and 2-digit hour and minute. */
export function formatInZone(value: string, language: string, timeZone: string): string {
  const locale = intlLocale(language);
  return formatterOf(
    `${locale} ${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  ).format(new Date(value));
}

/** The calendar day (YYYY-MM-DD) of a moment in `timeZone`, as the lists' date filters take it. */
export function dayInZone(value: string | Date, timeZone: string): string {
  return formatterOf(
    `day ${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(typeof value === 'string' ? new Date(value) : value);
}

/** The reader's own time zone (the lists filter dates in it by default). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
