import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../../api/src/modules/notifications/notifications.repository.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

const pathname = (page: Page) => new URL(page.url()).pathname;
/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 5_000 });
const isPath = (path: string) => (response: Response) => new URL(response.url()).pathname === path;
const queryParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** A fresh browser context, signed in through the sign-in page and landed on the dashboard. */
async function signedIn(
  hub: Hub,
  email: string,
  options?: { width?: number; locale?: string },
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await hub.newPage(options);
  await signInAt(page, '/dashboard', email);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  return { page, context };
}

const accountButton = (page: Page) => page.getByRole('button', { name: /^Active account: / });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });

/** Opens a page by address and waits until the route guard has settled on its final page. */
async function open(page: Page, path: string) {
  await page.goto(path);
  try {
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 });
  } catch (error) {
    throw new Error(`no page heading after opening ${path}; the address is ${page.url()}`, { cause: error });
  }
}

/**
 * Navigates inside the running app, as the router's own links do (no reload), and answers the
 * pathname the route guard settles on. It starts from /account, open to every signed-in user,
 * so the next page heading that is not "Account" belongs to the destination. Watched from inside
 * the page on every animation frame, which keeps a table of dozens of paths fast.
 */
async function landingOf(page: Page, path: string): Promise<string> {
  return page.evaluate(async (to) => {
    const go = (target: string) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    const heading = () => document.querySelector('h1')?.textContent ?? null;
    const until = (done: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const giveUp = Date.now() + 10_000;
        const check = () => {
          if (done()) resolve();
          else if (Date.now() > giveUp)
            reject(new Error(`no page heading after opening ${to}; the address is ${window.location.href}`));
          else requestAnimationFrame(check);
        };
        check();
      });
    go('/account');
    await until(() => window.location.pathname === '/account' && heading() === 'Account');
    if (to === '/account') return window.location.pathname;
    go(to);
    await until(() => heading() !== null && heading() !== 'Account');
    return window.location.pathname;
  }, path);
}

/**
 * Where each path ends for the real demo users in the Test environment on 127.0.0.1, from the
 * rules of spec 6 (see route-access.test.ts) and the seeded accounts of apps/api/src/seed:
 * - user@example.com, first account Göta Bostäder AB: STT, ETS, SUP, EC (CustomerUser);
 * - admin@example.com, first account Mälardalens Vatten AB: STT, ETS, SUP, EC, WOD, EA (the seed
 *   gives every customer of DEMO_ACCESS without an explicit list all six; CustomerAdministrator
 *   counts as ADMIN);
 * - sfadmin@example.com, first account Fjordkraft Distribusjon AS: all six, SF_ADMIN and ADMIN.
 * 127.0.0.1 counts as localhost, so the development-only routes open for everyone.
 * '=' means the path opens as asked.
 */
const D = '/dashboard';
const ROUTES: [path: string, user: string, admin: string, sfadmin: string][] = [
  ['/', D, D, D],
  ['/dashboard', '=', '=', '='],
  ['/tracking', '/tracking/overview', '/tracking/overview', '/tracking/overview'],
  [
    '/tracking/files/12',
    ...(Array(3).fill('/tracking/files/12/delivery-channels') as [string, string, string]),
  ],
  ['/edi-tracking', '/edi-tracking/files', '/edi-tracking/files', '/edi-tracking/files'],
  ['/support', '/support/cases', '/support/cases', '/support/cases'],
  ['/support/cases', '=', '=', '='],
  ['/support/cases/new', '=', '=', '='],
  ['/reports', '=', '=', '='],
  ['/accountsettings', D, '/accountsettings/users', '/accountsettings/users'],
  ['/edi-connect', ...(Array(3).fill('/edi-connect/deployment-requests') as [string, string, string])],
  ['/administration', D, D, '/administration/services'],
  ['/customers', D, D, '='],
  ['/customers/new', D, D, '='],
  ['/users', D, D, '='],
  ['/wod', D, '/external', '/external'],
  ['/ea', D, '/external', '/external'],
  ['/account', '=', '=', '='],
  ['/Test-page', '=', '=', '='],
  ['/no-such-page', '/not-found', '/not-found', '/not-found'],
];

describe('[SHELL] the frame: routes, active account, feedback, notifications', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it('reaches or refuses each route as the access rules say, for each demo user', async () => {
    const users = ['user@example.com', 'admin@example.com', 'sfadmin@example.com'] as const;
    // One signed-in page per user, the three side by side.
    await Promise.all(
      users.map(async (email, column) => {
        const { page, context } = await signedIn(hub, email);
        for (const row of ROUTES) {
          const path = row[0];
          const outcome = row[column + 1]!;
          const expected = outcome === '=' ? path : outcome;
          expect(await landingOf(page, path), `${email} opening ${path}`).toBe(expected);
          if (expected === '/external') {
            expect(queryParam(page, 'service')).toBe(path.slice(1).toUpperCase());
            await eventually(() => page.getByRole('alert').textContent()).toBe(
              'The address of this service has not been configured. Contact support.',
            );
          }
        }
        await context.close();
      }),
    );
  });

  it("switches the active account and goes to the section's top page", async () => {
    const gota = await hub.customerId('Göta Bostäder AB');
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Fjordkraft Distribusjon AS \(/,
    );
    await open(page, '/tracking/files/12/status-log');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Status log');
    // Every account the tab stores from here on: the switch must store the new one, and only it
    // (the old address must not take the old account back on the way).
    await page.evaluate(() => {
      const stored: string[] = [];
      Object.assign(window, { storedAccounts: stored });
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'activeAccountId' && this === sessionStorage) stored.push(value);
        setItem.call(this, key, value);
      };
    });
    await accountButton(page).click();
    await page.getByRole('menuitem').filter({ hasText: 'Göta Bostäder AB' }).click();
    await eventually(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    }).toBe(`/tracking/files?activeAccountId=${gota}`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Files');
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Göta Bostäder AB \(/,
    );
    expect(
      await page.evaluate(() => (window as unknown as { storedAccounts: string[] }).storedAccounts),
    ).toEqual([String(gota)]);
    await accountButton(page).click();
    await eventually(() =>
      page.getByRole('menuitem').filter({ hasText: 'Göta Bostäder AB' }).getAttribute('aria-current'),
    ).toBe('true');
    await context.close();
  });

  it('takes the account from a deep link, and refuses a foreign one with a warning', async () => {
    const malardalen = await hub.customerId('Mälardalens Vatten AB');
    const foreign = await hub.customerId('Fjordkraft Distribusjon AS');
    const { page, context } = await signedIn(hub, 'user@example.com');
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Göta Bostäder AB \(/,
    );

    await open(page, `/tracking/files?activeAccountId=${malardalen}`);
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Mälardalens Vatten AB \(/,
    );
    expect(queryParam(page, 'activeAccountId')).toBe(String(malardalen));
    await eventually(() => toasts(page).getByRole('alert').count()).toBe(0);

    await open(page, `/tracking/files?activeAccountId=${foreign}`);
    await eventually(() => toasts(page).getByRole('alert').textContent()).toBe(
      `You are not authorized for the requested ActiveAccount with id ${foreign}. Falling back to your first Customer as ActiveAccount.`,
    );
    await eventually(() => queryParam(page, 'activeAccountId')).toBe(String(malardalen));
    expect(pathname(page)).toBe('/tracking/files');
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Mälardalens Vatten AB \(/,
    );

    // Through a redirect (the section's index) the account comes along.
    const gota = await hub.customerId('Göta Bostäder AB');
    await open(page, `/tracking?activeAccountId=${gota}`);
    await eventually(() => accountButton(page).getAttribute('aria-label')).toMatch(
      /^Active account: Göta Bostäder AB \(/,
    );
    expect(pathname(page)).toBe('/tracking/overview');
    expect(queryParam(page, 'activeAccountId')).toBe(String(gota));
    await context.close();
  });

  it('asks before leaving unsaved changes, and not after saving', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await open(page, '/Test-page');
    const note = page.getByLabel('Note');
    const dashboardLink = sidebar(page).getByRole('link', { name: 'Dashboard' });
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });

    await note.fill('Half a thought');
    await dashboardLink.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe('/Test-page');
    expect(await note.inputValue()).toBe('Half a thought');

    await dashboardLink.click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();

    await sidebar(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await open(page, '/Test-page');
    await note.fill('A whole thought');
    await page.getByRole('button', { name: 'Save' }).click();
    await dashboardLink.click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('switches the language from the header, and keeps it after a reload, feature pages included', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Suomi' }).click();
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('fi');
    await eventually(() => page.title()).toBe('Yleiskatsaus · Service Hub');
    await page.getByRole('button', { name: 'Kieli: Suomi' }).waitFor();
    // A feature page's texts are in the rest of the catalog, which the switch loaded too.
    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('link', { name: 'Asiakastuki' })
      .click();
    await page.getByRole('textbox', { name: 'Hae aiheesta' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Kieli: Suomi' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
    // Opened directly, the feature page waits for the rest of the Finnish catalog: no raw keys.
    await page.getByRole('textbox', { name: 'Hae aiheesta' }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/\bsupport\.[a-z]+\.[a-zA-Z]+/);
    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('link', { name: 'Yleiskatsaus' })
      .click();
    await eventually(() => page.title()).toBe('Yleiskatsaus · Service Hub');
    await context.close();
  });

  it('hides success toasts after 3 s, keeps warnings, and closes one or all', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await open(page, '/Test-page');
    const success = toasts(page).getByRole('status').filter({ hasText: 'Your changes have been saved.' });
    const warning = toasts(page).getByRole('alert').filter({ hasText: 'Reference: TEST-REFERENCE' });
    const closeAll = toasts(page).getByRole('button', { name: 'Close all' });

    await page.getByRole('button', { name: 'Show warning' }).click();
    const warningShown = Date.now();
    await page.getByRole('button', { name: 'Show success message' }).click();
    const successShown = Date.now();
    await success.waitFor();
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'Something went wrong. Please try again... If the problem persists, contact support.',
    );
    expect(await closeAll.isVisible()).toBe(true);

    // Time is the behaviour here: still there after a second, gone after three.
    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - successShown)));
    expect(await success.isVisible()).toBe(true);
    await expect.poll(() => success.count(), { timeout: 4500 - (Date.now() - successShown) }).toBe(0);
    expect(Date.now() - successShown).toBeGreaterThanOrEqual(2500);
    await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - warningShown)));
    expect(await warning.isVisible()).toBe(true);
    // One toast left: no "Close all".
    expect(await closeAll.count()).toBe(0);

    await page.getByRole('button', { name: 'Show warning' }).click();
    await page.getByRole('button', { name: 'Show success message' }).click();
    await eventually(() => warning.count()).toBe(2);
    await closeAll.click();
    await eventually(() => toasts(page).getByRole('alert').count()).toBe(0);
    expect(await toasts(page).getByRole('status').count()).toBe(0);

    await page.getByRole('button', { name: 'Show warning' }).click();
    await warning.getByRole('button', { name: 'Close message' }).click();
    await eventually(() => warning.count()).toBe(0);
    await context.close();
  });

  it('shows an unhandled error as a warning with the error message and a reference', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await open(page, '/Test-page');
    await page.getByRole('button', { name: 'Cause an unhandled error' }).click();
    const toast = toasts(page).getByRole('alert');
    // The error's own message on a line of its own.
    await eventually(() => toast.innerText()).toMatch(
      /An unknown error occurred\n+Test failure from the test page/,
    );
    expect(await toast.textContent()).toMatch(
      /Reference: \d{4}-\d\d-\d\dT[\d:.]+Z\. Use it when you contact support\./,
    );
    await context.close();
  });

  it('fits a 375 px phone and opens and hides the sidebar from the burger', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com', { width: 375 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    const nav = sidebar(page);
    // Found by its label, not its role: closed, it is inert and out of the accessibility tree.
    const onScreen = async () => {
      const box = await page.locator('nav[aria-label="Main menu"]').boundingBox();
      return box !== null && box.x + box.width > 0 && box.x < 375;
    };
    expect(await onScreen()).toBe(false);
    // Its links, off screen, take no keyboard focus either.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('nav') === null)).toBe(true);
    }

    await page.getByRole('button', { name: 'Open menu' }).click();
    await eventually(onScreen).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reports');
    await eventually(onScreen).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await context.close();
  });

  it('covers the page with the open phone sidebar, keeps the page still behind it, and closes it with Escape', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com', { width: 375 });
    const scrollY = () => page.evaluate(() => window.scrollY);
    // The dashboard is taller than a phone: the wheel scrolls it while the sidebar is closed.
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 300);
    await eventually(scrollY).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('button', { name: 'Open menu' }).click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await close.waitFor();
    // It slides in; once there it takes the whole width but its 1 px border.
    await eventually(async () => (await sidebar(page).boundingBox())?.x).toBe(0);
    expect((await sidebar(page).boundingBox())?.width).toBeGreaterThanOrEqual(374);
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 300);
    // Give a scroll the time to happen before asserting it did not.
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(0);

    await sidebar(page).getByRole('link', { name: 'Reports' }).focus();
    await page.keyboard.press('Escape');
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.mouse.wheel(0, 300);
    await eventually(scrollY).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a notification pushed by the server without a reload, and marks it read', async () => {
    const { page, context } = await hub.newPage();
    const stream = page.waitForResponse(isPath('/api/notifications/stream'));
    const list = page.waitForResponse(isPath('/api/notifications'));
    await signInAt(page, '/dashboard', 'user@example.com');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // Both the live stream and the list are open before the notification exists.
    expect((await stream).status()).toBe(200);
    expect((await list).status()).toBe(200);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications, 0 new');

    await createNotification(hub.db, {
      userId: await hub.userId('user@example.com'),
      type: 'caseReply',
      payload: { caseNumber: 'CS-1' },
    });
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 new');

    await bell.click();
    const popover = page.getByRole('dialog');
    await eventually(() => popover.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('New reply in support case CS-1'),
    ]);
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications, 0 new');
    expect(await popover.getByText('New reply in support case CS-1').count()).toBe(1);
    await context.close();
  });

  it('keeps a notification pushed while the list is still loading', async () => {
    const { page, context } = await hub.newPage();
    // The first list request is answered by the server at once, before the notification exists,
    // but reaches the page only after the notification was pushed.
    let answered!: () => void;
    const staleAnswerReady = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const deliverStaleAnswer = new Promise<void>((resolve) => (release = resolve));
    let delivered!: () => void;
    const staleAnswerDelivered = new Promise<void>((resolve) => (delivered = resolve));
    let first = true;
    await page.route('**/api/notifications', async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      answered();
      await deliverStaleAnswer;
      await route.fulfill({ response }).catch(() => undefined);
      delivered();
    });
    const stream = page.waitForResponse(isPath('/api/notifications/stream'));
    await signInAt(page, '/dashboard', 'admin@example.com');
    await stream;
    await staleAnswerReady;

    await createNotification(hub.db, {
      userId: await hub.userId('admin@example.com'),
      type: 'caseReply',
      payload: { caseNumber: 'CS-2' },
    });
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 new');
    release();
    await staleAnswerDelivered;
    // Ordering is the behaviour here: give the page time to apply the late answer.
    await page.waitForTimeout(500);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 new');
    await bell.click();
    // Newest first, once, and the only new one (the demo data's read alert notifications follow).
    const items = () => page.getByRole('dialog').getByRole('listitem').allTextContents();
    await eventually(async () => (await items())[0]).toContain('New reply in support case CS-2');
    const listed = await items();
    expect(listed.filter((text) => text.includes('support case CS-2'))).toHaveLength(1);
    expect(listed.filter((text) => text.endsWith('New'))).toHaveLength(1);
    await context.close();
  });

  it('tells the user when a new version has been released', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { buildId: string };
      await route.fulfill({ response, json: { ...config, buildId: `${config.buildId}-next` } });
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const toast = toasts(page).getByRole('alert').filter({
      hasText: 'A new version has been released, please refresh the page.',
    });
    await toast.waitFor();
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Refresh' }).click()]);
    // The reloaded page runs the new build: no toast any more, even after the next check.
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    const checked = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/api/config'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await checked;
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await toast.count()).toBe(0);
    await context.close();
  });

  it('has no serious accessibility violations in menus, popovers, dialogs and planned pages', async () => {
    // The provider administrator's account menu has the most in it (a hint, removal items).
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');

    await accountButton(page).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /^Notifications, / }).click();
    await page.getByRole('dialog').getByText('Notifications', { exact: true }).waitFor();
    await expectAccessible(page);
    // The bell toggles its popover (Escape only closes it with the focus inside).
    await page.getByRole('button', { name: /^Notifications, / }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await open(page, '/tracking/files');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Files');
    await expectAccessible(page);

    await open(page, '/Test-page');
    await page.getByLabel('Note').fill('Unsaved');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('has no serious accessibility violations at 375 px with the sidebar open', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com', { width: 375 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe('[SHELL] a provider administrator removes their access to an account', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it('removes the account after confirmation', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    await accountButton(page).click();
    // Removal is a menu item of its own next to each account (a menu holds only menu items).
    await page.getByRole('menuitem', { name: /^Remove your access to Pohjolan Sähkö Oy \(/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove access to account' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Remove your access to Pohjolan Sähkö Oy \(FI\d+\)\?/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove access' }).click();
    await eventually(() => toasts(page).getByRole('status').textContent()).toBe(
      'Access to Pohjolan Sähkö Oy has been removed.',
    );
    await dialog.waitFor({ state: 'hidden' });

    await accountButton(page).click();
    const accounts = page.getByRole('menu').getByRole('menuitem').filter({ hasText: /\S/ });
    await eventually(() => accounts.allTextContents()).toEqual([
      expect.stringContaining('Fjordkraft Distribusjon AS'),
      expect.stringContaining('Göta Bostäder AB'),
      expect.stringContaining('Jysk Boligselskab A/S'),
    ]);
    expect(await page.getByRole('menuitem', { name: /Pohjolan/ }).count()).toBe(0);
    const { rows } = await hub.db.$client.query(
      `SELECT 1 FROM user_customers uc JOIN users u ON u.id = uc.user_id JOIN customers c ON c.id = uc.customer_id
       WHERE u.email = 'sfadmin@example.com' AND c.name = 'Pohjolan Sähkö Oy'`,
    );
    expect(rows).toEqual([]);
    await context.close();
  });

  it('offers no removal to a customer user', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await accountButton(page).click();
    await eventually(() => page.getByRole('menu').getByRole('menuitem').count()).toBe(2);
    expect(await page.getByRole('menuitem', { name: /^Remove your access/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove your access/ }).count()).toBe(0);
    await context.close();
  });
});
