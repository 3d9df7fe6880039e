// Bundles the API into dist/server.js, the queue worker into dist/worker.js and the migration runner into dist/migrate.js. Workspace code (contracts) is bundled in; packages from
// node_modules stay external and load at run time. Migrations are read from ../drizzle.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts', migrate: 'src/db/migrate-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@service-hub/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
