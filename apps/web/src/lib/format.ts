import { intlLocale } from './i18n';

/** Date and time in the user's language: numeric date with 2-digit hour and minute (spec 9). */
export function formatDateTime(value: string | Date, language: string, withSeconds = false): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
