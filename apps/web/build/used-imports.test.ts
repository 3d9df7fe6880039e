import { describe, expect, it } from 'vitest';
import { usedImports } from './used-imports.ts';

/** A module graph as the bundler reports it: code, the ids each module imports, its exports. */
function graphOf(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>) {
  return usedImports({
    ids: Object.keys(modules),
    code: (id) => modules[id]?.code ?? null,
    importedIds: (id) => modules[id]?.imports ?? [],
    exports: (id) => modules[id]?.exports ?? [],
  });
}

const ui = '/nm/ui/index.mjs';
const button = '/nm/ui/Button.mjs';
const menu = '/nm/ui/Menu.mjs';
const styles = '/nm/ui/styles.css';
const icons = '/nm/ui/icons.mjs';

const library = {
  [ui]: {
    code: [
      '/* a barrel */',
      'import { Button } from "./Button.mjs";',
      'import { Menu as MenuRoot } from "./Menu.mjs";',
      'import "./styles.css";',
      'export * from "./icons.mjs";',
      'export { Button, MenuRoot as Menu };',
    ].join('\n'),
    imports: [button, menu, styles, icons],
  },
  [button]: { code: 'export function Button() { return null; }' },
  [menu]: { code: 'export function Menu() { return null; }' },
  [styles]: { code: '' },
  [icons]: { code: 'export const IconA = 1; export const IconB = 2;', exports: ['IconA', 'IconB'] },
};

describe('usedImports', () => {
  it('follows an index file only to the exports its importer names', () => {
    const used = graphOf({
      ...library,
      '/src/page.tsx': { code: 'import { Button } from "ui"; Button();', imports: [ui] },
    });
    expect(used('/src/page.tsx').sort()).toEqual([button, styles].sort());
  });

  it('finds a renamed export, and one of `export *` by the exports of its source', () => {
    const used = graphOf({
      ...library,
      '/src/header.tsx': { code: 'import { Menu, IconB } from "ui"; Menu(IconB);', imports: [ui] },
    });
    expect(used('/src/header.tsx').sort()).toEqual([menu, styles, icons].sort());
  });

  it('does not count an object key as a use (a theme naming a component)', () => {
    const used = graphOf({
      ...library,
      '/src/theme.ts': {
        code: 'import { Button } from "ui"; export const theme = { Menu: {}, x: Button };',
        imports: [ui],
      },
    });
    expect(used('/src/theme.ts')).not.toContain(menu);
  });

  it('keeps every import of a module that is not an index file', () => {
    const used = graphOf({
      ...library,
      '/src/plain.ts': {
        code: 'import { a } from "./a"; import { b } from "./b"; a(b);',
        imports: ['/src/a.ts', '/src/b.ts'],
      },
      '/src/a.ts': { code: 'export const a = (x: unknown) => x; console.log(a);' },
      '/src/b.ts': { code: 'export const b = 1; console.log(b);' },
    });
    expect(used('/src/plain.ts')).toEqual(['/src/a.ts', '/src/b.ts']);
  });
});
