import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

const eventually = <T>(value: () => T | Promise<T>, timeout = 10_000) => expect.poll(value, { timeout });
const widget = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const WIDTHS = [320, 480, 700, 1280];
/** DASHBOARD_SCREENSHOTS=<folder> keeps a picture of each width for a look by eye. */
const shot = async (page: Page, name: string) => {
  const folder = process.env.DASHBOARD_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
};

describe('[DASHBOARD] the landing page in the browser', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(async () => {
    await hub.close();
  });

  it('shows a customer user the widgets of their services on a phone, axe clean, and a widget link lands on the filtered list', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, '/dashboard', 'user@example.com');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ulla' }).waitFor();
    const tracking = widget(page, 'Track and trace, last 30 days');
    await tracking.getByRole('link', { name: /^Documents: / }).waitFor();
    const attention = widget(page, 'Documents needing attention');
    const showAll = attention.getByRole('link', { name: /^Show all \(/ });
    await showAll.waitFor();
    await widget(page, 'Support cases waiting for you').waitFor();
    await widget(page, 'Recent reports').waitFor();
    await widget(page, "What's new").waitFor();
    expect(await widget(page, 'Administration').count()).toBe(0);
    // Every widget has loaded (or said it has nothing): no spinner is left.
    await eventually(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await shot(page, 'customer-375');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await hasHorizontalOverflow(page), `${width} px`).toBe(false);
      await shot(page, `customer-${width}`);
    }
    await page.setViewportSize({ width: 375, height: 800 });

    await showAll.click();
    await page.waitForURL('**/tracking/documents?**');
    const params = new URL(page.url()).searchParams;
    expect(params.get('status')).toBe(
      'Rejected,NotDelivered,PartiallyDelivered,PartiallyDeliveredWithRejections',
    );
    expect(params.get('dateOperator')).toBe('between');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const rows = page.getByRole('table', { name: 'Documents' }).locator('tbody tr');
    await rows.first().waitFor();
    // The list holds only the statuses the widget counted.
    const statuses = await page
      .getByRole('table', { name: 'Documents' })
      .locator('tbody')
      .getByText(/^(Delivered|Delivered with rejections)$/)
      .count();
    expect(statuses).toBe(0);
    await context.close();
  });

  it('shows a provider administrator the administration shortcuts and the release notes', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, '/', 'sfadmin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Siri' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const administration = widget(page, 'Administration');
    await administration.waitFor();
    await widget(page, "What's new").waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await shot(page, 'provider-375');

    await administration.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await context.close();
  });
});
