import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { keepProcessorsBusy, mainAreaHistory, slowDown, watchMainArea } from './support/busy.ts';
import {
  EXTERNAL_CLIENT_ID,
  externalIdp,
  recordApiCalls,
  signInAtExternalIdp,
  TOKEN_LIFETIME_SECONDS,
  withoutWebFonts,
  type ExternalIdp,
} from './support/external-idp.ts';
import { signInAt, startHub, type Hub } from './support/hub.ts';

/**
 * The journeys that once failed on a shared machine, run with its processor deliberately kept
 * busy: every core idle at the start spins in a background process (bounded: it stops by itself),
 * the two journeys run side by side in two browsers, and each tab's processor is throttled 4× with
 * 100 ms more per request. Pages must show the loading page or their content at every moment,
 * never a blank one; sessions must survive reloads and renewal.
 */
const BUSY_FOR_MS = 240_000;

/** Waits for the page's heading, as long as a slowed tab waits for anything (see slowDown). */
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/** A tab of a new browser context on the slowed machine, noting what its main area shows. */
async function slowTab(hub: Hub): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await hub.newPage();
  await watchMainArea(context);
  await slowDown(page);
  return { page, context };
}

/**
 * The moments the main area of the page's current document was blank (none, or it fails: softly,
 * so that the session's own checks still run).
 */
async function blankMoments(page: Page) {
  return (await mainAreaHistory(page)).filter((sample) => sample.shows === 'blank');
}

/** A JWT's claims, as the test reads them from the requests the browser sends. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };

describe('[BUSY] journeys on a machine whose processor is kept busy', () => {
  let busy: Awaited<ReturnType<typeof keepProcessorsBusy>> | undefined;
  // Single sign-on with a provider that issues no refresh tokens (renewal in a hidden iframe).
  let idp: ExternalIdp;
  let sso: Hub;
  // The built-in provider, whose sign-in page takes the demo users' passwords.
  let builtIn: Hub;
  let customerId: number;
  beforeAll(async () => {
    // Same site as the Hub, so that the browser sends the provider's cookie into the frame.
    idp = await externalIdp({ host: '127.0.0.1' });
    [sso, builtIn] = await Promise.all([
      startHub({
        USE_AUTH_SERVICE: '0',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: EXTERNAL_CLIENT_ID,
        OIDC_SCOPES: 'openid profile email',
      }),
      startHub({ USE_AUTH_SERVICE: '0' }),
    ]);
    await idp.start(sso.baseUrl);
    customerId = await builtIn.customerId('Göta Bostäder AB');
    busy = await keepProcessorsBusy(BUSY_FOR_MS);
    console.info(
      `${busy.idleCores.toFixed(1)} cores were idle: ${busy.processes} spinning processes started`,
    );
  });
  afterAll(async () => {
    busy?.stop();
    await Promise.all([sso?.close(), builtIn?.close()]);
    await idp?.stop();
  });

  // The two journeys run side by side, each in its own browser, as on a shared machine (and so
  // within about two minutes).
  it.concurrent(
    'keeps the session over a reload and over two token lifetimes of silent renewal',
    { timeout: 150_000 },
    async ({ expect }) => {
      const { page, context } = await slowTab(sso);
      await withoutWebFonts(page);
      let providerPages = 0;
      const framed = new Set<string>();
      const calls = recordApiCalls(context, sso);
      context.on('request', (request) => {
        if (!request.isNavigationRequest()) return;
        if (request.frame() !== page.mainFrame()) framed.add(new URL(request.url()).pathname);
        else if (new URL(request.url()).origin === idp.issuer) providerPages += 1;
      });
      const storedIdToken = () =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
          return key ? (JSON.parse(localStorage.getItem(key)!) as { id_token: string }).id_token : null;
        });

      await page.goto('/tracking/files');
      await signInAtExternalIdp(page, idp, 'ulla');
      await heading(page, 'Files');
      expect.soft(await blankMoments(page)).toEqual([]);
      const signInPages = providerPages;

      // A reload keeps the session: the stored token, read before the library loads.
      await page.reload();
      await heading(page, 'Files');
      expect.soft(await blankMoments(page)).toEqual([]);
      expect(providerPages).toBe(signInPages);

      // Two lifetimes of renewal, while the page keeps calling the API (dashboard, files, …).
      const tokens = new Set([await storedIdToken()]);
      const until = Date.now() + (2 * TOKEN_LIFETIME_SECONDS + 20) * 1000;
      let title: string | RegExp = 'Files';
      for (let round = 0; tokens.size < 3 && Date.now() < until; round++) {
        let link: string;
        [link, title] = round % 2 ? ['Track and trace', 'Overview'] : ['Dashboard', /^Welcome, /];
        await page
          .getByRole('navigation', { name: 'Main menu' })
          .getByRole('link', { name: link, exact: true })
          .click();
        await heading(page, title);
        tokens.add(await storedIdToken());
      }
      expect(tokens.size, 'renewals within two token lifetimes').toBeGreaterThanOrEqual(3);
      expect(framed).toContain('/auth/silent-callback');
      expect.soft(await blankMoments(page)).toEqual([]);

      // The renewed token works after a reload, and the page never went back to the provider.
      await page.reload();
      await heading(page, title);
      expect.soft(await blankMoments(page)).toEqual([]);
      expect(providerPages).toBe(signInPages);
      expect(calls.filter((call) => call.status === 401)).toEqual([]);
      for (const call of calls.filter((c) => c.token))
        expect(claimsOf(call.token!).exp, `${call.path} carried a token that had run out`).toBeGreaterThan(
          call.sentAt,
        );
      expect(idp.events).toMatchObject({ refreshed: 0, grantErrors: [] });
      await context.close();
    },
  );

  /** The pages each demo user opens, with their headings. */
  const pagesOf = (email: string): (readonly [string, string])[] => {
    if (email === 'sfadmin@example.com')
      return [
        ['/administration', 'Services'],
        [`/customers/${customerId}/service-access`, 'Göta Bostäder AB · Service access'],
      ];
    return [['/edi-connect/deployment-requests/new', 'New communication order']];
  };

  it.concurrent(
    'shows the loading page, then the page, never a blank one, to each demo user',
    { timeout: 150_000 },
    async ({ expect }) => {
      for (const email of ['sfadmin@example.com', 'admin@example.com', 'user@example.com']) {
        const { page, context } = await slowTab(builtIn);
        await signInAt(page, '/dashboard', email);
        await heading(page, /^Welcome, /);
        for (const [path, title] of pagesOf(email)) {
          await page.goto(path);
          await heading(page, title);
          expect.soft(await blankMoments(page), `${email} at ${path}`).toEqual([]);
          expect(
            (await mainAreaHistory(page)).some((sample) => sample.shows === 'loading'),
            `${path} showed the loading page while it loaded`,
          ).toBe(true);
        }
        await context.close();
      }
    },
  );
});
