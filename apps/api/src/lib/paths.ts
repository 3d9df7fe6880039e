import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder, found by walking up from this module. The same code runs from
 * src/ (tests, tsx) and from the bundled dist/server.js, which sit at different depths.
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@service-hub/api')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @service-hub/api package folder');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const migrationsDir = join(apiRoot, 'drizzle');
/** The built web app; WEB_DIST_DIR serves another build (e.g. one per checkout being tested). */
export const webDistDir = process.env.WEB_DIST_DIR || join(apiRoot, '..', 'web', 'dist');
