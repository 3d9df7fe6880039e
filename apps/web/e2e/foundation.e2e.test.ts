import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  hasHorizontalOverflow,
  SIGN_IN_PAGE,
  signIn,
  signInAt,
  startHub,
  type Hub,
} from './support/hub.ts';

describe('[FOUNDATION] the page loads and a demo user signs in and reaches the dashboard', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it.each([
    ['user@example.com', 'Ulla'],
    ['admin@example.com', 'Anders'],
    ['sfadmin@example.com', 'Siri'],
  ])('%s signs in and lands on /dashboard', async (email, firstName) => {
    const { page, context } = await hub.newPage();
    await page.goto('/');
    await page.waitForURL(SIGN_IN_PAGE);
    await expect.poll(() => page.title()).toBe('Sign in · Service Hub');
    await signIn(page, email);
    await page.waitForURL('**/dashboard?activeAccountId=*');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Welcome, ${firstName}`);
    await expect.poll(() => page.title()).toBe('Dashboard · Service Hub');
    await context.close();
  });

  it('shows the customer user the services of the first account', async () => {
    const { page, context } = await hub.newPage();
    await signInAt(page, '/dashboard', 'user@example.com');
    const services = page.getByRole('region', { name: 'Your services in this account' });
    await services.waitFor();
    for (const service of ['Track and trace', 'EDI track and trace', 'Support cases', 'EDI connect']) {
      await services.getByText(service, { exact: true }).waitFor();
    }
    await page.getByRole('cell', { name: 'Mälardalens Vatten AB' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('refuses a wrong password with a message that does not say whether the account exists', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(SIGN_IN_PAGE);
    await signIn(page, 'user@example.com', 'wrong-password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The e-mail address or password is incorrect.');
    expect(page.url()).toMatch(SIGN_IN_PAGE);
    await context.close();
  });

  it('asks for the missing fields before calling the server', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(SIGN_IN_PAGE);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('This field cannot be empty.').count()).toBe(2);
    await expectAccessible(page);
    await context.close();
  });

  it('switches language on the sign-in page, with the page lang attribute and the tab title', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(SIGN_IN_PAGE);
    await page.getByLabel('Language').selectOption('sv');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('sv');
    await expect.poll(() => page.title()).toBe('Logga in · Service Hub');
    await page.getByLabel('E-postadress').fill('user@example.com');
    await page.locator('input[type=password]').fill('demo-password');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.getByRole('heading', { name: 'Välkommen, Ulla' }).waitFor();
    await expect.poll(() => page.title()).toBe('Översikt · Service Hub');
    await context.close();
  });

  it('sends unknown paths to /not-found with the three causes', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/not-found');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('listitem').allTextContents()).toEqual([
      'the page has been moved or deleted',
      'the link is outdated or broken',
      'the address was mistyped',
    ]);
    await expectAccessible(page);
    await context.close();
  });

  it('is usable at 375 px wide', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await page.goto('/dashboard');
    await page.waitForURL(SIGN_IN_PAGE);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await signIn(page, 'user@example.com');
    await page.getByRole('heading', { name: 'Welcome, Ulla' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  });
});
