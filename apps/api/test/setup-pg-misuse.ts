import { afterAll, afterEach } from 'vitest';
import { watchPgMisuse } from './pg-misuse.ts';

// Setup file of the api and browser projects: a test (or a file's hooks) that misuses pg fails.
const pgMisuse = watchPgMisuse();

// Warnings are emitted on the next tick: one passes before each look.
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(async (context) => {
  await nextTick();
  pgMisuse.check(`during "${context.task.name}"`);
});

afterAll(async () => {
  await nextTick();
  pgMisuse.check('in a beforeAll or afterAll hook of this file');
});
