import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, SIGN_IN_PAGE, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

/** Signed out: on a sign-in page, or the page that says so. */
const isSignedOutPage = (page: Page) =>
  SIGN_IN_PAGE.test(new URL(page.url()).pathname) || /^\/auth\//.test(new URL(page.url()).pathname);

describe('[SESSIONS] idle warning and sign-out everywhere', () => {
  let hub: Hub;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    // One idle minute: the warning comes after 30 s without use (half of it, below four minutes).
    hub = await startHub({ SESSION_IDLE_MINUTES: '1' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await hub.close();
  });

  async function signedIn(email: string, withClock = false) {
    const { page, context } = await hub.newPage();
    contexts.push(context);
    if (withClock) await page.clock.install();
    await signInAt(page, '/dashboard', email);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    return page;
  }

  it('warns before an idle session ends, keeps it on "Stay signed in", and signs out when nobody answers', async () => {
    const page = await signedIn('user@example.com', true);
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward(20_000);
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward(12_000);
    await warning.waitFor();
    await expect.poll(() => warning.getByText(/^Time left: 0:\d\d$/).count()).toBe(1);
    // The button to stay has the focus: one key press keeps the session.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay signed in');
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'hidden' });
    await page.clock.fastForward(25_000);
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward(10_000);
    await warning.waitFor();
    await page.clock.fastForward(31_000);
    await eventually(() => isSignedOutPage(page)).toBe(true);
  });

  it('signs the user out on every device from the Account page', async () => {
    const laptop = await signedIn('admin@example.com');
    const phone = await signedIn('admin@example.com');
    await laptop.goto('/account');
    await laptop.getByRole('heading', { level: 2, name: 'Sessions' }).waitFor();
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = laptop.getByRole('dialog', { name: 'Sign out everywhere?' });
    await confirm.waitFor();
    await expectAccessible(laptop);
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await eventually(() => isSignedOutPage(laptop)).toBe(true);
    // The other device finds its session gone and is asked to sign in.
    await phone.goto('/account');
    await phone.waitForURL(SIGN_IN_PAGE);
  });
});
