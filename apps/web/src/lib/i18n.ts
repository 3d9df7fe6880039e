import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@service-hub/contracts';
import da from '../locales/da.json';
import enSE from '../locales/en-SE.json';
import fi from '../locales/fi.json';
import no from '../locales/no.json';
import sv from '../locales/sv.json';

export const catalogs: Record<Language, typeof enSE> = { 'en-SE': enSE, sv, no, da, fi };

const STORAGE_KEY = 'language';

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

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return toSupportedLanguage(navigator.language);
}

export async function initI18n() {
  await i18next.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(catalogs).map(([lng, catalog]) => [lng, { translation: catalog }]),
    ),
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

/** Switches the UI language and remembers the choice on this device. */
export async function changeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  await i18next.changeLanguage(language);
}

/** The Intl locale for dates and numbers in a UI language. */
export function intlLocale(language: string): string {
  return language === 'no' ? 'nb-NO' : language === 'en-SE' ? 'en-SE' : language;
}
