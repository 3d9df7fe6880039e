import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 5_000 });
const pathname = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const accountButton = (page: Page) => page.getByRole('button', { name: /^Active account: / });

/** Opens a page by address and waits for its heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await heading(page).waitFor();
}

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on screen`);
  return box;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** True when the element's text is cut off: wider than its box, or beyond the window's edge. */
const isClipped = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth + 1 || box.left < -1;
  });

/**
 * One hub in the single-sign-on flow, one signed-in page per demo user, reused across the tests
 * (the window is resized rather than reopened) to keep the file fast.
 */
describe('[FRAME] frame polish: narrow windows, headings, refusals, consistency', () => {
  let hub: Hub;
  const pages: Record<string, Page> = {};
  const signedIn = async (email: string) => {
    if (pages[email]) return pages[email];
    const { page } = await hub.newPage();
    await signInAt(page, '/dashboard', email);
    await heading(page).waitFor();
    pages[email] = page;
    return page;
  };

  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it('refuses /external in place for a missing, unknown or forbidden service instead of a blank page', async () => {
    const page = await signedIn('user@example.com');
    for (const path of ['/external?service=WOD', '/external?service=NOPE', '/external']) {
      await page.goto(path);
      const alert = page.getByRole('main').getByRole('alert');
      await eventually(() => alert.textContent()).toContain('You are not authorized to view this page');
      expect(await alert.textContent(), path).toContain(
        'This service is not available in your active account.',
      );
      expect(await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).count()).toBe(1);
    }
  });

  it("titles, heads and highlights /external by the service's name", async () => {
    const page = await signedIn('admin@example.com');
    await page.goto('/wod');
    await eventually(() => heading(page).textContent()).toBe('Mail on demand');
    await eventually(() => page.title()).toBe('Mail on demand · Service Hub');
    expect(pathname(page)).toBe('/external');
    expect(await page.getByRole('alert').textContent()).toBe(
      'The address of this service has not been configured. Contact support.',
    );
    expect(
      await sidebar(page).getByRole('link', { name: 'Mail on demand' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it("heads a page with its own name, and a customer's pages with the customer's name", async () => {
    const page = await signedIn('sfadmin@example.com');
    await open(page, '/tracking/files/12/delivery-channels');
    await eventually(() => heading(page).textContent()).toBe('Delivery channels');
    expect(await page.title()).toBe('Track and trace · File · Delivery channels · Service Hub');

    const jysk = await hub.customerId('Jysk Boligselskab A/S');
    await page.goto(`/customers/${jysk}`);
    await eventually(() => heading(page).textContent()).toBe('Jysk Boligselskab A/S');
    expect(pathname(page)).toBe(`/customers/${jysk}/overview`);
    await eventually(() => page.title()).toBe('Customers · Jysk Boligselskab A/S · Service Hub');
    await open(page, `/customers/${jysk}/security`);
    await eventually(() => heading(page).textContent()).toBe('Jysk Boligselskab A/S · Security');
    expect(await page.title()).toBe('Customers · Jysk Boligselskab A/S · Security · Service Hub');
  });

  it('shows the 404 page inside the frame when signed in, and bare when signed out', async () => {
    const page = await signedIn('user@example.com');
    await open(page, '/no-such-page');
    expect(pathname(page)).toBe('/not-found');
    expect(await heading(page).textContent()).toBe('Page not found');
    await sidebar(page).waitFor();
    await page.getByRole('button', { name: 'Language: English' }).waitFor();
    await expectAccessible(page);

    const { page: visitor, context } = await hub.newPage();
    await open(visitor, '/no-such-page');
    expect(pathname(visitor)).toBe('/not-found');
    expect(await heading(visitor).textContent()).toBe('Page not found');
    expect(await sidebar(visitor).count()).toBe(0);
    await expectAccessible(visitor);
    await context.close();
  });

  it("shows a customer administrator's role in the user menu", async () => {
    const page = await signedIn('admin@example.com');
    await page.getByRole('button', { name: /^User menu for / }).click();
    await eventually(() => page.getByRole('menu').textContent()).toContain('Administrator');
    await page.keyboard.press('Escape');
  });

  it('links each dashboard service card to its service', async () => {
    const page = await signedIn('user@example.com');
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/dashboard');
    const card = page.getByRole('link', { name: /^Track and trace\s*STT$/ });
    expect(await card.getAttribute('href')).toMatch(/^\/tracking\?activeAccountId=\d+$/);
    await card.click();
    await page.waitForURL((url) => url.pathname === '/tracking/overview');
  });

  it('puts the error message of an unknown error on a line of its own', async () => {
    const page = await signedIn('user@example.com');
    await open(page, '/Test-page');
    await page.getByRole('button', { name: 'Cause an unhandled error' }).click();
    const toast = page.getByRole('region', { name: 'Messages', exact: true }).getByRole('alert');
    await toast.waitFor();
    expect(await toast.getByText('An unknown error occurred', { exact: true }).count()).toBe(1);
    expect(await toast.getByText('Test failure from the test page', { exact: true }).count()).toBe(1);
    await toast.getByRole('button', { name: 'Close message' }).click();
  });

  it('asks before leaving unsaved changes on /account, whose route has no confirm-leave flag', async () => {
    const page = await signedIn('user@example.com');
    await open(page, '/account');
    await page.getByLabel('First name').fill('Ulrika');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue editing' }).click();
    expect(pathname(page)).toBe('/account');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ulrika');

    // Putting the saved value back is no change at all.
    await page.getByLabel('First name').fill('Ulla');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await dialog.count()).toBe(0);
  });

  it('keeps the active account identifiable on phones, without overlapping the header', async () => {
    const page = await signedIn('user@example.com');
    for (const width of [320, 480]) {
      await page.setViewportSize({ width, height: 800 });
      await open(page, '/dashboard');
      const button = accountButton(page);
      await button.waitFor();
      expect(await button.getByRole('img', { name: 'Sweden' }).isVisible()).toBe(true);
      for (const text of ['Göta Bostäder AB', '(SE106574)']) {
        const part = button.getByText(text, { exact: true });
        expect(await part.isVisible(), `${text} at ${width} px`).toBe(true);
        expect(await isClipped(part), `${text} at ${width} px`).toBe(false);
      }
      const header = [
        page.getByRole('link', { name: 'Service Hub' }),
        page.getByRole('button', { name: /^Language: / }),
        page.getByRole('button', { name: /^Notifications/ }),
        page.getByRole('button', { name: /^User menu for / }),
        button,
      ];
      const boxes = await Promise.all(header.map(boxOf));
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(overlaps(a, b), `header overlap at ${width} px: ${JSON.stringify([a, b])}`).toBe(false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the sidebar as icons on mid-size windows, and remembers its state across reloads', async () => {
    const page = await signedIn('admin@example.com');
    const navWidth = async () => (await boxOf(sidebar(page))).width;
    await page.setViewportSize({ width: 700, height: 800 });
    await open(page, '/dashboard');
    await eventually(navWidth).toBeLessThan(80);
    // The service badges keep their short names.
    for (const badge of await page
      .getByRole('main')
      .getByText(/^(STT|ETS|SUP|EC|WOD|EA)$/)
      .all())
      expect(await isClipped(badge)).toBe(false);

    await page.setViewportSize({ width: 1280, height: 800 });
    await eventually(navWidth).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await eventually(navWidth).toBeLessThan(80);
    await page.reload();
    await heading(page).waitFor();
    await eventually(navWidth).toBeLessThan(80);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.reload();
    await heading(page).waitFor();
    await eventually(navWidth).toBeGreaterThan(200);
  });

  it('shows every column header of the accounts table whole at 320 px in Finnish', async () => {
    const page = await signedIn('user@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'fi'));
    try {
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, '/dashboard');
        const accounts = page.getByRole('region', { name: 'Asiakastilisi' });
        for (const label of ['Tili', 'Asiakasnumero', 'Markkina-alue']) {
          const header = accounts.getByText(label, { exact: true }).filter({ visible: true }).first();
          expect(await header.isVisible(), `${label} at ${width} px`).toBe(true);
          expect(await isClipped(header), `${label} at ${width} px`).toBe(false);
        }
        expect(await hasHorizontalOverflow(page)).toBe(false);
      }
      await expectAccessible(page);
    } finally {
      await page.evaluate(() => localStorage.setItem('language', 'en-SE'));
    }
  });

  it("switches from a support case to the case list, or to the section's first page the account may open", async () => {
    const switchTo = async (page: Page, name: string) => {
      await accountButton(page).click();
      await page.getByRole('menuitem').filter({ hasText: name }).click();
    };
    const admin = await signedIn('sfadmin@example.com');
    await open(admin, '/support/cases/5');
    await switchTo(admin, 'Göta Bostäder AB');
    const gota = await hub.customerId('Göta Bostäder AB');
    await admin.waitForURL(
      (url) => `${url.pathname}${url.search}` === `/support/cases?activeAccountId=${gota}`,
    );
    await eventually(() => heading(admin).textContent()).toBe('Support cases');

    // Mälardalens Vatten AB has no support permission: spec 2 sends a refused page to the first
    // page of its section the account may open.
    const user = await signedIn('user@example.com');
    await open(user, '/support/cases/5');
    await switchTo(user, 'Mälardalens Vatten AB');
    await user.waitForURL((url) => url.pathname === '/support/contact');
    await switchTo(user, 'Göta Bostäder AB');
  });
});
