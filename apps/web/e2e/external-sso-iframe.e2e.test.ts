import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTERNAL_CLIENT_ID,
  externalIdp,
  signInAtExternalIdp,
  TOKEN_LIFETIME_SECONDS,
  withoutWebFonts,
  type ExternalIdp,
} from './support/external-idp.ts';
import { startHub, type Hub } from './support/hub.ts';

describe('[SSO] renewal in a hidden iframe, for a provider that issues no refresh tokens', () => {
  let hub: Hub;
  let idp: ExternalIdp;
  beforeAll(async () => {
    // Same site as the Hub: a browser sends the provider's session cookie into a frame only then.
    idp = await externalIdp({ host: '127.0.0.1' });
    hub = await startHub({
      USE_AUTH_SERVICE: '0',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: EXTERNAL_CLIENT_ID,
      // No offline_access: no refresh token, so the Hub renews by iframe.
      OIDC_SCOPES: 'openid profile email',
    });
    await idp.start(hub.baseUrl);
  });
  afterAll(async () => {
    await hub?.close();
    await idp?.stop();
  });

  it('renews through /auth/silent-callback in a frame, without leaving the page', async () => {
    const { page, context } = await hub.newPage();
    await withoutWebFonts(page);
    const framed: string[] = [];
    const tokens = new Set<string>();
    let providerPages = 0;
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() !== page.mainFrame()) framed.push(url.pathname);
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && url.origin === idp.issuer)
        providerPages += 1;
      const token = /^Bearer (.+)$/.exec(request.headers().authorization ?? '')?.[1];
      if (token && url.origin === hub.baseUrl) tokens.add(token);
    });
    await page.goto('/dashboard');
    await signInAtExternalIdp(page, idp, 'ulla');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    const signInPages = providerPages;

    const storedIdToken = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { id_token: string }).id_token : null;
      });
    const first = await storedIdToken();
    await expect.poll(storedIdToken, { timeout: TOKEN_LIFETIME_SECONDS * 1000 }).not.toBe(first);
    expect(framed).toContain('/auth/silent-callback');
    // The renewed token works, and the page never went back to the provider.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(tokens.size).toBeGreaterThanOrEqual(2);
    expect(providerPages).toBe(signInPages);
    expect(idp.events).toMatchObject({ refreshed: 0, grantErrors: [] });
    await context.close();
  });

  it('keeps the session when the frame answers only after 12 s, as on a busy machine', async () => {
    const { page, context } = await hub.newPage();
    await withoutWebFonts(page);
    let providerPages = 0;
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && url.origin === idp.issuer)
        providerPages += 1;
    });
    await page.goto('/dashboard');
    await signInAtExternalIdp(page, idp, 'ulla');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    const signInPages = providerPages;
    // The frame's request to the provider is held back: oidc-client-ts gave up after 10 s by
    // default, and the Hub then took the session for ended and signed in again by redirect.
    await context.route(
      (url) => url.origin === idp.issuer && url.pathname === '/auth',
      async (route) => {
        if (route.request().frame() !== page.mainFrame()) await new Promise((r) => setTimeout(r, 12_000));
        await route.continue().catch(() => undefined);
      },
    );
    const storedIdToken = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { id_token: string }).id_token : null;
      });
    const first = await storedIdToken();
    await expect.poll(storedIdToken, { timeout: (TOKEN_LIFETIME_SECONDS + 20) * 1000 }).not.toBe(first);
    expect(providerPages, 'signed in again by redirect').toBe(signInPages);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(providerPages).toBe(signInPages);
    await context.close();
  }, 90_000);
});
