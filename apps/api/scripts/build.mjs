// Bundles the API into dist/server.js, the queue worker into dist/worker.js and the migration runner into dist/migrate.js. Workspace code (contracts) is bundled in; packages from
// node_modules stay external and load at run time. Migrations are read from ../drizzle.
//
// server.js and worker.js are the small entries src/start-server.ts and src/start-worker.ts: they
// start tracing (when OTEL_* asks for it), then import the application. Code splitting keeps that
// dynamic import a real one (a chunk-*.js beside them): bundled into one file, the application's
// `import 'pg'` and `import 'fastify'` would be hoisted above the start of tracing, and the
// instrumentations would find those modules loaded already.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

// Chunk names carry a content hash: without a clean folder every build would leave its old ones.
await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/start-server.ts',
    worker: 'src/start-worker.ts',
    migrate: 'src/db/migrate-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@service-hub/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
