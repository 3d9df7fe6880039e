import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, signIn, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const IDP_SIGN_IN = /\/idp\/interaction\/[\w-]+$/;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('[SIGN-IN] how single sign-on starts: one address, a failed start, a cancel, a sign-out', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub({ USE_AUTH_SERVICE: '0' });
  });
  afterAll(() => hub?.close());

  it('moves a browser that opened another host of the server to PUBLIC_URL, where sign-in works', async () => {
    const { page, context } = await hub.newPage();
    const elsewhere = hub.baseUrl.replace('127.0.0.1', 'localhost');
    await page.goto(`${elsewhere}/tracking/files?view=compact`);
    await page.waitForURL(IDP_SIGN_IN);
    expect(new URL(page.url()).origin).toBe(hub.baseUrl);
    await signIn(page, 'user@example.com');
    await page.waitForURL((url) => url.pathname === '/tracking/files');
    expect(new URL(page.url()).origin).toBe(hub.baseUrl);
    expect(new URL(page.url()).searchParams.get('view')).toBe('compact');
    await context.close();
  });

  it('says sign-in is not available, with a reference, when the provider cannot be reached', async () => {
    const { page, context } = await hub.newPage({ locale: 'fi-FI' });
    await context.route('**/idp/.well-known/openid-configuration', (route) => route.abort());
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Kirjautuminen ei ole juuri nyt käytettävissä' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(
      /^Service Hub ei saanut yhteyttä kirjautumispalveluun\..*Viite: \d{4}-\d\d-\d\dT[\d:.]+Z\./,
    );
    await expectAccessible(page);
    // Once the provider answers again, "Try again" goes on to sign in.
    await context.unroute('**/idp/.well-known/openid-configuration');
    await page.getByRole('button', { name: 'Yritä uudelleen' }).click();
    await page.waitForURL(IDP_SIGN_IN);
    await context.close();
  });

  it('returns a cancel at the provider to a calm, translated sign-in start that keeps the deep link', async () => {
    const { page, context } = await hub.newPage({ locale: 'sv-SE' });
    await page.goto('/tracking/files?view=compact');
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await eventually(() =>
      page.getByRole('status').filter({ hasText: 'Inloggningen avbröts.' }).count(),
    ).toBe(1);
    expect(await heading(page).textContent()).toBe('Logga in');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('cancelled');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByLabel('E-postadress').fill('user@example.com');
    await page.locator('input[type=password]').fill('demo-password');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tracking/files');
    expect(pathAndQuery(page)).toBe('/tracking/files?view=compact');
    await context.close();
  });

  it('says "You have been signed out" on the provider’s sign-in page after signing out', async () => {
    const { page, context } = await hub.newPage();
    await signInAt(page, '/dashboard', 'user@example.com');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(IDP_SIGN_IN);
    await eventually(() =>
      page.getByRole('status').filter({ hasText: 'You have been signed out.' }).count(),
    ).toBe(1);
    await expectAccessible(page);
    // Said once: the next sign-in page of the tab is a plain one.
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByText('You have been signed out.').count()).toBe(0);
    await context.close();
  });
});
