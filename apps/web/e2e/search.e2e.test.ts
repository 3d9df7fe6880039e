import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTrackingFile } from '../../api/test/tracking-fixtures.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const url = (page: Page) => new URL(page.url());
const searchBox = (page: Page) => page.getByRole('dialog').getByRole('textbox');

describe('[SEARCH] one search from the header, across accounts', () => {
  let hub: Hub;
  let gota: number;
  let malardalen: number;
  let invoiceDocument: number;

  beforeAll(async () => {
    hub = await startHub();
    gota = await hub.customerId('Göta Bostäder AB');
    malardalen = await hub.customerId('Mälardalens Vatten AB');
    // user@example.com holds both; Göta is the first account, Mälardalen the second.
    const file = await insertTrackingFile(hub.db, {
      customerId: malardalen,
      filename: 'SRCH_Invoices_20261124.xml',
      arrivedAt: '2026-11-24T06:00:00Z',
      documents: [
        {
          externalDocumentId: 'SRCH-DOC-4006468',
          invoiceNumber: '9004006468',
          recipientName: 'Hedda Sökström',
          status: 'Delivered',
          deliveries: [{ channel: 'email', status: 'delivered' }],
        },
      ],
    });
    invoiceDocument = file.documentIds[0]!;
  });
  afterAll(() => hub?.close());

  it('finds an invoice of the second account with the keyboard alone and opens it in that account; axe clean', async () => {
    const { page, context } = await hub.newPage({ width: 1280 });
    await signInAt(page, `/dashboard?activeAccountId=${gota}`, 'user@example.com');
    await heading(page).waitFor();
    await page.keyboard.press('Control+K');
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('9004006468');
    const result = page.getByRole('dialog').getByRole('button', { name: /9004006468/ });
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('Mälardalens Vatten AB');
    await expect(result.textContent()).resolves.toContain('Invoice number');
    await expect(page.getByRole('dialog').getByRole('group', { name: 'Documents' }).count()).resolves.toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await eventually(() => url(page).pathname).toBe(`/tracking/documents/${invoiceDocument}/delivery`);
    expect(url(page).searchParams.get('activeAccountId')).toBe(String(malardalen));
    await page.getByText('SRCH-DOC-4006468').first().waitFor();
    // The frame now acts for Mälardalen: the account switcher names it.
    await eventually(() =>
      page.getByRole('button', { name: /Active account: Mälardalens Vatten AB/ }).count(),
    ).toBe(1);

    // Opened again, the search remembers the search and the document.
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('group', { name: 'Recently opened' }).waitFor();
    await expect(dialog.getByRole('button', { name: /SRCH-DOC-4006468/ }).count()).resolves.toBe(1);
    await expect(dialog.getByRole('button', { name: '9004006468' }).count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('says so when nothing matches, never showing another customer’s items', async () => {
    const { page, context } = await hub.newPage({ width: 1024 });
    await signInAt(page, '/dashboard', 'user@example.com');
    await heading(page).waitFor();
    await page.getByRole('button', { name: 'Search in all your accounts' }).click();
    await searchBox(page).fill('Fixture_Not_Yours');
    await page
      .getByRole('dialog')
      .getByText('Nothing found for “Fixture_Not_Yours” in your accounts.')
      .waitFor();
    await context.close();
  });

  it('[SV 375] works on a phone in Swedish: a tap, a file name, its page; axe clean, nothing sideways', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, '/dashboard', 'user@example.com');
    // The language chosen in the app, as a Swedish user would have it.
    await page.evaluate(() => localStorage.setItem('language', 'sv'));
    await page.reload();
    await eventually(() => heading(page).textContent()).toContain('Välkommen');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: 'Sök i alla dina konton' }).click();
    await searchBox(page).fill('srch_invoices');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('group', { name: 'Filer' }).waitFor();
    const file = dialog.getByRole('button', { name: /SRCH_Invoices_20261124\.xml/ });
    await expect(file.textContent()).resolves.toContain('Filnamn');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await file.click();
    await eventually(() => url(page).pathname).toMatch(/^\/tracking\/files\/\d+\/delivery-channels$/);
    expect(url(page).searchParams.get('activeAccountId')).toBe(String(malardalen));
    await page.getByText('SRCH_Invoices_20261124.xml').first().waitFor();
    await context.close();
  });

  it.each([320, 480, 700])(
    '[FI %i] fits in Finnish: the header, the dialog, its empty state; axe clean',
    async (width) => {
      const { page, context } = await hub.newPage({ width });
      // A user without history (the first test gave user@example.com one).
      await signInAt(page, '/dashboard', 'admin@example.com');
      await page.evaluate(() => localStorage.setItem('language', 'fi'));
      await page.reload();
      await eventually(() => page.getByRole('button', { name: 'Hae kaikilta tileiltäsi' }).count()).toBe(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole('button', { name: 'Hae kaikilta tileiltäsi' }).click();
      const dialog = page.getByRole('dialog');
      // Before typing: what to type.
      await dialog.getByText('Kirjoita laskun numero', { exact: false }).waitFor();
      await searchBox(page).fill('EI-TÄLLAISTA-TUNNUSTA');
      await dialog.getByText('Haulla ”EI-TÄLLAISTA-TUNNUSTA” ei löytynyt mitään tileiltäsi.').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await expectAccessible(page);
      await context.close();
    },
  );

  it('finds customers for provider staff and opens the customer', async () => {
    const { page, context } = await hub.newPage({ width: 1280 });
    await signInAt(page, '/dashboard', 'sfadmin@example.com');
    await heading(page).waitFor();
    await page.keyboard.press('Control+K');
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('Mälardalens Vatten');
    const customer = page
      .getByRole('dialog')
      .getByRole('button', { name: /Mälardalens Vatten AB/ })
      .first();
    await customer.waitFor();
    await customer.click();
    await eventually(() => url(page).pathname).toBe(`/customers/${malardalen}/overview`);
    await context.close();
  });
});
