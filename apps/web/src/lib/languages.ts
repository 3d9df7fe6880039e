import { DEFAULT_LANGUAGE, type Language, type TLocalizedText } from '@service-hub/contracts';

/*
 * The UI languages as plain functions, without i18next: the signed-in app (lib/i18n.ts) and the
 * light public status page (src/status) both use them.
 */

/** Maps any language tag to one we support; en-US and everything unknown fall back to en-SE. */
export function toSupportedLanguage(tag: string | null | undefined): Language {
  if (!tag) return DEFAULT_LANGUAGE;
  const lower = tag.toLowerCase();
  const base = lower.split('-')[0];
  if (base === 'sv') return 'sv';
  if (base === 'no' || base === 'nb' || base === 'nn') return 'no';
  if (base === 'da') return 'da';
  if (base === 'fi') return 'fi';
  return DEFAULT_LANGUAGE;
}

/** The Intl locale for dates and numbers in a UI language. */
export function intlLocale(language: string): string {
  return language === 'no' ? 'nb-NO' : language === 'en-SE' ? 'en-SE' : language;
}

/** Where the chosen language is kept on this device (the signed-in app and the status page). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** What an administrator wrote (status notices), in the reader's language when it was written in it. */
export const inLanguage = (text: TLocalizedText, language: string): string =>
  text[toSupportedLanguage(language)] ?? text['en-SE'];
