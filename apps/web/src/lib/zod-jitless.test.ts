import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const webRoot = join(import.meta.dirname, '..', '..');

/**
 * Counts `new Function` calls in a fresh Node process that imports `modules` in order and then
 * builds and parses an object schema of the contracts, as the web app does. A fresh process, since
 * zod decides once per process, and this test's own process has loaded zod already.
 */
function newFunctionCalls(modules: string[]): number {
  const script = `
    let calls = 0;
    globalThis.Function = new Proxy(Function, { construct(target, args) { calls += 1; return Reflect.construct(target, args); } });
    for (const module of ${JSON.stringify(modules)}) await import(module);
    const { ZApiError } = await import('@service-hub/contracts');
    ZApiError.safeParse({ status: 400 });
    process.stdout.write(String(calls));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: webRoot,
    encoding: 'utf8',
  });
  return Number(output);
}

describe('zod in the browser', () => {
  it('is configured jitless by the module the entry imports', async () => {
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
  });

  it('probes new Function (a CSP violation in the browser) without it, and never with it first', () => {
    expect(newFunctionCalls([])).toBeGreaterThan(0);
    expect(newFunctionCalls([pathToFileURL(join(import.meta.dirname, 'zod-jitless.ts')).href])).toBe(0);
  });

  it('is configured before anything else: the entry imports it first', () => {
    const entry = readFileSync(join(webRoot, 'src', 'main.tsx'), 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './lib/zod-jitless';");
  });
});
