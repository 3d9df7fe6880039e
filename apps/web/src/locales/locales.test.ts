import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MARKETS, NOTIFICATION_TYPES, PERMISSION_PREFIXES } from '@service-hub/contracts';
import { signedInRoutes, openRoutes } from '../app/route-table';
import { SIDEBAR_ITEMS } from '../features/shell/sidebar-items';
import type { RouteDefinition } from '../lib/routing/route-definition';
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

function routeTitleKeys(routes: readonly RouteDefinition[]): string[] {
  return routes.flatMap((r) => [...(r.handle?.title ?? []), ...routeTitleKeys(r.children ?? [])]);
}

describe('keys used by the app', () => {
  const reference = leaves(enSE);
  const srcDir = join(import.meta.dirname, '..');

  it('exist in the catalogs: literal t() calls, route titles, sidebar labels and vocabularies', () => {
    const literal = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)].map((m) => m[1]!),
    );
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
