import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, unknown>> };

describe('[OPENAPI] the contract', () => {
  let ctx: TestContext;
  let document: OpenApiDocument;
  beforeAll(async () => {
    ctx = await createTestApp();
    document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
  });
  afterAll(() => ctx.close());

  it('is OpenAPI 3.1 and readable at /api/docs', async () => {
    expect(document.openapi).toBe('3.1.0');
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('lists every route the project has', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    const routes = [...ctx.app.accessRules.keys()].filter((route) => !route.startsWith('HEAD '));
    expect(routes.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual(routes.sort());
  });

  it('marks protected operations as needing a bearer token and public ones as needing nothing', () => {
    const user = document.paths['/api/v3/user']?.get as { security?: unknown };
    const login = document.paths['/api/auth/login']?.post as { security?: unknown };
    const refresh = document.paths['/api/auth/refresh']?.post as { security?: unknown };
    expect(user.security).toEqual([{ bearerAuth: [] }]);
    expect(login.security).toEqual([]);
    expect(refresh.security).toEqual([{ sessionCookie: [] }]);
  });

  it('gives every operation a unique operationId, a tag and a summary, and states its access rule', () => {
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods as Record<string, Record<string, unknown>>),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(operation.tags, String(operation.operationId)).toHaveLength(1);
      expect(operation.summary, String(operation.operationId)).toEqual(expect.any(String));
      expect(operation['x-access'], String(operation.operationId)).toBeDefined();
    }
  });

  it('matches the committed document and web client (run `npm run api:client` after changing a route)', async () => {
    const committedDocument = JSON.parse(await readFile(join(apiRoot, 'openapi.json'), 'utf8'));
    expect(document).toEqual(committedDocument);
    const generated = astToString(await openapiTS(document as never));
    const committedClient = await readFile(
      join(apiRoot, '..', 'web', 'src', 'lib', 'api', 'schema.d.ts'),
      'utf8',
    );
    const body = (text: string) => text.slice(text.indexOf('export'));
    expect(body(committedClient)).toBe(body(generated));
  });
});
