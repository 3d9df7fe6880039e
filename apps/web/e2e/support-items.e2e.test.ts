import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTrackingFile } from '../../api/test/tracking-fixtures.ts';
import { expectAccessible, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** Chooses a category and sub-category in the new-case form. */
async function chooseCategory(page: Page, category: string, subCategory: string) {
  await page.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option', { name: category }).click();
  await page.getByRole('combobox', { name: 'Sub-category', exact: true }).click();
  await page.getByRole('option', { name: subCategory }).click();
}

describe('[SUPPORT][TRACKING] cases about what they are about (issue 25)', () => {
  let hub: Hub;
  let page: Page;
  let gota: number;
  let documentId: number;

  beforeAll(async () => {
    hub = await startHub();
    gota = await hub.customerId('Göta Bostäder AB');
    const fixture = await insertTrackingFile(hub.db, {
      customerId: gota,
      filename: 'Fixture_Ask_Support.xml',
      arrivedAt: '2026-11-19T08:00:00Z',
      status: 'Rejected',
      documents: [
        {
          externalDocumentId: 'FX-ASK-001',
          invoiceNumber: 'INV-ASK-1',
          recipientName: 'Sigrid Holm',
          status: 'Rejected',
          deliveries: [{ channel: 'email', status: 'rejected', reason: 'Mailbox unavailable (550)' }],
        },
      ],
    });
    documentId = fixture.documentIds[0]!;
    ({ page } = await hub.newPage({ width: 1280 }));
    await signInAt(
      page,
      `/tracking/documents/${documentId}/delivery?activeAccountId=${gota}`,
      'user@example.com',
    );
  });
  afterAll(() => hub.close());

  it('[CASES] asks about a document from its page: the form is filled in, the case links the document, and the document lists the case', async () => {
    const ask = page.getByRole('link', { name: 'Ask support about this' });
    await ask.waitFor({ timeout: 15_000 });
    const openCases = page.getByRole('region', { name: 'Open support cases about this' });
    await expect(openCases.count()).resolves.toBe(0);
    await expectAccessible(page);
    await ask.click();

    await page.waitForURL(/\/support\/cases\/new\?/);
    expect(new URL(page.url()).searchParams.get('about')).toBe(`trackingDocument:${documentId}`);
    await heading(page, 'New case');
    const linked = page.getByRole('list', { name: 'What the case is about' });
    await linked.getByRole('link', { name: 'FX-ASK-001' }).waitFor();
    await eventually(() => page.getByLabel('Subject').inputValue()).toBe('Document FX-ASK-001');
    const description = await page.getByLabel('Description').inputValue();
    expect(description).toContain('Document FX-ASK-001: Rejected');
    expect(description).toContain('invoice INV-ASK-1, recipient Sigrid Holm, channels E-mail');
    await chooseCategory(page, 'Delivery', 'E-mail');
    await page.getByLabel('Description').fill(`${description}The invoice bounced twice this week.`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create case' }).click();

    await page.waitForURL(/\/support\/cases\/\d+\/activity/);
    await heading(page, 'Document FX-ASK-001');
    const caseNumber = (
      (await page
        .getByText(/^CS-\d{4}-\d{6}$/)
        .first()
        .textContent()) ?? ''
    ).trim();
    const about = page.getByRole('region', { name: 'About:' });
    const link = about.getByRole('link', { name: 'FX-ASK-001' });
    await link.waitFor();
    await expectAccessible(page);
    await link.click();

    await page.waitForURL((url) => url.pathname === `/tracking/documents/${documentId}/delivery`);
    await openCases.getByRole('link', { name: caseNumber }).waitFor({ timeout: 15_000 });
    await expect(openCases.getByText('Needs attention').count()).resolves.toBe(1);
    await expectAccessible(page);
  });

  it('[LISTS] asks about rows chosen in the documents list', async () => {
    await page.goto(`/tracking/documents?activeAccountId=${gota}`);
    const table = page.getByRole('table', { name: 'Documents' });
    await table.locator('tbody tr').first().waitFor({ timeout: 15_000 });
    const boxes = table.locator('tbody').getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const ask = page.getByRole('link', { name: 'Ask support about selected (2)' });
    await ask.waitFor();
    await expectAccessible(page);
    await ask.click();

    await page.waitForURL(/\/support\/cases\/new\?/);
    await heading(page, 'New case');
    const linked = page.getByRole('list', { name: 'What the case is about' });
    await eventually(() => linked.getByRole('listitem').count()).toBe(2);
    await eventually(() => page.getByLabel('Subject').inputValue()).toBe('2 documents');
    // Before sending, one of them is taken off again.
    await linked
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
    await eventually(() => linked.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page);
  });
});
