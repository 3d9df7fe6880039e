import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200)]);
/** Friday 27 November 2026, 15:45 in Copenhagen and Stockholm, 16:45 in Helsinki. */
const FRIDAY_AFTERNOON = '2026-11-27T14:45:00.000Z';

const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });

/** Answers the contact page for a fixed moment, as if the browser's clock stood there. */
async function fixClock(page: Page, at: string) {
  await page.route('**/api/support/contact?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('at', at);
    return route.continue({ url: url.toString() });
  });
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

describe('[SUPPORT][EDI CONNECT] contact, cases with attachments, and communication orders', () => {
  let hub: Hub;
  let page: Page;
  beforeAll(async () => {
    hub = await startHub();
    ({ page } = await hub.newPage({ width: 1280 }));
    await signInAt(page, '/support/contact', 'user@example.com');
  });
  afterAll(() => hub.close());

  it('[CONTACT] shows which markets answer the phone at a fixed moment, and when the others open', async () => {
    await fixClock(page, FRIDAY_AFTERNOON);
    await page.goto('/support/contact');
    await heading(page, 'Contact us');
    const sweden = page.getByRole('region', { name: 'Sweden' });
    const denmark = page.getByRole('region', { name: 'Denmark' });
    const norway = page.getByRole('region', { name: 'Norway' });
    await eventually(() => sweden.getByText('Open now').count()).toBe(1);
    await expect(sweden.getByText('Phone support is open until 17:00.').count()).resolves.toBe(1);
    await expect(denmark.getByText('Closed now').count()).resolves.toBe(1);
    await expect(
      denmark.getByText(/^Phone support opens Monday(,)? 30 November (at )?08:00\.$/).count(),
    ).resolves.toBe(1);
    await expect(norway.getByText('No phone support', { exact: true }).count()).resolves.toBe(1);
    await expect(sweden.getByRole('link', { name: 'support.se@servicehub.example' }).count()).resolves.toBe(
      1,
    );
    await expectAccessible(page);
    await page.unroute('**/api/support/contact?*');
  });

  it('[CASES] creates a case with an attachment, refuses an executable, replies and opens the three tabs', async () => {
    await page.goto('/support/cases');
    await heading(page, 'Support cases');
    await page.getByRole('table').waitFor();
    await page.getByRole('table').locator('thead').getByText('Case', { exact: true }).click();
    await page.waitForURL(/sort=caseNumber/);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New case' }).click();
    await heading(page, 'New case');
    await page.getByLabel('Subject').fill('Invoices printed twice');
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Print' }).click();
    await page.getByRole('combobox', { name: 'Sub-category', exact: true }).click();
    await page.getByRole('option', { name: 'Print quality' }).click();
    await page.getByLabel('Description').fill('Every invoice of file 4711 was printed twice.');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText(/sensitive personal data/).count()).resolves.toBe(1);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create case' }).click();

    await page.waitForURL(/\/support\/cases\/\d+\/activity/);
    await heading(page, 'Invoices printed twice');
    await eventually(() =>
      toasts(page)
        .getByText(/^Case CS-\d{4}-\d{6} created$/)
        .count(),
    ).toBe(1);
    await expect(page.getByRole('button', { name: 'Download scan.pdf' }).count()).resolves.toBe(1);

    // An executable renamed .pdf is refused by content, and named.
    const fileInput = page.locator('input[type=file]');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Here is the program that shows it.');
    await fileInput.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE });
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => page.getByText('These files are not allowed: invoice.pdf').count()).toBe(1);

    await fileInput.setInputFiles([]);
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('It happened again this morning.');
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => toasts(page).getByText('Message sent').count()).toBe(1);
    const messages = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
    await eventually(async () => (await messages.last().textContent()) ?? '').toContain(
      'It happened again this morning.',
    );
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/details(\?|$)/);
    await eventually(() => page.getByText('Not assigned yet').count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Information' }).click();
    await page.waitForURL(/\/information(\?|$)/);
    await eventually(() => page.getByText('What the statuses mean').count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.waitForURL(/\/activity(\?|$)/);
  });

  it('[EDI CONNECT] sends an order from the form and finds it submitted at the top of the list', async () => {
    await page.goto('/edi-connect/deployment-requests/new');
    await heading(page, 'New communication order');
    await page.getByRole('textbox', { name: 'Trading partner' }).fill('Baltic Freight Partners OÜ');
    await page.getByRole('textbox', { name: 'Identifier', exact: true }).fill('7350000000009');
    await page.locator('label', { hasText: /^SFTP$/ }).click();
    await page.getByLabel('Host').fill('sftp.baltic.example');
    await page.getByLabel('User name').fill('servicehub');
    await page.getByRole('checkbox', { name: 'INVOIC' }).check();
    await page.getByRole('checkbox', { name: 'DESADV' }).check();
    await page.getByLabel('Contact person').fill('Ulla Sand');
    await page.getByLabel('Contact e-mail').fill('ulla.sand@example.com');
    // No go-live date yet: the form says so before anything is sent.
    await page.getByRole('button', { name: 'Send order' }).click();
    await eventually(() => page.getByText('Choose a date, today or later.').count()).toBe(1);
    await page.getByRole('button', { name: 'Wished go-live date' }).click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('button', { name: 'Next' }).click();
    await calendar.getByRole('button', { name: /^15 / }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send order' }).click();

    await page.waitForURL((url) => url.pathname === '/edi-connect/deployment-requests');
    await eventually(() =>
      toasts(page).getByText('Your order for Baltic Freight Partners OÜ has been sent.').count(),
    ).toBe(1);
    const firstRow = page.getByRole('table').locator('tbody tr').first();
    await eventually(async () => (await firstRow.textContent()) ?? '').toContain(
      'Baltic Freight Partners OÜ',
    );
    await expect(firstRow.getByText('Submitted').count()).resolves.toBe(1);
    await expectAccessible(page);
  });

  it("[PROVIDER] answers another customer's case and rejects an order from the same screens", async () => {
    const staff = await hub.newPage({ width: 1280 });
    const provider = staff.page;
    await signInAt(provider, '/support/cases', 'sfadmin@example.com');
    await heading(provider, 'Support cases');
    await provider.getByRole('columnheader', { name: 'Customer' }).waitFor();
    await expectAccessible(provider);
    // A case of a customer the staff member does not hold.
    const foreign = provider.getByRole('row').filter({ hasText: 'Bergen Boligbyggelag AS' }).first();
    await foreign.getByRole('link').click();
    await provider.waitForURL(/\/support\/cases\/\d+\/activity/);
    await provider.getByRole('textbox', { name: 'Message', exact: true }).fill('We are looking into it.');
    await provider.getByRole('button', { name: 'Send' }).click();
    await eventually(() => toasts(provider).getByText('Message sent').count()).toBe(1);
    const last = provider.getByRole('list', { name: 'Conversation' }).getByRole('listitem').last();
    await eventually(async () => (await last.textContent()) ?? '').toContain('We are looking into it.');
    await expect(last.getByText('Support', { exact: true }).count()).resolves.toBe(1);

    await provider.goto('/edi-connect/deployment-requests?customers=all&status=submitted');
    await heading(provider, 'Communication orders');
    const row = provider.getByRole('table').locator('tbody tr').first();
    const partner = ((await row.getByRole('button').first().textContent()) ?? '').trim();
    await row.getByRole('button').first().click();
    const newStatus = provider.getByRole('combobox', { name: `New status for ${partner}` });
    const rejected = provider.getByRole('option', { name: 'Rejected' });
    // On a busy machine the first click can land before the row's controls settle: open the list
    // until the option shows, as a person would click again.
    await eventually(async () => {
      await newStatus.click();
      return rejected.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    }).toBe(true);
    await rejected.click();
    await provider.getByRole('button', { name: 'Update' }).click();
    const dialog = provider.getByRole('dialog', { name: 'Reject the order' });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('The partner only supports OFTP2.');
    await expectAccessible(provider);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await eventually(() => toasts(provider).getByText('The order is now: Rejected.').count()).toBe(1);
    await staff.context.close();
  });

  it('[NO][375px] shows cases, contact and EDI connect in Norwegian without sideways scrolling', async () => {
    const phone = await hub.newPage({ width: 375 });
    await signInAt(phone.page, '/support/cases', 'user@example.com');
    await phone.page.evaluate(() => localStorage.setItem('language', 'no'));
    await phone.page.goto('/support/cases');
    await heading(phone.page, 'Supportsaker');
    await phone.page.getByRole('table').waitFor();
    expect(await hasHorizontalOverflow(phone.page)).toBe(false);
    await expectAccessible(phone.page);
    await phone.page.getByRole('table').getByRole('link').first().click();
    await phone.page.getByRole('tab', { name: 'Aktivitet' }).waitFor();
    expect(await hasHorizontalOverflow(phone.page)).toBe(false);
    await expectAccessible(phone.page);
    for (const [path, title] of [
      ['/support/contact', 'Kontakt oss'],
      ['/edi-connect/deployment-requests/new', 'Ny kommunikasjonsbestilling'],
      ['/edi-connect/deployment-requests', 'Kommunikasjonsbestillinger'],
    ] as const) {
      await phone.page.goto(path);
      await heading(phone.page, title);
      expect(await hasHorizontalOverflow(phone.page), path).toBe(false);
    }
    await expectAccessible(phone.page);
    await phone.context.close();
  });
});
