import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('precompress (the build’s .br and .gz copies)', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes both beside each text file worth it, whose contents decompress to the file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    const script = 'console.log("a long enough line of script");\n'.repeat(100);
    await writeFile(join(dir, 'assets', 'app.js'), script);
    await writeFile(join(dir, 'assets', 'app.js.map'), '{}'.padEnd(5000));
    await writeFile(join(dir, 'assets', 'font.woff2'), Buffer.alloc(5000));
    await writeFile(join(dir, 'index.html'), '<!doctype html>');
    const plugin = precompress();
    (plugin.configResolved as (config: ResolvedConfig) => void)({ build: { outDir: dir } } as ResolvedConfig);
    await (plugin.closeBundle as () => Promise<void>)();

    expect((await readdir(join(dir, 'assets'))).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'app.js.map',
      'font.woff2',
    ]);
    expect(await readdir(dir)).not.toContain('index.html.br');
    expect(brotliDecompressSync(await readFile(join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
  });
});
