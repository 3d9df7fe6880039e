import type { Plugin } from 'vite';

/**
 * The parts of a translation catalog that the app needs before any feature page shows: the entry,
 * the sign-in pages (features/auth), the signed-in frame (app/, features/shell,
 * features/notifications), the dashboard, and the shared components and lib/. A whole section, or
 * one subtree of a section the dashboard borrows (its widgets show statuses of other features).
 * Everything else is the rest, loaded right after the first paint; feature pages wait for it.
 * `src/locales/locales.test.ts` fails when a module that loads before the rest uses another key.
 */
export const CORE_CATALOG_PATHS = [
  'app',
  'common',
  'validation',
  'lists',
  'services',
  'titles',
  'shell',
  'notFound',
  'signIn',
  'invitation',
  'emailChange',
  'dashboard',
  'tracking.statuses',
  'ediTracking.statuses',
  'ediTracking.categories',
  'support.statuses',
  'reports.statuses',
  'reports.levels',
  // The sign-in pages offer passkeys, and lib/passkeys names their errors (the account page too).
  'passkeys.signIn',
  'passkeys.errors',
] as const;

export type CatalogPart = 'core' | 'rest';

type Tree = { [key: string]: string | Tree };

/** Whether a dotted key (or a subtree's path) belongs to the core part. */
export function isCoreKey(key: string): boolean {
  return CORE_CATALOG_PATHS.some((path) => key === path || key.startsWith(`${path}.`));
}

/** The keys of `catalog` in `part`; the two parts of a catalog share no key and together are the catalog. */
export function catalogPart(catalog: Tree, part: CatalogPart, prefix = ''): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const core = isCoreKey(path);
    // A subtree above a core path (e.g. `tracking` above `tracking.statuses`) is split further down.
    const splitsBelow = CORE_CATALOG_PATHS.some((p) => p.startsWith(`${path}.`));
    if (typeof value !== 'string' && splitsBelow) {
      const inner = catalogPart(value, part, path);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (core === (part === 'core')) {
      out[key] = value;
    }
  }
  return out;
}

/**
 * What the public status page (src/status, its own small build) needs of a catalog: its section
 * and the names of the languages for its chooser. Nothing of the signed-in app.
 */
export const STATUS_PAGE_CATALOG_PATHS = ['statusPage', 'common.languages'] as const;

/** The status page's part of a catalog (`?catalog=status`). */
export function statusPagePart(catalog: Tree): Tree {
  const out: Tree = {};
  for (const path of STATUS_PAGE_CATALOG_PATHS) {
    const keys = path.split('.');
    let source: string | Tree | undefined = catalog;
    for (const key of keys) source = typeof source === 'object' ? source[key] : undefined;
    if (source === undefined) continue;
    let target = out;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Tree;
    target[keys.at(-1)!] = source;
  }
  return out;
}

const PART_QUERY = /[?&]catalog=(core|rest|status)(?:&|$)/;

/**
 * `../locales/sv.json?catalog=core` (or `=rest`) is that part of the catalog: the source files stay
 * whole (translators edit one file per language), the build makes a chunk of each part.
 * Vite's JSON plugin leaves an id with a query alone, so this makes the module itself (parsing a
 * JSON string is faster than evaluating the same object literal).
 */
export function catalogSections(): Plugin {
  return {
    name: 'service-hub:catalog-sections',
    enforce: 'pre',
    transform(code, id) {
      const part = PART_QUERY.exec(id)?.[1] as CatalogPart | 'status' | undefined;
      if (!part || !/\/locales\/[^/]+\.json\?/.test(id)) return null;
      const catalog = JSON.parse(code) as Tree;
      const json = JSON.stringify(part === 'status' ? statusPagePart(catalog) : catalogPart(catalog, part));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null, moduleType: 'js' };
    },
  };
}
