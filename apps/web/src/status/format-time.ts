import { intlLocale } from '../lib/languages';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in the reader's language and time zone (the browser's own), with the zone named: a
 * status page is read across the Nordics and beyond, and "14:05" alone is ambiguous.
 */
export function formatMoment(value: string, language: string): string {
  const locale = intlLocale(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(value));
}
