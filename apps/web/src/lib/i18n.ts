import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@service-hub/contracts';
import { LANGUAGE_STORAGE_KEY, toSupportedLanguage } from './languages';
import { withRetries } from './with-retries';

// Kept here for the modules that import them with i18n (they moved for the status page).
export { intlLocale, toSupportedLanguage } from './languages';

type CatalogModule = { default: Record<string, unknown> };

/**
 * Each language's catalog comes in two chunks, loaded when the language is used (a page loads one
 * language, not five; the catalogs are complete, so no fallback catalog is needed either): the
 * core, which the entry, sign-in, the frame and the dashboard need before they show, and the rest,
 * which the feature pages need (apps/web/build/catalog-sections.ts draws the line).
 */
const catalogLoaders = {
  core: import.meta.glob<CatalogModule>('../locales/*.json', { query: '?catalog=core' }),
  rest: import.meta.glob<CatalogModule>('../locales/*.json', { query: '?catalog=rest' }),
};
const loadCatalog = (part: 'core' | 'rest', language: Language) =>
  catalogLoaders[part][`../locales/${language}.json`]!();

/** Parts added to i18next since it was last initialised, by `language:part`. */
const partsAdded = new Map<string, Promise<void>>();

function addPart(language: Language, part: 'core' | 'rest'): Promise<void> {
  const id = `${language}:${part}`;
  let adding = partsAdded.get(id);
  if (!adding) {
    // The parts share no key, so a deep merge gives the whole catalog in whichever order they come.
    adding = loadCatalog(part, language).then((module) => {
      i18next.addResourceBundle(language, 'translation', module.default, true, true);
    });
    // A chunk that failed to load (offline, a new release) is asked for again next time.
    adding.catch(() => partsAdded.get(id) === adding && partsAdded.delete(id));
    partsAdded.set(id, adding);
  }
  return adding;
}

/**
 * Resolves when the whole catalog of the language in use is in: a feature page waits for it, so
 * that it never shows a key (app/router.tsx). Rejects if the rest cannot load; asked again, it
 * retries (the router does, with pauses: withRetries).
 */
export async function fullCatalogReady(): Promise<void> {
  // The browser router starts loading the first page's code as soon as its module loads, before
  // initI18n() has chosen the language.
  await initialised;
  return addPart(i18next.language as Language, 'rest');
}

let markInitialised!: () => void;
const initialised = new Promise<void>((resolve) => (markInitialised = resolve));

const STORAGE_KEY = LANGUAGE_STORAGE_KEY;

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return toSupportedLanguage(navigator.language);
}

/**
 * The page speaks the UI language: `<html lang>` for screen readers and the browser's own
 * features, and the meta description (index.html's is the English one) for whatever shows the
 * page's summary. Its text is in the core of the catalog, which a language has before it is used.
 */
function showLanguageInDocument(language: string) {
  document.documentElement.lang = language;
  if (!i18next.exists('app.description', { lng: language })) return;
  let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = document.createElement('meta');
    description.name = 'description';
    document.head.append(description);
  }
  description.content = i18next.t('app.description', { lng: language });
}

export async function initI18n() {
  const language = initialLanguage();
  const core = await withRetries(() => loadCatalog('core', language));
  // A new store: what was added before (route tests initialise again) is gone.
  partsAdded.clear();
  partsAdded.set(`${language}:core`, Promise.resolve());
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: core.default } },
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  showLanguageInDocument(i18next.language);
  // Named, so that initialising again (route tests do) keeps one listener.
  i18next.off('languageChanged', showLanguageInDocument);
  i18next.on('languageChanged', showLanguageInDocument);
  markInitialised();
  // Not awaited: the first paint needs the core only. A failure is retried by fullCatalogReady().
  fullCatalogReady().catch(() => undefined);
  return i18next;
}

/** Switches the UI language and remembers the choice on this device. */
export async function changeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  await Promise.all([addPart(language, 'core'), addPart(language, 'rest')]);
  await i18next.changeLanguage(language);
}
