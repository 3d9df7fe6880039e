import { z } from 'zod';

/**
 * zod in the browser runs without `new Function`. zod 4 compiles a fast parser for object schemas
 * and, to find out whether it may, calls `new Function('')` once, when the first object schema is
 * built (module load of the contracts, long before anything is parsed). The page's CSP allows no
 * eval, so the browser reports a `securitypolicyviolation` on every page, although zod catches the
 * error and falls back. `jitless` skips the probe and the compiler.
 *
 * This module must be the entry's first import (main.tsx): a schema built before it runs has
 * already probed. `zod-jitless.test.ts` holds both to that.
 */
z.config({ jitless: true });
