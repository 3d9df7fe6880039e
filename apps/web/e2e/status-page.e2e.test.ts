import type { Page } from 'playwright-core';
import type { TPublicStatus } from '@service-hub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';
import { cumulativeLayoutShift } from './support/page-walk.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const banner = (page: Page) => page.getByRole('region', { name: 'Service status', exact: true });
const components = (page: Page) =>
  page.getByRole('region', { name: 'Parts of Service Hub' }).getByRole('listitem');

/**
 * Counts what a page loads from now on, over redirects and navigations: each finished request's
 * encoded (compressed) body and response headers, in bytes.
 */
function countTransfer(page: Page): () => Promise<{ bytes: number; requests: number }> {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize)),
  );
  return async () => ({
    bytes: (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0),
    requests: sizes.length,
  });
}
const loadedFiles = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));

type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };

/** The layout shifts of the document so far without recent input (the browser buffers them). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; time: number }[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(
            list
              .getEntries()
              .map((entry) => entry as LayoutShift)
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => ({ value: entry.value, time: entry.startTime })),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // Without any shift the observer is never called.
        setTimeout(() => resolve([]), 1_000);
      }),
  );

/** Reloads the page until its GET /api/status says the notice of that title is closed. */
async function reloadUntilResolved(page: Page, title: string) {
  await expect
    .poll(
      async () => {
        const [response] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/api/status'),
          page.reload(),
        ]);
        const { notices } = (await response.json()) as TPublicStatus;
        return notices.find((n) => n.title['en-SE'] === title)?.resolvedAt ?? null;
      },
      { timeout: 60_000, interval: 3_000 },
    )
    .not.toBeNull();
}

describe('[STATUS] the public status page', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it('[PUBLIC] shows every part with its state in words at 375 px, without sign-in, light, axe clean', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    const transfer = countTransfer(page);
    await page.goto('/status');
    await heading(page).filter({ hasText: 'Service Hub status' }).waitFor();
    await expect(page.title()).resolves.toBe('Service Hub status');
    expect(page.url()).toBe(`${hub.baseUrl}/status`);
    // Six parts, each named and with its state as text (not colour alone).
    await eventually(() => components(page).count()).toBe(6);
    const rows = await components(page).allInnerTexts();
    expect(rows.map((row) => row.split('\n')[0])).toEqual([
      'Sign-in',
      'Portal and API',
      'Track and trace: incoming data',
      'Reports',
      'E-mail',
      'EDI track and trace',
    ]);
    for (const row of rows) expect(row).toMatch(/Operational|Maintenance|Degraded|Outage|Unknown/);
    await page.getByText('No current incidents and no planned maintenance.').waitFor();
    await page.getByText('No incidents or maintenance in the last 90 days.').waitFor();
    const feed = page.getByRole('link', { name: 'Subscribe to updates (Atom feed)' });
    expect(await feed.getAttribute('href')).toBe('/api/status/feed.atom?lang=en-SE');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);

    // None of the signed-in app: no first-load chunk (Mantine, the frame), no runtime config.
    const files = await loadedFiles(page);
    expect(files.filter((file) => /first-load|\/api\/config/.test(file))).toEqual([]);
    // Measured for docs/performance.md; the bound only catches the app's code creeping in.
    const weight = await transfer();
    expect(weight.bytes).toBeLessThan(150_000);
    await context.close();
    // Beside it, in the same run: the app's own first page for a visitor (its sign-in page).
    const app = await hub.newPage({ width: 375 });
    const appTransfer = countTransfer(app.page);
    await app.page.goto('/dashboard');
    await app.page.getByLabel('E-mail address').waitFor();
    const appWeight = await appTransfer();
    console.info(
      `status page: ${weight.bytes} bytes in ${weight.requests} requests; ` +
        `the app's sign-in page: ${appWeight.bytes} bytes in ${appWeight.requests} requests`,
    );
    await app.context.close();
  });

  it('[PUBLIC] speaks the browser’s language or ?lang=, at 320, 480, 700 and 1280 px too', async () => {
    const finnish = await hub.newPage({ width: 375, locale: 'fi-FI' });
    await finnish.page.goto('/status');
    await heading(finnish.page).filter({ hasText: 'Service Hubin tila' }).waitFor();
    expect(await finnish.page.getAttribute('html', 'lang')).toBe('fi');
    await finnish.page.getByText('Kirjautuminen', { exact: true }).waitFor();
    expect(await hasHorizontalOverflow(finnish.page)).toBe(false);
    await expectAccessible(finnish.page);

    // The chooser switches in place and puts the language in the address (for a link to share).
    await finnish.page.getByRole('combobox', { name: 'Kieli' }).selectOption('sv');
    await heading(finnish.page).filter({ hasText: 'Driftstatus för Service Hub' }).waitFor();
    expect(new URL(finnish.page.url()).searchParams.get('lang')).toBe('sv');
    expect(await finnish.page.getByRole('link', { name: /Atom-flöde/ }).getAttribute('href')).toBe(
      '/api/status/feed.atom?lang=sv',
    );
    await finnish.context.close();

    const widths = [
      { width: 320, lang: 'da', title: 'Driftsstatus for Service Hub', signIn: 'Log ind' },
      { width: 480, lang: 'no', title: 'Driftsstatus for Service Hub', signIn: 'Innlogging' },
      { width: 700, lang: 'en-SE', title: 'Service Hub status', signIn: 'Sign-in' },
      { width: 1280, lang: 'da', title: 'Driftsstatus for Service Hub', signIn: 'Log ind' },
    ];
    for (const { width, lang, title, signIn } of widths) {
      const { page, context } = await hub.newPage({ width });
      await page.goto(`/status?lang=${lang}`);
      await heading(page).filter({ hasText: title }).waitFor();
      await page.getByText(signIn, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page), `${width} px`).toBe(false);
      await expectAccessible(page);
      await context.close();
    }
  });

  it('[ADMIN][BANNER] an incident an administrator opens shows on /status and as a banner, until resolved', async () => {
    const admin = await hub.newPage();
    await signInAt(admin.page, '/administration/status', 'sfadmin@example.com');
    await heading(admin.page).filter({ hasText: 'Status page' }).waitFor();
    await expectAccessible(admin.page);

    // Nothing filled in: each required field says so, in words.
    await admin.page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() =>
      admin.page.getByText('This field cannot be empty.').count(),
    ).toBeGreaterThanOrEqual(3);

    await admin.page.getByRole('textbox', { name: 'Title', exact: true }).first().fill('Reports are slow');
    await admin.page
      .getByRole('textbox', { name: 'Message', exact: true })
      .first()
      .fill('Reports take longer than usual. We are on it.');
    await admin.page.getByRole('checkbox', { name: 'Reports' }).check();
    await admin.page.getByRole('radio', { name: 'Minor impact' }).check();
    await admin.page.getByText('Translations (optional)').click();
    const swedish = admin.page.getByRole('group', { name: 'Svenska' });
    await swedish.getByRole('textbox', { name: 'Title' }).fill('Rapporterna är långsamma');
    await admin.page.getByRole('button', { name: 'Publish' }).click();
    await toasts(admin.page).getByText('Published on the status page.').waitFor();
    const open = admin.page.getByRole('region', { name: 'Open' });
    await open.getByRole('heading', { name: 'Reports are slow' }).waitFor();

    // The public page shows it at once (the write refreshed this instance's status).
    const reader = await hub.newPage({ width: 375 });
    await reader.page.goto('/status');
    await reader.page.getByRole('heading', { name: 'Reports are slow', level: 3 }).waitFor();
    await expect(components(reader.page).filter({ hasText: 'Reports' }).innerText()).resolves.toContain(
      'Degraded',
    );
    await expectAccessible(reader.page);
    const swedishReader = await hub.newPage({ width: 375, locale: 'sv-SE' });
    await swedishReader.page.goto('/status');
    await swedishReader.page.getByRole('heading', { name: 'Rapporterna är långsamma', level: 3 }).waitFor();
    await swedishReader.context.close();

    // A signed-in customer user sees the banner, with the way to the details.
    const user = await hub.newPage({ width: 375 });
    await signInAt(user.page, '/dashboard', 'user@example.com');
    await banner(user.page).getByText('Ongoing incident: Reports are slow').waitFor();
    expect(
      await banner(user.page).getByRole('link', { name: 'See the status page' }).getAttribute('href'),
    ).toBe('/status');
    expect(await hasHorizontalOverflow(user.page)).toBe(false);
    await expectAccessible(user.page);
    // A fresh load with the banner: it arrives after the page and moves nothing (the page walk's limit).
    await user.page.reload();
    await banner(user.page).getByText('Ongoing incident: Reports are slow').waitFor();
    await heading(user.page).waitFor();
    expect(cumulativeLayoutShift(await layoutShifts(user.page))).toBeLessThanOrEqual(0.05);

    // Resolved: the notice moves to the history, and the banner goes.
    const panel = admin.page.getByRole('article', { name: 'Reports are slow' });
    await panel.getByRole('combobox', { name: 'New status' }).click();
    await admin.page.getByRole('option', { name: 'Resolved' }).click();
    await panel
      .getByRole('textbox', { name: 'Message', exact: true })
      .first()
      .fill('Reports run at normal speed again.');
    await panel.getByRole('button', { name: 'Post update' }).click();
    await toasts(admin.page).getByText('Update posted on the status page.').waitFor();
    await admin.page
      .getByRole('region', { name: 'Closed in the last 90 days' })
      .getByRole('heading', { name: 'Reports are slow' })
      .waitFor();

    // Browsers may keep the public answer 15 s (Cache-Control): each page reloads until it has
    // one that knows of the resolution, as a reader's next refresh would.
    await reloadUntilResolved(user.page, 'Reports are slow');
    await eventually(() => banner(user.page).count()).toBe(0);

    await reloadUntilResolved(reader.page, 'Reports are slow');
    const history = reader.page.getByRole('region', { name: 'History of the last 90 days' });
    await history.getByRole('heading', { name: 'Reports are slow' }).waitFor();
    await history.getByText('Reports run at normal speed again.').waitFor();
    await expect(components(reader.page).filter({ hasText: 'Reports' }).innerText()).resolves.not.toContain(
      'Degraded',
    );
    await Promise.all([admin.context.close(), reader.context.close(), user.context.close()]);
  });
});
