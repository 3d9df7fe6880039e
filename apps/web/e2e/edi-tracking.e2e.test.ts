import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEdiConsignment } from '../../api/test/edi-fixtures.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const params = (page: Page) => new URL(page.url()).searchParams;
const pathname = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('[EDI TRACKING] lists and details in the browser', () => {
  let hub: Hub;
  let gota: number;

  beforeAll(async () => {
    hub = await startHub();
    gota = await hub.customerId('Göta Bostäder AB');
    const bergen = await hub.customerId('Bergen Boligbyggelag AS');
    const { rows } = await hub.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [gota],
    );
    // Yesterday: inside the errors-first default of the last 7 days whatever day the test runs.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const zeta = { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, 20457 Hamburg' };
    await insertEdiConsignment(hub.db, {
      consignmentId: 'FX-E2E-C1',
      customerId: gota,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'ORDERS_fixture_browser.edi',
      sender: {
        number: rows[0]!.customer_number,
        name: 'Göta Bostäder AB',
        address: 'Kungsgatan 1, Göteborg',
      },
      receiver: zeta,
      receivedAt: yesterday,
      errorMessage: 'Unknown receiver identifier',
      documents: [{ documentId: 'FX-E2E-D1', category: 'order', status: 'ERROR' }],
      messages: [{ messageId: 'FX-E2E-M1', category: 'order', direction: 'OUTBOUND', status: 'ERROR' }],
    });
    await insertEdiConsignment(hub.db, {
      consignmentId: 'FX-E2E-FOREIGN',
      customerId: bergen,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'ORDERS_fixture_foreign.edi',
      sender: { name: 'Bergen Boligbyggelag AS', address: 'Bryggen 1, Bergen' },
      receiver: zeta,
      receivedAt: yesterday,
    });
  });
  afterAll(() => hub?.close());

  async function signedIn(
    path: string,
    options?: { width?: number },
  ): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await hub.newPage(options);
    await signInAt(page, path, 'user@example.com');
    await heading(page).waitFor();
    return { page, context };
  }

  it('[LISTS] opens on errors first, filters by direction and status, follows a consignment to a message and a document; axe clean', async () => {
    const { page, context } = await signedIn(`/edi-tracking/files?activeAccountId=${gota}`);
    await eventually(() => heading(page).textContent()).toBe('Consignments');
    await page.getByText('Showing errors and missing information from the last 7 days.').waitFor();
    const table = page.getByRole('table', { name: 'Consignments' });
    await table.getByRole('link', { name: 'FX-E2E-C1' }).waitFor();
    await expectAccessible(page);

    // One click shows everything; the address says so.
    await page.getByRole('button', { name: 'Show everything' }).click();
    await eventually(() => params(page).get('show')).toBe('all');
    await eventually(() => page.getByText('Showing errors and missing information').count()).toBe(0);

    // Direction and status with the form.
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'Outbound' }).click();
    await page
      .getByRole('combobox', { name: 'Status' })
      .or(page.getByRole('textbox', { name: 'Status' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Error' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(() => params(page).get('directionType')).toBe('OUTBOUND');
    expect(params(page).get('status')).toBe('ERROR');
    expect(params(page).get('show')).toBeNull();
    await table.getByRole('link', { name: 'FX-E2E-C1' }).waitFor();
    const cells = (text: RegExp) => table.getByRole('cell').filter({ hasText: text });
    await eventually(() => cells(/^(Delivered|Received|Missing information)$/).count()).toBe(0);
    // The direction is an icon named for it.
    expect(await table.getByRole('img', { name: 'Inbound', exact: true }).count()).toBe(0);
    expect(await table.getByRole('img', { name: 'Outbound', exact: true }).count()).toBeGreaterThan(0);
    expect(await cells(/^Error$/).count()).toBeGreaterThan(0);

    // The consignment, then one of its messages, then a document of the same consignment.
    await table.getByRole('link', { name: 'FX-E2E-C1' }).click();
    await eventually(() => heading(page).textContent()).toBe('Consignment');
    await page.getByText('Unknown receiver identifier').first().waitFor();
    await page.getByRole('heading', { name: 'Status history' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'FX-E2E-M1' }).first().click();
    await eventually(() => heading(page).textContent()).toBe('Message');
    expect(pathname(page)).toBe('/edi-tracking/messages/FX-E2E-M1/FX-E2E-C1');
    await page.getByRole('link', { name: 'FX-E2E-D1' }).first().click();
    await eventually(() => heading(page).textContent()).toBe('Document');
    expect(pathname(page)).toBe('/edi-tracking/documents/FX-E2E-D1/FX-E2E-C1');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'FX-E2E-C1' }).click();
    await eventually(() => pathname(page)).toBe('/edi-tracking/files/FX-E2E-C1');
    await context.close();
  });

  it('[LINK] a shared link reopens the same filtered view', async () => {
    const link =
      `/edi-tracking/messages?activeAccountId=${gota}&status=ERROR,NOT_EXISTS&directionType=OUTBOUND` +
      '&messageId=FX-E2E-M1&messageIdOperator=exact';
    const { page, context } = await signedIn(link);
    await eventually(() => heading(page).textContent()).toBe('Messages');
    const table = page.getByRole('table', { name: 'Messages' });
    await table.getByRole('link', { name: 'FX-E2E-M1' }).waitFor();
    await eventually(() => table.getByRole('row').count()).toBe(2);
    expect(await page.getByText('Showing errors and missing information').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Message ID', exact: true }).inputValue()).toBe(
      'FX-E2E-M1',
    );
    await context.close();
  });

  it('[403] says when the active account is neither sender nor receiver', async () => {
    const { page, context } = await signedIn(`/edi-tracking/files/FX-E2E-FOREIGN?activeAccountId=${gota}`);
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'This is not available in the active account',
    );
    await expectAccessible(page);
    await context.close();
  });

  it('[MOBILE] the documents list and a consignment at 375 px in Danish: no sideways scrolling, axe clean', async () => {
    const { page, context } = await signedIn(`/edi-tracking/documents?activeAccountId=${gota}`, {
      width: 375,
    });
    await page.evaluate(() => localStorage.setItem('language', 'da'));
    await page.reload();
    await eventually(() => heading(page).textContent()).toBe('Dokumenter');
    await page.getByText('Viser fejl og manglende oplysninger fra de seneste 7 dage.').waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    // A consignment's page too: parties, history and related lists fit the phone.
    await page.goto(`${hub.baseUrl}/edi-tracking/files/FX-E2E-C1?activeAccountId=${gota}`);
    await eventually(() => heading(page).textContent()).toBe('Forsendelse');
    await page.getByRole('heading', { name: 'Statushistorik' }).waitFor();
    expect(await page.getByText('Manglende oplysninger').count()).toBe(0);
    await page.getByText('Fejl', { exact: true }).first().waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  });
});
