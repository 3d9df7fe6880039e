import { intlLocale } from './languages';

/**
 * Formatters are made once per language and kept: making an Intl formatter costs far more than
 * formatting with one (on a phone a table of dates spent most of its render making them).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Date and time in the user's language: numeric date with 2-digit hour and minute (spec 9). */
export function formatDateTime(value: string | Date, language: string, withSeconds = false): string {
  const locale = intlLocale(language);
  return cached(
    `dateTime ${locale} ${withSeconds}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        ...(withSeconds ? { second: '2-digit' } : {}),
      }),
  ).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatNumber(value: number, language: string): string {
  const locale = intlLocale(language);
  return cached(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/**
 * A calendar day ("2026-03-14") in the user's language: `short` for an axis ("14 Mar"), `long` for
 * reading ("14 March 2026"). The day is not moved by a time zone.
 */
export function formatDay(date: string, language: string, length: 'short' | 'long'): string {
  const locale = intlLocale(language);
  return cached(
    `day ${locale} ${length}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: length,
        ...(length === 'long' ? { year: 'numeric' } : {}),
        timeZone: 'UTC',
      }),
  ).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A moment in the reader's language and time zone (the browser's own), with the zone named: the
 * public status page is read across the Nordics and beyond, and "14:05" alone is ambiguous.
 */
export function formatMoment(value: string, language: string): string {
  const locale = intlLocale(language);
  return cached(
    `moment ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  ).format(new Date(value));
}
