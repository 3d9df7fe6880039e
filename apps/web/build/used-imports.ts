import { dirname, resolve } from 'node:path';

type ModuleGraph = {
  ids: string[];
  code: (id: string) => string | null;
  importedIds: (id: string) => readonly string[];
  exports: (id: string) => readonly string[];
};

/**
 * The modules a module really uses, seen through index files ("barrels") such as `@mantine/core`
 * or `@tabler/icons-react`. The bundler's import graph says that whoever imports `@mantine/core`
 * imports all of its 400 components, and tree-shaking drops the unused ones only later. A barrel is
 * a package file made of import and export statements only; of its exports, an importer uses those
 * whose names appear in its code (a name that merely appears as a word counts too: erring towards
 * more modules keeps the result safe).
 */
export function usedImports(graph: ModuleGraph): (id: string) => string[] {
  const barrels = new Map<string, Barrel | null>();
  const barrelOf = (id: string) => {
    if (!barrels.has(id)) barrels.set(id, readBarrel(id, graph));
    return barrels.get(id)!;
  };
  const tokens = new Map<string, Set<string>>();
  const tokensOf = (id: string) => {
    // Object keys (`{ Menu: … }` in a theme) name no import.
    const code = graph.code(id)?.replace(/([{,]\s*)[A-Za-z_$][\w$]*\s*:/g, '$1');
    if (!tokens.has(id)) tokens.set(id, new Set(code?.match(/[A-Za-z_$][\w$]*/g) ?? []));
    return tokens.get(id)!;
  };

  const throughBarrel = (barrelId: string, barrel: Barrel, used: Set<string>, into: Set<string>) => {
    const targets = new Set<string>();
    let unresolved = false;
    for (const [name, source] of barrel.exports) if (used.has(name)) targets.add(source);
    for (const source of barrel.sideEffects) targets.add(source);
    // `export * from`: the sources that export a used name (or are barrels themselves).
    for (const source of barrel.stars) {
      const target = barrel.resolve(source);
      if (!target || barrelOf(target) || graph.exports(target).some((name) => used.has(name)))
        targets.add(source);
    }
    for (const specifier of targets) {
      const target = barrel.resolve(specifier);
      if (!target) unresolved = true;
      else if (!into.has(target)) {
        const inner = barrelOf(target);
        if (inner) throughBarrel(target, inner, used, into);
        else into.add(target);
      }
    }
    if (unresolved) for (const id of graph.importedIds(barrelId)) into.add(id);
  };

  return (id: string) => {
    const used = new Set<string>();
    for (const imported of graph.importedIds(id)) {
      const barrel = barrelOf(imported);
      if (barrel) throughBarrel(imported, barrel, tokensOf(id), used);
      else used.add(imported);
    }
    return [...used];
  };
}

type Barrel = {
  /** Exported name → the specifier it comes from. */
  exports: Map<string, string>;
  stars: string[];
  sideEffects: string[];
  resolve: (specifier: string) => string | undefined;
};

const STATEMENTS = /\b(import|export)\b([^;'"]*?)(?:\bfrom\s*)?(?:(['"])([^'"]+)\3)?\s*;/g;

function readBarrel(id: string, graph: ModuleGraph): Barrel | null {
  const code = graph.code(id)?.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  // Any other code makes it a real module, not a barrel.
  if (!code || code.replace(STATEMENTS, '').trim() !== '') return null;
  const locals = new Map<string, string>();
  const exports = new Map<string, string>();
  const stars: string[] = [];
  const sideEffects: string[] = [];
  const pendingExports: [string, string][] = [];
  for (const match of code.matchAll(STATEMENTS)) {
    const [, keyword, clause = '', , specifier] = match;
    // `export const …`, `export function …`: a declaration, so a real module.
    if (/^\s*(const|let|var|function|class|async|default|enum)\b|[=(]/.test(clause)) return null;
    const names = /\{([^}]*)\}/.exec(clause)?.[1];
    const namespace = /\*\s*as\s+([\w$]+)/.exec(clause)?.[1];
    const defaultName = /^\s*([\w$]+)\s*(,|$)/.exec(clause)?.[1];
    const pairs = (names ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/))
      .filter(([imported]) => imported)
      .map(([imported, local]) => [imported!, local ?? imported!] as const);
    if (keyword === 'import' && specifier && clause.trim() === '') {
      sideEffects.push(specifier);
    } else if (keyword === 'import' && specifier) {
      for (const [, local] of pairs) locals.set(local, specifier);
      if (namespace) locals.set(namespace, specifier);
      if (defaultName) locals.set(defaultName, specifier);
    } else if (keyword === 'export' && specifier) {
      if (clause.trim() === '*') stars.push(specifier);
      for (const [, exported] of pairs) exports.set(exported, specifier);
      if (namespace) exports.set(namespace, specifier);
    } else if (keyword === 'export') {
      for (const [local, exported] of pairs) pendingExports.push([local, exported]);
    }
  }
  for (const [local, exported] of pendingExports) {
    const specifier = locals.get(local);
    if (!specifier) return null;
    exports.set(exported, specifier);
  }
  const imported = graph.importedIds(id);
  return {
    exports,
    stars,
    sideEffects,
    resolve: (specifier) => {
      if (specifier.startsWith('.')) {
        const path = resolve(dirname(id), specifier);
        return imported.find((candidate) => candidate === path);
      }
      return undefined;
    },
  };
}
