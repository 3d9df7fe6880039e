import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InjectBrowser, signInAtProvider } from '../../../test/inject-browser.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

const PUBLIC_URL = 'https://hub.example.com';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
const credentials = { publicUrl: PUBLIC_URL, email: 'user@example.com', password: 'demo-password' };

/** Every absolute URL in a JSON document. */
const urlsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^\w+:\/\//.test(value)
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(urlsIn)
      : [];

describe('[IDP] built-in provider behind proxies: PUBLIC_URL only, no foreign origins, no caching', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => ctx.close());

  it('advertises only PUBLIC_URL in its discovery document, whatever Host and X-Forwarded-Host say', async () => {
    const response = await ctx.app.inject({ url: '/idp/.well-known/openid-configuration', headers: FORGED });
    expect(response.statusCode).toBe(200);
    const urls = urlsIn(response.json());
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/hub\.example\.com\/idp(\/|$)/);
  });

  it('sends the browser only to PUBLIC_URL during sign-in and sign-out, whatever Host says', async () => {
    const browser = new InjectBrowser(ctx.app, FORGED);
    const signIn = await signInAtProvider(browser, credentials);
    expect(signIn.redirectTo).toMatch(/^https:\/\/hub\.example\.com\/idp\/auth\//);
    expect(signIn.callback.origin).toBe(PUBLIC_URL);

    const logout = await browser.request({
      url: `/idp/session/end?${new URLSearchParams({
        id_token_hint: signIn.tokens.id_token,
        post_logout_redirect_uri: `${PUBLIC_URL}/`,
      })}`,
    });
    expect(logout.statusCode).toBe(200);
    const action = /<form[^>]* action="([^"]+)"/.exec(logout.body)?.[1];
    expect(action).toBe(`${PUBLIC_URL}/idp/session/end/confirm`);
    const fields = Object.fromEntries(
      [...logout.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    const confirmed = await browser.request({
      method: 'POST',
      url: new URL(action!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields as Record<string, string>).toString(),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${PUBLIC_URL}/`);
  });

  it('lets no other origin read discovery, JWKS or token answers in a browser', async () => {
    const evil = { origin: 'https://evil.example' };
    for (const url of ['/idp/.well-known/openid-configuration', '/idp/jwks']) {
      const response = await ctx.app.inject({ url, headers: evil });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    for (const [url, method] of [
      ['/idp/.well-known/openid-configuration', 'GET'],
      ['/idp/jwks', 'GET'],
      ['/idp/token', 'POST'],
    ] as const) {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { ...evil, 'access-control-request-method': method },
      });
      expect(preflight.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], url).toBeUndefined();
    }
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=x&client_id=service-hub-web',
    });
    expect(token.headers['access-control-allow-origin']).toBeUndefined();

    const own = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/idp/token',
      headers: { origin: PUBLIC_URL, 'access-control-request-method': 'POST' },
    });
    expect(own.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
  });

  it('keeps discovery, token and sign-in interaction answers out of every cache', async () => {
    const discovery = await ctx.app.inject({ url: '/idp/.well-known/openid-configuration' });
    expect(discovery.headers['cache-control']).toBe('no-store');
    expect(discovery.headers['x-request-id']).toBeTruthy();

    const browser = new InjectBrowser(ctx.app);
    const signIn = await signInAtProvider(browser, credentials);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: signIn.tokens.refresh_token!,
        client_id: 'service-hub-web',
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');

    const authorize = await browser.request({
      url: `/idp/auth?${new URLSearchParams({
        client_id: 'service-hub-web',
        response_type: 'code',
        redirect_uri: `${PUBLIC_URL}/auth/callback`,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        prompt: 'login',
      })}`,
    });
    const interaction = authorize.headers.location!;
    const details = await browser.request({ url: `${interaction}/details` });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const login = await browser.request({
      method: 'POST',
      url: `${interaction}/login`,
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
