import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPublicStatus } from '@service-hub/contracts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Database } from '../../db/client.ts';

const STATUS_HTML = '<!doctype html><title>Service Hub status</title><div id="root"></div>';

/**
 * The status page's HTML at /status, served like the app's pages, also when the database cannot
 * be reached at all (a pool aimed at a closed port).
 */
describe('[STATUS] the page at /status', () => {
  let webDist: string;
  let db: Database;
  let app: FastifyInstance;
  const build = (dist: string) =>
    buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0', PORT: '8080' }),
      db,
      logger: false,
      webDist: dist,
    });

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'hub-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(webDist, 'status.html'), STATUS_HTML);
    db = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none', { max: 1, connectTimeoutMs: 500 });
    app = await build(webDist);
  });
  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves status.html without sign-in, with the pages’ security headers, at any host of the server', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080']) {
      const response = await app.inject({ url: '/status', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.body).toBe(STATUS_HTML);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // The language in the address is the page's business.
    expect(
      (await app.inject({ url: '/status?lang=fi', headers: { host: 'localhost:8080' } })).statusCode,
    ).toBe(200);
  });

  it('answers GET /api/status while PostgreSQL cannot be reached at all', async () => {
    const response = await app.inject({ url: '/api/status' });
    expect(response.statusCode).toBe(200);
    const status = ZPublicStatus.strict().parse(response.json());
    expect(Object.fromEntries(status.components.map((c) => [c.id, c.state]))).toEqual({
      signIn: 'outage',
      api: 'outage',
      tracking: 'unknown',
      reports: 'unknown',
      email: 'unknown',
      ediTracking: 'unknown',
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|nobody|error/i);
  });

  it('is a JSON 404 in a build without the status page', async () => {
    const older = await mkdtemp(join(tmpdir(), 'hub-web-'));
    await writeFile(join(older, 'index.html'), '<!doctype html><div id="root"></div>');
    const withoutPage = await build(older);
    try {
      const response = await withoutPage.inject({ url: '/status', headers: { host: 'localhost:8080' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    } finally {
      await withoutPage.close();
      await rm(older, { recursive: true, force: true });
    }
  });
});
