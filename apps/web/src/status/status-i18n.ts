import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@service-hub/contracts';
import { LANGUAGE_STORAGE_KEY, toSupportedLanguage } from '../lib/languages';
import { withRetries } from '../lib/with-retries';

type CatalogModule = { default: Record<string, unknown> };

/**
 * Only the status page's part of each catalog (its section and the language names, see
 * apps/web/build/catalog-sections.ts): a language's words for this page are a few KB.
 */
const catalogs = import.meta.glob<CatalogModule>('../locales/*.json', { query: '?catalog=status' });
// A chunk that did not arrive usually arrives the next time (lib/with-retries.ts).
const loadCatalog = (language: Language) => withRetries(() => catalogs[`../locales/${language}.json`]!());

const isLanguage = (value: string | null): value is Language =>
  value !== null && (LANGUAGES as readonly string[]).includes(value);

/**
 * The page's language: `?lang=` when the address names one (a link in the reader's language, the
 * feed's links), otherwise the language chosen in the Hub on this device, otherwise the browser's.
 */
export function pageLanguage(
  location: Pick<Location, 'search'>,
  storage: Pick<Storage, 'getItem'> | undefined,
  browser: string,
): Language {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) return asked;
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage may be refused (private windows, blocked cookies): the browser's language then.
  }
  return isLanguage(stored) ? stored : toSupportedLanguage(browser);
}

/** Sets up i18next with the page's part of the catalog of `language`. */
export async function initStatusI18n(language: Language): Promise<i18n> {
  const catalog = await loadCatalog(language);
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: catalog.default } },
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  showLanguageInDocument(language);
  return i18next;
}

/** Switches the page to another language, loading its words first. */
export async function switchStatusLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const catalog = await loadCatalog(language);
    i18next.addResourceBundle(language, 'translation', catalog.default, true, true);
  }
  await i18next.changeLanguage(language);
  showLanguageInDocument(language);
}

/** `<html lang>`, the title and the description follow the language, as in the app. */
function showLanguageInDocument(language: Language) {
  document.documentElement.lang = language;
  document.title = i18next.t('statusPage.title');
  document.head
    .querySelector<HTMLMetaElement>('meta[name="description"]')
    ?.setAttribute('content', i18next.t('statusPage.description'));
}
