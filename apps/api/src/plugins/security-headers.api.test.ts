import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';

/** The page policy, directive by directive. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('[SECURITY] the page policy names exactly the configured identity provider', () => {
  let webDist: string;
  // Headers need no database: the apps here never reach one.
  let db: Database;
  const apps: FastifyInstance[] = [];
  const appWith = async (env: NodeJS.ProcessEnv) => {
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0', ...env }),
      db,
      logger: false,
      webDist,
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'hub-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    db = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none', { max: 1 });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.$client.end();
    await rm(webDist, { recursive: true, force: true });
  });

  it('lets the web app reach an external provider’s origin, and frames nothing, when refresh tokens renew', async () => {
    const app = await appWith({ OIDC_ISSUER: 'https://login.example.net/tenant-1/v2.0' });
    const csp = directives(
      (await app.inject({ url: '/dashboard', headers: { host: 'localhost:8080' } })).headers[
        'content-security-policy'
      ],
    );
    expect(csp['connect-src']).toBe("'self' https://login.example.net");
    expect(csp['frame-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['script-src']).toBe("'self'");
  });

  it('allows framing the provider only when the scopes ask for no refresh token (silent iframe)', async () => {
    const app = await appWith({
      OIDC_ISSUER: 'https://login.example.net/tenant-1/v2.0',
      OIDC_SCOPES: 'openid profile email',
    });
    const csp = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp['frame-src']).toBe("'self' https://login.example.net");
    expect(csp['connect-src']).toBe("'self' https://login.example.net");
    const config = (await app.inject({ url: '/api/config' })).json();
    expect(config.oidc).toMatchObject({ iframeRenewal: true, scope: 'openid profile email' });
  });

  it('keeps the built-in provider to the Hub’s own origin', async () => {
    const app = await appWith({});
    const csp = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['frame-src']).toBe("'self'");
    const config = (await app.inject({ url: '/api/config' })).json();
    expect(config.oidc).toEqual({
      authority: 'http://localhost:8080/idp',
      clientId: 'service-hub-web',
      scope: 'openid offline_access',
      prompt: null,
      provider: 'built-in',
      tokenType: 'id_token',
      iframeRenewal: false,
    });
  });

  it('asks search engines to index and follow nothing: pages, API answers, errors and robots.txt', async () => {
    const app = await appWith({});
    for (const url of [
      '/dashboard',
      '/auth/silent-callback',
      '/api/health',
      '/api/nothing-here',
      '/robots.txt',
    ]) {
      const response = await app.inject({ url, headers: { host: 'localhost:8080' } });
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('lets only the Hub itself frame the silent-renewal page, and no other page', async () => {
    const app = await appWith({ OIDC_ISSUER: 'https://login.example.net/tenant-1/v2.0' });
    const silent = await app.inject({
      url: '/auth/silent-callback?code=x&state=y',
      headers: { host: 'localhost:8080' },
    });
    expect(silent.statusCode).toBe(200);
    expect(silent.body).toContain('<div id="root">');
    expect(directives(silent.headers['content-security-policy'])['frame-ancestors']).toBe("'self'");
    expect(silent.headers['x-frame-options']).toBe('SAMEORIGIN');
    const callback = await app.inject({ url: '/auth/callback', headers: { host: 'localhost:8080' } });
    expect(directives(callback.headers['content-security-policy'])['frame-ancestors']).toBe("'none'");
  });
});
