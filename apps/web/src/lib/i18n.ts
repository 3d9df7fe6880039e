import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@service-hub/contracts';
import type enSE from '../locales/en-SE.json';

type Catalog = typeof enSE;

/**
 * Each language's catalog is its own chunk, loaded when the language is used: a page loads one
 * catalog, not five (the catalogs are complete, so no fallback catalog is needed either).
 */
const catalogLoaders: Record<Language, () => Promise<{ default: Catalog }>> = {
  'en-SE': () => import('../locales/en-SE.json'),
  sv: () => import('../locales/sv.json'),
  no: () => import('../locales/no.json'),
  da: () => import('../locales/da.json'),
  fi: () => import('../locales/fi.json'),
};

async function ensureCatalog(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', (await catalogLoaders[language]()).default);
}

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
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: (await catalogLoaders[language]()).default } },
    lng: language,
    fallbackLng: false,
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
  await ensureCatalog(language);
  await i18next.changeLanguage(language);
}

/** The Intl locale for dates and numbers in a UI language. */
export function intlLocale(language: string): string {
  return language === 'no' ? 'nb-NO' : language === 'en-SE' ? 'en-SE' : language;
}
