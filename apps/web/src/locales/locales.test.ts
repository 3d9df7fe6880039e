import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MARKETS, NOTIFICATION_TYPES, PERMISSION_PREFIXES } from '@service-hub/contracts';
import { signedInRoutes, openRoutes } from '../app/route-table';
import { SIDEBAR_ITEMS } from '../features/shell/sidebar-items';
import type { RouteDefinition } from '../lib/routing/route-definition';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { shellRoutes } from '../features/shell/routes';
import { catalogPart, CORE_CATALOG_PATHS, isCoreKey } from '../../build/catalog-sections';
import da from './da.json';
import enSE from './en-SE.json';
import fi from './fi.json';
import no from './no.json';
import sv from './sv.json';

const catalogs = { 'en-SE': enSE, sv, no, da, fi } as const;

/** Every leaf of a catalog as "dotted.key" → text. */
function leaves(catalog: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const reference = leaves(enSE);

  it('exist for all five languages', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en-SE'))(
    '%s has exactly the keys of en-SE, none empty',
    (language) => {
      const catalog = leaves(catalogs[language]);
      const missing = [...reference.keys()].filter((key) => !catalog.has(key));
      const extra = [...catalog.keys()].filter((key) => !reference.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of catalog) expect(text.trim(), key).not.toBe('');
    },
  );

  it.each(LANGUAGES.filter((l) => l !== 'en-SE'))('%s keeps every {{placeholder}} of en-SE', (language) => {
    const catalog = leaves(catalogs[language]);
    for (const [key, text] of reference)
      expect(placeholders(catalog.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The keys of the literal `t('a.b')` calls in a source file. */
function literalTKeys(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)].map(
    (m) => m[1]!,
  );
}

function routeTitleKeys(routes: readonly RouteDefinition[]): string[] {
  return routes.flatMap((r) => [...(r.handle?.title ?? []), ...routeTitleKeys(r.children ?? [])]);
}

describe('keys used by the app', () => {
  const reference = leaves(enSE);
  const srcDir = join(import.meta.dirname, '..');

  it('exist in the catalogs: literal t() calls, route titles, sidebar labels and vocabularies', () => {
    const literal = sourceFiles(srcDir).flatMap(literalTKeys);
    const used = [
      ...literal,
      ...routeTitleKeys([...openRoutes, ...signedInRoutes]),
      ...SIDEBAR_ITEMS.map((item) => item.label),
      ...PERMISSION_PREFIXES.map((p) => `services.${p}`),
      ...MARKETS.map((m) => `common.markets.${m}`),
      ...LANGUAGES.map((l) => `common.languages.${l}`),
      ...NOTIFICATION_TYPES.map((type) => `shell.notifications.types.${type}`),
    ];
    expect(literal.length).toBeGreaterThan(50);
    expect([...new Set(used)].filter((key) => !reference.has(key))).toEqual([]);
  });
});

/** Every path of a catalog, subtrees included ("a", "a.b", "a.b.c"). */
function paths(catalog: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.add(path);
    if (typeof value !== 'string') for (const inner of paths(value, path)) out.add(inner);
  }
  return out;
}

describe('the core of the catalogs (apps/web/build/catalog-sections.ts)', () => {
  const srcDir = join(import.meta.dirname, '..');
  const catalogPaths = paths(enSE);

  it.each(LANGUAGES)('and the rest together are the %s catalog, sharing no key', (language) => {
    const catalog = catalogs[language];
    const core = leaves(catalogPart(catalog, 'core'));
    const rest = leaves(catalogPart(catalog, 'rest'));
    expect([...core.keys()].filter((key) => rest.has(key))).toEqual([]);
    expect(new Map([...core, ...rest])).toEqual(leaves(catalog));
    expect([...core.keys()].every(isCoreKey)).toBe(true);
    expect(CORE_CATALOG_PATHS.filter((path) => !catalogPaths.has(path))).toEqual([]);
  });

  /**
   * What loads before the rest of the catalog: the entry, the frame, shared code, and the features
   * whose pages show without waiting for the rest. components/user-admin serves the user pages of
   * other features only (checked below), which wait for the rest.
   */
  const earlyDirs = [
    'main.tsx',
    'app',
    'components',
    'lib',
    'features/auth',
    'features/shell',
    'features/dashboard',
    'features/notifications',
  ];
  const lateDirs = ['components/user-admin'];
  const inDirs = (dirs: string[]) => (file: string) =>
    dirs.some((dir) => relative(srcDir, file) === dir || relative(srcDir, file).startsWith(`${dir}/`));
  const early = sourceFiles(srcDir).filter((file) => inDirs(earlyDirs)(file) && !inDirs(lateDirs)(file));

  /**
   * The catalog paths a file names: literal `t()` keys, and every other string that is a key or a
   * subtree of the catalog (keys kept in data: sidebar labels, widget titles, error keys, both
   * branches of a condition) or starts a template (`tracking.statuses.${status}`).
   */
  function catalogPathsIn(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const strings = [...text.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['"`]/g)].map((m) => m[1]!);
    const templates = [...text.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*)\.\$\{/g)].map((m) => m[1]!);
    return [...literalTKeys(file), ...strings, ...templates].filter((path) => catalogPaths.has(path));
  }

  it('holds every key that a module loaded before the rest uses', () => {
    expect(early.length).toBeGreaterThan(100);
    const outside = early.flatMap((file) =>
      catalogPathsIn(file)
        .filter((path) => !isCoreKey(path))
        .map((path) => `${relative(srcDir, file)}: ${path}`),
    );
    expect([...new Set(outside)]).toEqual([]);
  });

  it('is all that a page shown without waiting for the rest needs: sign-in, the dashboard, the frame', () => {
    const flat = (routes: readonly RouteDefinition[]): RouteDefinition[] =>
      routes.flatMap((r) => [r, ...flat(r.children ?? [])]);
    const earlyRoutes = new Set(flat([...authRoutes, ...dashboardRoutes, ...shellRoutes]));
    const all = flat([...openRoutes, ...signedInRoutes]);
    expect(all.filter((r) => r.coreCatalog && !earlyRoutes.has(r)).map((r) => r.id)).toEqual([]);
    expect(all.filter((r) => r.page && !r.coreCatalog && earlyRoutes.has(r)).map((r) => r.id)).toEqual([]);
  });

  it('is not needed by components/user-admin alone: no early module imports it', () => {
    const importers = early.filter((file) =>
      /from '[./]*(?:components\/)?user-admin\//.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => relative(srcDir, file))).toEqual([]);
  });

  it('is what the app loads: no module imports a whole catalog (a type import is free)', () => {
    const importers = sourceFiles(srcDir).filter((file) =>
      /^import (?!type )[^;]*locales\/[\w-]+\.json'/m.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => relative(srcDir, file))).toEqual([]);
  });
});
