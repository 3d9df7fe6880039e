import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTrackingFile } from '../../api/test/tracking-fixtures.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
const params = (page: Page) => new URL(page.url()).searchParams;
const pathname = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** TRACKING_SCREENSHOTS=<folder> keeps a picture of each screen, for looking at the layout. */
const shot = async (page: Page, name: string) => {
  const folder = process.env.TRACKING_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
};

describe('[TRACKING] overview, lists and details in the browser', () => {
  let hub: Hub;
  let malardalen: number;
  let bergen: number;
  let fixtureFile: number;
  let fixtureDocument: number;
  let foreignFile: number;

  beforeAll(async () => {
    hub = await startHub();
    malardalen = await hub.customerId('Mälardalens Vatten AB');
    bergen = await hub.customerId('Bergen Boligbyggelag AS');
    const fixture = await insertTrackingFile(hub.db, {
      customerId: malardalen,
      filename: 'Fixture_Browser_Invoices.xml',
      arrivedAt: '2026-11-18T09:15:00Z',
      status: 'PartiallyDeliveredWithRejections',
      receiverName: 'Uppsala Kommun',
      steps: [
        { step: 'registered', at: '2026-11-18T09:15:00Z' },
        { step: 'received', at: '2026-11-18T09:20:00Z' },
        { step: 'printingStarted', at: '2026-11-18T09:40:00Z' },
        { step: 'partiallyDeliveredWithRejections', at: '2026-11-18T11:00:00Z' },
      ],
      documents: [
        {
          externalDocumentId: 'FX-BROWSER-001',
          invoiceNumber: 'INV-77001',
          recipientName: 'Sigrid Holm',
          status: 'PartiallyDeliveredWithRejections',
          deliveries: [
            { channel: 'email', status: 'rejected', reason: 'Mailbox unavailable (550)' },
            { channel: 'print', status: 'delivered', pages: 2 },
          ],
        },
        { externalDocumentId: 'FX-BROWSER-002', recipientName: 'Ebba Lund' },
      ],
    });
    fixtureFile = fixture.fileId;
    fixtureDocument = fixture.documentIds[0]!;
    foreignFile = (
      await insertTrackingFile(hub.db, {
        customerId: bergen,
        filename: 'Fixture_Not_Yours.xml',
        arrivedAt: '2026-11-18T09:15:00Z',
      })
    ).fileId;
  });
  afterAll(() => hub?.close());

  async function signedIn(
    path: string,
    options?: { width?: number; locale?: string; email?: string },
  ): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await hub.newPage(options);
    await signInAt(page, path, options?.email ?? 'user@example.com');
    await heading(page).waitFor();
    return { page, context };
  }

  it('[OVERVIEW] counts link to their lists; axe clean', async () => {
    const { page, context } = await signedIn(`/tracking/overview?activeAccountId=${malardalen}`);
    await eventually(() => heading(page).textContent()).toBe('Overview');
    const documents = page.getByRole('region', { name: 'Documents', exact: true });
    await documents.waitFor();
    await shot(page, 'overview');
    await expectAccessible(page);
    // The total first, then one count per status in the spec's order; Rejected is the last.
    const rejected = documents.getByRole('link').nth(6);
    const count = Number((await rejected.textContent())?.replace(/\D/g, ''));
    await rejected.click();
    await eventually(() => pathname(page)).toBe('/tracking/documents');
    expect(params(page).get('status')).toBe('Rejected');
    expect(params(page).get('dateOperator')).toBe('between');
    await eventually(() => page.getByText(/^\d+–\d+ of /).textContent()).toMatch(
      new RegExp(`of ${count.toLocaleString('en-SE').replace(/\s/g, '\\s')}$`),
    );
    await context.close();
  });

  it('[FILES] filters, sorts and pages through the address; back and forward work; a shared link reopens the view', async () => {
    const { page, context } = await signedIn(`/tracking/files?activeAccountId=${malardalen}`);
    await eventually(() => heading(page).textContent()).toBe('Files');
    const table = page.getByRole('table', { name: 'Files' });
    await table.getByRole('row').nth(1).waitFor();

    // Sorted by a column, then back to the default order.
    await table.getByRole('button', { name: /^File name/ }).click();
    await eventually(() => params(page).get('sortBy')).toBe('filename');
    await eventually(async () => (await table.getByRole('link').first().textContent()) ?? '').toMatch(
      /^Fixture_/,
    );
    await page.goBack();
    await eventually(() => params(page).get('sortBy')).toBeNull();

    // Page 2, then back to page 1.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(() => params(page).get('page')).toBe('2');
    await page.goBack();
    await eventually(() => params(page).get('page')).toBeNull();

    // A text filter with its operator, applied with the form.
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('textbox', { name: 'File name', exact: true }).fill('fixture_browser');
    await page
      .getByRole('combobox', { name: 'File name: comparison' })
      .selectOption({ label: 'Starts with' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(() => params(page).get('filenameOperator')).toBe('startsWith');
    expect(params(page).get('filename')).toBe('fixture_browser');
    await eventually(() => table.getByRole('row').count()).toBe(2);
    await expect(table.getByRole('link', { name: 'Fixture_Browser_Invoices.xml' })).toBeDefined();
    await shot(page, 'files-filtered');
    await expectAccessible(page);

    // No results: the spec's message.
    await page.getByRole('textbox', { name: 'File name', exact: true }).fill('no-such-file-anywhere');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(() => params(page).get('filename')).toBe('no-such-file-anywhere');
    await eventually(() => table.getByRole('link').count()).toBe(0);
    await page.getByText('No results – make the filters less specific.').waitFor();
    await page.goBack();
    await eventually(() => params(page).get('filename')).toBe('fixture_browser');
    await eventually(() => page.getByRole('textbox', { name: 'File name', exact: true }).inputValue()).toBe(
      'fixture_browser',
    );

    // The same address in a new browser reproduces the view.
    const shared = page.url();
    const other = await hub.newPage();
    await signInAt(other.page, shared.replace(hub.baseUrl, ''), 'user@example.com');
    await eventually(() => other.page.url()).toBe(shared);
    await eventually(() => other.page.getByRole('table', { name: 'Files' }).getByRole('row').count()).toBe(2);
    await other.context.close();
    await context.close();
  });

  it('[VIEWS] a view saved and shared by one user opens for a colleague; columns and CSV export', async () => {
    const { page, context } = await signedIn(`/tracking/files?activeAccountId=${malardalen}&status=Rejected`);
    const table = page.getByRole('table', { name: 'Files' });
    await table.getByRole('row').nth(1).waitFor();

    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('button', { name: 'Save this view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name of the view').fill('Rejected files');
    await dialog.getByLabel('Share with colleagues of this account').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The view “Rejected files” has been saved.').waitFor();

    // Columns: the receiver is shown once chosen, and still after a reload (kept on the server).
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Receiver' }).check();
    await table.getByRole('columnheader', { name: 'Receiver' }).waitFor();
    await page.reload();
    await table.getByRole('columnheader', { name: 'Receiver' }).waitFor();

    // The whole filtered list as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tracking-files-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    const rows = csv.trim().split('\r\n');
    // (the byte order mark is read away by the decoder)
    expect(rows[0]).toMatch(/^id,filename,status,/);
    expect(rows.slice(1).every((row) => row.split(',')[2] === 'Rejected')).toBe(true);
    await context.close();

    const colleague = await signedIn(`/tracking/files?activeAccountId=${malardalen}`, {
      email: 'admin@example.com',
    });
    await colleague.page.getByRole('button', { name: 'Saved views' }).click();
    await colleague.page.getByText('by Ulla Sand').waitFor();
    await colleague.page.getByRole('button', { name: 'Rejected files' }).click();
    await eventually(() => params(colleague.page).get('status')).toBe('Rejected');
    expect(params(colleague.page).get('activeAccountId')).toBe(String(malardalen));
    await expectAccessible(colleague.page);
    await colleague.context.close();
  });

  it('[DETAILS] opens each tab of a file and a document by address', async () => {
    const { page, context } = await signedIn(`/tracking/files/${fixtureFile}?activeAccountId=${malardalen}`);
    await eventually(() => pathname(page)).toBe(`/tracking/files/${fixtureFile}/delivery-channels`);
    await eventually(() => heading(page).textContent()).toBe('Delivery channels');
    await page.getByRole('table', { name: 'Deliveries per channel' }).waitFor();
    await shot(page, 'file-channels');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Status log' }).click();
    await eventually(() => pathname(page)).toBe(`/tracking/files/${fixtureFile}/status-log`);
    const log = page.getByRole('table', { name: 'Processing steps in the order they happened' });
    await eventually(async () =>
      (await log.getByRole('row').allTextContents()).slice(1).map((r) => r.replace(/^[\d\s./,:-]+/, '')),
    ).toEqual(['Registered', 'Received', 'Printing started', 'Partially delivered with rejections']);

    await page.getByRole('tab', { name: 'File details' }).click();
    await eventually(() => pathname(page)).toBe(`/tracking/files/${fixtureFile}/file-details`);
    await page.getByText('Uppsala Kommun').waitFor();
    await shot(page, 'file-details');
    await expectAccessible(page);
    await page.goBack();
    await eventually(() => pathname(page)).toBe(`/tracking/files/${fixtureFile}/status-log`);

    await page.goto(`/tracking/documents/${fixtureDocument}?activeAccountId=${malardalen}`);
    await eventually(() => pathname(page)).toBe(`/tracking/documents/${fixtureDocument}/delivery`);
    await page.getByText('Mailbox unavailable (550)').first().waitFor();
    await shot(page, 'document-delivery');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Document details' }).click();
    await page.getByText('INV-77001').waitFor();
    await context.close();
  });

  it('[403] says when the active account is neither sender nor receiver', async () => {
    const { page, context } = await signedIn(
      `/tracking/files/${foreignFile}/file-details?activeAccountId=${malardalen}`,
    );
    await eventually(() => page.getByRole('alert').first().textContent()).toContain(
      'This file is not available in the active account',
    );
    await expectAccessible(page);
    await context.close();
  });

  it('[MOBILE] the documents list at 375 px in Swedish: no sideways scrolling, axe clean', async () => {
    const { page, context } = await signedIn(`/tracking/documents?activeAccountId=${malardalen}`, {
      width: 375,
    });
    // The language chosen in the app, as a Swedish user would have it.
    await page.evaluate(() => localStorage.setItem('language', 'sv'));
    await page.reload();
    await eventually(() => heading(page).textContent()).toBe('Dokument');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await shot(page, 'documents-375-sv');
    // The table library's own sort labels are English; the column headers say the order in Swedish.
    const sorted = page.getByRole('table').getByRole('button', { name: /Sorterad (stigande|fallande)$/ });
    await eventually(() => sorted.count()).toBe(1);
    expect(await page.getByRole('button', { name: /Sorted|Not sorted/ }).count()).toBe(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  });
});
