import { defineConfig } from 'vitest/config';
import { catalogSections } from './apps/web/build/catalog-sections.ts';

/**
 * Three levels (see docs/architecture.md):
 * - unit: pure rules, beside the code (`*.test.ts`);
 * - route: a feature's pages through the real router in jsdom (`*.route.test.tsx`);
 * - api: every endpoint against a real PostgreSQL (`*.api.test.ts`), one database per file;
 * - browser: user journeys in Debian's Chromium against the real server (`*.e2e.test.ts`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app imports the core and the rest of a catalog (`sv.json?catalog=core`).
        plugins: [catalogSections()],
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            '*.test.ts',
            'deploy/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/*.e2e.test.ts', '**/*.route.test.tsx', '**/node_modules/**'],
        },
      },
      {
        plugins: [catalogSections()],
        test: {
          name: 'route',
          include: ['apps/web/src/**/*.route.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          testTimeout: 20_000,
          // Every file loads the whole app: a worker keeps it loaded (renderRoute resets the state).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.api.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Tracing first: it must start before pg and fastify load (docs/operations.md).
          setupFiles: ['apps/api/test/setup-tracing.ts', 'apps/api/test/setup-pg-misuse.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // `npm run test:instances` (builds the API first): separate processes behind nginx and PgBouncer.
        test: {
          name: 'instances',
          include: ['load/**/*.instances.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // The server runs in the test's process: misusing pg fails the test here too.
          setupFiles: ['apps/api/test/setup-pg-misuse.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
