import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@service-hub/contracts';
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
