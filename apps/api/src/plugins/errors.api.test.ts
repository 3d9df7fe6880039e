import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

describe('[ERRORS] one error shape, always with the request id', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      configure: (app) => {
        app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
          throw new Error('connection string postgres://secret@db');
        });
      },
    });
  });
  afterAll(() => ctx.close());

  it('echoes the caller’s request id and uses it in errors', async () => {
    const response = await ctx.app.inject({
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      title: 'Not Found',
      detail: 'There is nothing at this address.',
      errorCode: 'NOT_FOUND',
      requestId: 'abc-123',
    });
  });

  it('makes up a request id when none (or a malformed one) is sent', async () => {
    const plain = await ctx.app.inject({ url: '/api/health' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const malformed = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns malformed JSON into a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      requestId: expect.any(String),
    });
  });

  it('turns an unsupported media type into a 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });

  it('hides internals of unexpected failures and gives a reference code', async () => {
    const response = await ctx.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      status: 500,
      title: 'Internal Server Error',
      detail: 'Something went wrong when contacting our services. Please try again later.',
      errorCode: 'INTERNAL_ERROR',
      requestId: response.headers['x-request-id'],
      referenceCode: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('secret');
  });

  it('serves the SPA for screen paths but never for /api paths', async () => {
    const screen = await ctx.app.inject({
      url: '/customers/12/overview',
      headers: { host: 'localhost:8080' },
    });
    const api = await ctx.app.inject({ url: '/api/customers/12' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    // Without a web build (unit runs) the screen path is a 404 too; with one it is the SPA.
    if (screen.statusCode === 200) expect(screen.body).toContain('<div id="root">');
  });
});
