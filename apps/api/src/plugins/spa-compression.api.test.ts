import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';

describe('[SPA] the web app is served compressed as built', () => {
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
  let webDist: string;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'hub-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    // As apps/web/build/precompress.ts leaves them.
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), script);
    await writeFile(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    db = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none', { max: 1 });
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0', PORT: '8080' }),
      db,
      logger: false,
      webDist,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await rm(webDist, { recursive: true, force: true });
  });

  const fetchScript = (acceptEncoding?: string) =>
    app.inject({
      url: '/assets/index-abc123.js',
      headers: { host: 'localhost:8080', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends Brotli to a browser that accepts it, cached for a year and varying by encoding', async () => {
    const response = await fetchScript('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const zipped = await fetchScript('gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script);
    const plain = await fetchScript();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
