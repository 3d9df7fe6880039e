import type { Plugin, Rolldown } from 'vite';
import { usedImports } from './used-imports.ts';

type CodeSplittingGroup = Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups'];

const ENTRY = 'entry';

/**
 * Puts what a first load needs into few chunks instead of dozens.
 *
 * Left alone, the bundler gives every set of lazy pages that share a module its own chunk: the
 * dashboard's first load was 71 files, and gzip compresses each separately (a 0.2 KB chunk costs
 * its own headers and dictionary): 17 KB more than the same code in one file. Here the modules the
 * entry imports go into one chunk, and every other module that one of the named first loads
 * (`roots`: a page and what it needs on arrival) imports statically goes into one chunk per
 * combination of roots that use it. A root thus loads the entry, its own chunk and those it shares.
 * The bundler adds each grouped module's dependencies to its group unless a group claimed them
 * first (the entry's does, then the most shared), so an import the walk missed still lands right;
 * the build fails if the entry would load a root's chunk. Modules only other lazy pages use keep
 * the default splitting; those pages import from these chunks too, which costs them little: they
 * load after the entry and, being signed-in pages, after the frame.
 */
export function firstLoadChunks(roots: Record<string, string[]>): {
  plugin: Plugin;
  groups: NonNullable<CodeSplittingGroup>;
} {
  const rootNames = Object.keys(roots);
  // Module id → the roots whose first load includes it (outside the entry), filled after the build.
  const rootsOf = new Map<string, string>();

  const plugin: Plugin = {
    name: 'service-hub:first-load-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticImports = usedImports({
        ids,
        code: (id) => this.getModuleInfo(id)?.code ?? null,
        importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        exports: (id) => this.getModuleInfo(id)?.exports ?? [],
      });
      const closure = (start: string[], skip: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const queue = start.filter((id) => !skip.has(id));
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const next of staticImports(id)) if (!skip.has(next)) queue.push(next);
        }
        return seen;
      };
      // index.html and the script it names (main.tsx) stay in the entry chunk.
      const html = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const entries = [...html, ...html.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? [])];
      const entry = closure(entries);
      const members = new Map<string, string[]>();
      for (const name of rootNames) {
        const starts = roots[name]!.map((suffix) => {
          const id = ids.find((candidate) => candidate.endsWith(suffix));
          if (!id) throw new Error(`first-load-chunks: no module ends with ${suffix}`);
          return id;
        });
        for (const id of closure(starts, entry)) members.set(id, [...(members.get(id) ?? []), name]);
      }
      rootsOf.clear();
      for (const id of entry) if (!entries.includes(id)) rootsOf.set(id, ENTRY);
      for (const [id, names] of members) rootsOf.set(id, names.join('+'));
    },
    generateBundle(_options, bundle) {
      // A module the entry uses but the walk above missed would make every page load a first-load
      // chunk of some root: the build refuses rather than ship that.
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
      );
      const seen = new Set<string>();
      const queue = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const chunk = chunks.get(file);
        if (chunk?.name.startsWith('first-load-') && chunk.name !== `first-load-${ENTRY}`)
          this.error(`first-load-chunks: the entry loads ${file}; a module of it is the entry's too`);
        queue.push(...(chunk?.imports ?? []));
      }
    },
  };

  // One group per combination of roots; the modules most roots share are claimed first.
  const combinations = rootNames
    .reduce<string[][]>((all, name) => [...all, ...all.map((c) => [...c, name]), [name]], [])
    .sort((a, b) => b.length - a.length);
  const groups = [[ENTRY], ...combinations].map((combination, index) => {
    const name = combination.join('+');
    return {
      name: `first-load-${name}`,
      test: (id: string) => rootsOf.get(id) === name,
      priority: combinations.length + 1 - index,
    };
  });
  return { plugin, groups };
}
