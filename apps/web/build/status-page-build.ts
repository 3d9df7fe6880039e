import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { catalogSections } from './catalog-sections.ts';

/** The public status page's HTML, served at /status (apps/api/src/plugins/spa.ts). */
export const STATUS_PAGE_HTML = 'status.html';

/**
 * Builds the public status page (status.html → src/status/main.tsx) as a build of its own, into
 * the same folder. As a second input of the app's build it would share the app's first-load
 * chunks (build/first-load-chunks.ts), which hold Mantine and the whole signed-in frame: a page
 * that must load while the rest struggles would then load the rest. Its own build shares nothing
 * but the folder; its hashed files go to assets/ and are compressed with the app's (precompress
 * runs after every plugin's files are written).
 *
 * It runs in `generateBundle`, after Vite emptied the folder for the app's build (renderStart)
 * and before the app's files are written.
 */
export function statusPageBuild(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'service-hub:status-page',
    // `npm run dev`: /status is the page, as the server answers it (Vite itself knows /status.html).
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path, query] = (request.url ?? '').split('?');
        if (path === '/status') request.url = `/${STATUS_PAGE_HTML}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // Only `vite build` bundles; the dev server serves status.html itself.
    async generateBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react(), catalogSections()],
        // Plain CSS: none of the app's PostCSS (Mantine's preset).
        css: { postcss: {} },
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: true,
          rolldownOptions: { input: resolve(root, STATUS_PAGE_HTML) },
        },
      });
    },
  };
}
