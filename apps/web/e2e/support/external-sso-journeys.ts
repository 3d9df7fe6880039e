import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTERNAL_ACCOUNTS,
  EXTERNAL_CLIENT_ID,
  recordApiCalls,
  TOKEN_LIFETIME_SECONDS,
  withoutWebFonts,
  type ExternalIdp,
  type ExternalLogin,
} from './external-idp.ts';
import { expectAccessible, startHub, type Hub } from './hub.ts';

/**
 * An identity provider the external sign-in journeys run against, with what differs between
 * products: their login and logout pages, and what the Hub must be told about them.
 */
export type ProviderUnderTest = {
  /** The describe block's title. */
  title: string;
  /** The provider on its own origin, not answering yet (its address is fixed for the Hub). */
  create: () => Promise<ExternalIdp>;
  /** The Hub's settings beyond OIDC_ISSUER and OIDC_CLIENT_ID, as docs/sign-in.md gives them. */
  hubEnv: NodeJS.ProcessEnv;
  /** Signs in on the provider's own pages like a person would, consenting where asked. */
  signIn: (page: Page, idp: ExternalIdp, login: ExternalLogin) => Promise<void>;
  /** Confirms the logout on the provider's own page, where it asks. */
  confirmSignOut: (page: Page) => Promise<void>;
  /** The provider's login form, which a browser without its session sees. */
  loginForm: (page: Page) => Locator;
  /**
   * What the provider asks a person it has a session for before it returns to the Hub (Glewlwyd:
   * its Continue button); undefined for a provider that returns at once.
   */
  signedInQuestion: (page: Page) => Locator | undefined;
  /**
   * How the Hub keeps a session past the ID token's lifetime: by refresh token, or, for a provider
   * whose refresh answers carry no new ID token, by signing in again (silently, on its session).
   */
  renewal: 'refresh-token' | 'sign-in-again';
  /**
   * Whether the provider hands out a new refresh token on each renewal and treats a spent one
   * presented again as theft; the five-tab journey exists for such providers.
   */
  rotatesRefreshTokens: boolean;
};

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const textOf = (page: Page) =>
  heading(page)
    .textContent({ timeout: 1_000 })
    .catch(() => null);
const storedSignIns = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')));

/** A JWT's claims, as the test reads them from the requests the browser sends. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };

/**
 * Which tab presented which refresh token, and what the tabs warned of: with the provider's own
 * record from now on, the story behind a revoked grant.
 */
function recordRenewals(context: BrowserContext, idp: ExternalIdp) {
  const tabs: Page[] = [];
  const lines: string[] = [];
  const note = (tab: Page, line: string) =>
    lines.push(`${new Date().toISOString().slice(11, 23)} tab ${tabs.indexOf(tab) + 1} ${line}`);
  const watch = (tab: Page) => {
    tabs.push(tab);
    tab.on('console', (message) => {
      if (message.type() === 'warning') note(tab, message.text().split('\n')[0]!);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  context.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(idp.issuer).origin || request.method() !== 'POST') return;
    const presented = new URLSearchParams(request.postData() ?? '').get('refresh_token');
    if (presented) note(request.frame().page(), `presents …${presented.slice(-6)}`);
  });
  const providerFrom = idp.events.tokenRequests.length;
  return () => [...lines, 'provider:', ...idp.events.tokenRequests.slice(providerFrom)].join('\n');
}

/** The subject (`sub`) of the ID token a tab keeps: whom the provider said signed in. */
const signedInSubject = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { profile: { sub: string } }).profile.sub : null;
  });

async function linkedSubjects(hub: Hub): Promise<string[]> {
  const { rows } = await hub.db.$client.query<{ subject: string }>(
    'SELECT subject FROM user_identities ORDER BY subject',
  );
  return rows.map((row) => row.subject);
}

/** The external sign-in journeys against one provider: the provider and a Hub once per file. */
export function externalSsoJourneys(provider: ProviderUnderTest) {
  describe(provider.title, () => {
    let hub: Hub;
    let idp: ExternalIdp;
    beforeAll(async () => {
      idp = await provider.create();
      hub = await startHub({
        USE_AUTH_SERVICE: '0',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: EXTERNAL_CLIENT_ID,
        ...provider.hubEnv,
      });
      await idp.start(hub.baseUrl);
    });
    afterAll(async () => {
      await hub?.close();
      await idp?.stop();
    });

    const newPage = async () => {
      const { page, context } = await hub.newPage();
      await withoutWebFonts(page);
      idp.watch?.(context);
      return { page, context };
    };

    // The saving alone lasts two token lifetimes (33 s); signing in, the reload and a second tab take
    // another 25 s on a busy machine, which left nothing of the default 60 s to spare.
    it.runIf(provider.renewal === 'refresh-token')(
      'returns to the deep link, survives a reload, and stays signed in over two token lifetimes in two tabs',
      async () => {
        const { page, context } = await newPage();
        const calls = recordApiCalls(context, hub);
        let providerVisits = 0;
        context.on('request', (request) => {
          if (request.isNavigationRequest() && new URL(request.url()).origin === new URL(idp.issuer).origin)
            providerVisits += 1;
        });

        const renewalStory = recordRenewals(context, idp);

        await page.goto('/tracking/files');
        await provider.signIn(page, idp, 'ulla');
        await page.waitForURL((url) => url.pathname === '/tracking/files');
        await eventually(() => textOf(page)).toBe('Files');
        expect(await linkedSubjects(hub)).toEqual([await signedInSubject(page)]);

        const visitsBeforeReload = providerVisits;
        await page.reload();
        await eventually(() => textOf(page)).toBe('Files');
        expect(providerVisits).toBe(visitsBeforeReload);

        // Two tabs of one browser share the tokens; each saves the profile again and again, so API
        // calls are in flight while renewals happen, in either tab.
        const second = await context.newPage();
        const tabs = [page, second];
        // The first tab moves inside the app, as a person would: a full page load in the middle of a
        // renewal would lose the provider's answer (the rotated token with it), which no client can
        // prevent. The second tab is opened fresh.
        await page.getByRole('button', { name: /^User menu for / }).click();
        await page.getByRole('menuitem', { name: 'Account' }).click();
        await second.goto('/account');
        for (const tab of tabs) await tab.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
        const start = Date.now() / 1000;
        for (let round = 0; Date.now() / 1000 - start < 2 * TOKEN_LIFETIME_SECONDS + 3; round++) {
          const tab = tabs[round % 2]!;
          const profile = tab.getByRole('region', { name: 'Profile' });
          await profile.getByLabel('First name').fill(round % 2 ? 'Ulla' : `Ulla ${round}`);
          const saved = tab.waitForResponse(
            (r) => r.request().method() !== 'GET' && r.url().includes('/api/'),
          );
          await profile.getByRole('button', { name: 'Save' }).click();
          expect((await saved).status()).toBeLessThan(300);
          await tab.waitForTimeout(400);
        }

        const authorised = calls.filter((call) => call.token);
        const tokens = new Set(authorised.map((call) => call.token));
        expect(tokens.size).toBeGreaterThanOrEqual(3);
        // No call ever carried a token that had run out, and none was refused.
        for (const call of authorised)
          expect(claimsOf(call.token!).exp, call.path).toBeGreaterThan(call.sentAt);
        expect(calls.filter((call) => call.status !== undefined && call.status >= 400)).toEqual([]);
        // Renewal used refresh tokens, one at a time: the provider never saw one twice. A tab that
        // took the lock right after the other's renewal may still read the old tokens (each tab has
        // its own copy of localStorage); it must not present the spent refresh token.
        const story = renewalStory();
        expect(idp.events.refreshed, story).toBeGreaterThanOrEqual(2);
        expect(idp.events, story).toMatchObject({ grantErrors: [], grantsRevoked: 0 });
        expect(providerVisits).toBe(visitsBeforeReload);
        await context.close();
      },
      120_000,
    );

    // A provider that refreshes without a new ID token: the Hub signs in again before the token
    // runs out, on the provider's session: no password, at most the provider's own question.
    it.runIf(provider.renewal === 'sign-in-again')(
      'returns to the deep link, survives a reload, and stays signed in over two token lifetimes without typing again',
      async () => {
        const { page, context } = await newPage();
        const calls = recordApiCalls(context, hub);
        const providerOrigin = new URL(idp.issuer).origin;
        let providerVisits = 0;
        context.on('request', (request) => {
          if (request.isNavigationRequest() && new URL(request.url()).origin === providerOrigin)
            providerVisits += 1;
        });
        await page.goto('/tracking/files');
        await provider.signIn(page, idp, 'ulla');
        await page.waitForURL((url) => url.pathname === '/tracking/files');
        await eventually(() => textOf(page)).toBe('Files');
        expect(await linkedSubjects(hub)).toEqual([await signedInSubject(page)]);
        // A reload keeps the sign-in: the same page, without a visit to the provider.
        const visitsBeforeReload = providerVisits;
        await page.reload();
        await eventually(() => textOf(page)).toBe('Files');
        expect(new URL(page.url()).pathname).toBe('/tracking/files');
        expect(providerVisits).toBe(visitsBeforeReload);

        const { refreshed } = idp.events;
        const until = Date.now() + (2 * TOKEN_LIFETIME_SECONDS + 3) * 1000;
        let signedInAgain = 0;
        for (;;) {
          const left = until - Date.now();
          if (left <= 0) break;
          const atProvider = await page
            .waitForURL((url) => url.origin === providerOrigin, { timeout: left })
            .then(
              () => true,
              () => false,
            );
          if (!atProvider) break;
          const question = provider.signedInQuestion(page);
          if (question) {
            await question.waitFor();
            expect(await provider.loginForm(page).isVisible()).toBe(false);
            await question.click();
          }
          await page.waitForURL((url) => url.origin === hub.baseUrl && url.pathname === '/tracking/files');
          signedInAgain += 1;
        }
        await eventually(() => textOf(page)).toBe('Files');
        expect(signedInAgain).toBeGreaterThanOrEqual(2);

        const authorised = calls.filter((call) => call.token);
        expect(new Set(authorised.map((call) => call.token)).size).toBeGreaterThanOrEqual(3);
        // No call ever carried a token that had run out, and none was refused.
        for (const call of authorised)
          expect(claimsOf(call.token!).exp, call.path).toBeGreaterThan(call.sentAt);
        expect(calls.filter((call) => call.status !== undefined && call.status >= 400)).toEqual([]);
        // It tried the refresh token first each time, which brought no new ID token.
        expect(idp.events.refreshed - refreshed).toBeGreaterThanOrEqual(2);
        expect(idp.events.grantErrors).toEqual([]);
        expect(await linkedSubjects(hub)).toEqual([await signedInSubject(page)]);
        await context.close();
      },
      90_000,
    );

    it.runIf(provider.rotatesRefreshTokens)(
      'never presents a refresh token twice when five tabs renew at the same moments',
      async () => {
        const { page, context } = await newPage();
        const renewalStory = recordRenewals(context, idp);
        const { refreshed, grantsRevoked } = idp.events;
        const grantErrorsBefore = idp.events.grantErrors.length;
        await page.goto('/account');
        await provider.signIn(page, idp, 'ulla');
        await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
        // Every tab plans each renewal for the same moment. The tabs that wait for the lock then read
        // their own copy of localStorage, which may not show the renewal stored by the tab before.
        for (let opened = 1; opened < 5; opened++) {
          const tab = await context.newPage();
          await tab.goto('/account');
          await tab.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
        }
        await page.waitForTimeout(3 * TOKEN_LIFETIME_SECONDS * 1000);

        const story = renewalStory();
        expect(idp.events.refreshed - refreshed, story).toBeGreaterThanOrEqual(3);
        expect(idp.events.grantErrors.slice(grantErrorsBefore), story).toEqual([]);
        expect(idp.events.grantsRevoked - grantsRevoked, story).toBe(0);
        // Still signed in everywhere: no tab went back to the provider.
        for (const tab of context.pages()) expect(new URL(tab.url()).pathname).toBe('/account');
        await context.close();
      },
      120_000,
    );

    it('tells a user the Hub does not know that their account is not set up, and creates nothing', async () => {
      const users = async () =>
        (await hub.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
      const before = { users: await users(), links: await linkedSubjects(hub) };
      const { page, context } = await newPage();
      await page.goto('/dashboard');
      await provider.signIn(page, idp, 'stranger');
      await page.getByRole('heading', { name: 'Your account is not set up' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'Your account is not set up in Service Hub — contact your administrator.',
      );
      // Not the expired-session path: nothing sends the browser back to the provider.
      expect(new URL(page.url()).origin).toBe(hub.baseUrl);
      expect(await storedSignIns(page)).toEqual([]);
      expect({ users: await users(), links: await linkedSubjects(hub) }).toEqual(before);
      await expectAccessible(page);
      await context.close();
    });

    it('never lets an unverified e-mail address sign in as the Hub user who has it', async () => {
      const linkedBefore = await linkedSubjects(hub);
      const { page, context } = await newPage();
      await page.goto('/dashboard');
      await provider.signIn(page, idp, 'mallory');
      await page.getByRole('heading', { name: 'Your account is not set up' }).waitFor();
      expect(await page.getByRole('heading', { name: /^Welcome, / }).count()).toBe(0);
      expect(await linkedSubjects(hub)).toEqual(linkedBefore);
      expect(EXTERNAL_ACCOUNTS.mallory.email_verified).toBe(false);
      await context.close();
    });

    it('signs out at both ends and returns to the Hub, which says so', async () => {
      const { page, context } = await newPage();
      await page.goto('/dashboard');
      await provider.signIn(page, idp, 'ulla');
      await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();

      await page.getByRole('button', { name: /^User menu for / }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      // The provider's own logout page.
      await page.waitForURL((url) => url.origin === new URL(idp.issuer).origin);
      await provider.confirmSignOut(page);
      await page.waitForURL((url) => url.origin === hub.baseUrl && url.pathname === '/auth/signed-out');
      await eventually(() =>
        page.getByRole('status').filter({ hasText: 'You have been signed out.' }).count(),
      ).toBe(1);
      expect(await storedSignIns(page)).toEqual([]);
      await expectAccessible(page);

      // The provider's session ended too: signing in asks for the login again.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.origin === new URL(idp.issuer).origin);
      await provider.loginForm(page).waitFor();
      await context.close();
    });

    it('says the sign-in service cannot be reached, with a reference, instead of loading forever', async () => {
      await idp.stop();
      const { page, context } = await newPage();
      await page.goto('/tracking/files');
      await page.getByRole('heading', { name: 'Sign-in is not available right now' }).waitFor();
      const alert = page.getByRole('alert');
      expect(await alert.textContent()).toMatch(
        /^Service Hub could not reach the sign-in service\. .*Reference: \d{4}-\d\d-\d\dT[\d:.]+Z\. Use it when you contact support\.$/,
      );
      expect(new URL(page.url()).pathname).toBe('/tracking/files');
      await expectAccessible(page);
      await context.close();
    });
  });
}
