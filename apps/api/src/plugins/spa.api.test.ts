import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';

const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
let webDist: string;
let db: Database;
let app: FastifyInstance;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'hub-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // A script with the compressed copies apps/web/build/precompress.ts leaves beside it.
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), script);
  await writeFile(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  // Screens and redirects need no database.
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

describe('[SPA] one public address: screens opened at another host of the server move to PUBLIC_URL', () => {
  const open = (url: string, host: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { host, ...headers } });

  it('redirects a screen at 127.0.0.1 to the same path and query at the default PUBLIC_URL (localhost)', async () => {
    const response = await open('/tracking/files?activeAccountId=7', '127.0.0.1:8080');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('http://localhost:8080/tracking/files?activeAccountId=7');
  });

  it('serves the screen at PUBLIC_URL’s own host', async () => {
    const response = await open('/tracking/files', 'localhost:8080');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('keeps a path that looks like another host a path of PUBLIC_URL', async () => {
    const response = await open('//evil.example/x', '192.168.1.20:8080');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('http://localhost:8080//evil.example/x');
  });

  it('leaves the API and the identity provider alone, whatever the host', async () => {
    expect((await open('/api/health', '127.0.0.1:8080')).statusCode).toBe(200);
    expect((await open('/api/nothing-here', '127.0.0.1:8080')).statusCode).toBe(404);
    const discovery = await open('/idp/.well-known/openid-configuration', '127.0.0.1:8080');
    expect(discovery.statusCode).not.toBe(308);
  });

  it('tells every crawler to stay out: robots.txt is cacheable plain text at any host, not the web app', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080']) {
      const response = await open('/robots.txt', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body).toBe('User-agent: *\nDisallow: /\n');
    }
  });

  it('keeps robots.txt out of the OpenAPI document, like the other screens', async () => {
    const document = (await open('/api/openapi.json', 'localhost:8080')).json<{ paths: object }>();
    expect(Object.keys(document.paths)).not.toContain('/robots.txt');
    expect(Object.keys(document.paths)).not.toContain('/auth/silent-callback');
  });

  it('serves the page on the second arrival instead of looping when a proxy rewrites the Host', async () => {
    const first = await open('/dashboard', 'app-internal:8080');
    expect(first.statusCode).toBe(308);
    const cookie = first.cookies.find((c) => c.name === 'hub-public-url-redirect');
    expect(cookie).toMatchObject({ value: '1', maxAge: 30, httpOnly: true });
    const again = await open('/dashboard', 'app-internal:8080', {
      cookie: `${cookie!.name}=${cookie!.value}`,
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('[SPA] the web app is served compressed as built', () => {
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
