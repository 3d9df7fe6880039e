import { readFileSync, writeFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEdiConsignment } from '../../api/test/edi-fixtures.ts';
import { insertTrackingFile } from '../../api/test/tracking-fixtures.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
/**
 * LIST_COLUMNS_SCREENSHOTS=<folder> keeps a picture of each list, for looking at the layout, and
 * with a measured layout its numbers beside it (<name>.json).
 */
const shot = async (page: Page, name: string, layout?: Layout) => {
  const folder = process.env.LIST_COLUMNS_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png` });
  if (layout) writeFileSync(`${folder}/${name}.json`, JSON.stringify(layout, null, 2));
};

/** The app's languages; the lists must fit in each (the Nordic ones have the longest words). */
const LANGUAGES = ['en-SE', 'sv', 'no', 'da', 'fi'] as const;
type Language = (typeof LANGUAGES)[number];
type ListTitle = 'files' | 'documents' | 'consignments' | 'messages';
/** What the tests read of each catalog: the lists' names, and the direction's words (an icon's names). */
type Catalog = {
  titles: Record<ListTitle, string>;
  ediTracking: { fields: { direction: string }; directions: { OUTBOUND: string } };
};
const CATALOGS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../src/locales/${language}.json`, import.meta.url), 'utf8')) as Catalog,
  ]),
) as Record<Language, Catalog>;

/** Values longer than any column has room for beside the sidebar at 1280 px. */
const LONG_FILE_NAME =
  'Fixture_Invoices_Malardalens_Vatten_AB_quarterly_statement_run_2026_November_batch_0042_final.xml';
const LONG_RECIPIENT = 'Bostadsrättsföreningen Kungsholmens Strand och Fridhemsplan i Stockholm';
const LONG_PARTNER = 'Internationale Großhandelsgesellschaft für Baustoffe Norddeutschland GmbH & Co. KG';

type ListCase = {
  /** The table's accessible name, which is also the page's heading (its key in `titles`). */
  title: ListTitle;
  /** The list's place, for the test's title. */
  route: string;
  path: (ids: { malardalen: number; gota: number }) => string;
  /** Accessors of the list's default columns, in order (the pages' DEFAULT_… constants). */
  columns: string[];
  /** The name of the row's link that opens it, and a value too long for its column. */
  rowLink: string;
  long: string;
};

// The EDI lists open on "errors first"; `show=all` shows a whole page of the demo data instead.
const LISTS: ListCase[] = [
  {
    title: 'files',
    route: '/tracking/files',
    path: ({ malardalen }) => `/tracking/files?activeAccountId=${malardalen}`,
    columns: ['filename', 'status', 'channels', 'arrivedAt', 'documentCount', 'lastStep'],
    rowLink: LONG_FILE_NAME,
    long: LONG_FILE_NAME,
  },
  {
    title: 'documents',
    route: '/tracking/documents',
    path: ({ malardalen }) => `/tracking/documents?activeAccountId=${malardalen}`,
    columns: [
      'externalDocumentId',
      'status',
      'channels',
      'createdAt',
      'recipientName',
      'invoiceNumber',
      'filename',
    ],
    rowLink: 'FXCOL-D1',
    long: LONG_RECIPIENT,
  },
  {
    title: 'consignments',
    route: '/edi-tracking/files',
    path: ({ gota }) => `/edi-tracking/files?activeAccountId=${gota}&show=all`,
    columns: [
      'consignmentId',
      'status',
      'direction',
      'senderName',
      'receiverName',
      'receivedAt',
      'errorMessage',
    ],
    rowLink: 'FXCOL-C1',
    long: LONG_PARTNER,
  },
  {
    title: 'messages',
    route: '/edi-tracking/messages',
    path: ({ gota }) => `/edi-tracking/messages?activeAccountId=${gota}&show=all`,
    columns: [
      'messageId',
      'consignmentId',
      'status',
      'direction',
      'category',
      'senderName',
      'receiverName',
      'createdAt',
      'errorMessage',
    ],
    rowLink: 'FXCOL-M1',
    long: LONG_PARTNER,
  },
  {
    title: 'documents',
    route: '/edi-tracking/documents',
    path: ({ gota }) => `/edi-tracking/documents?activeAccountId=${gota}&show=all`,
    columns: [
      'documentId',
      'consignmentId',
      'status',
      'direction',
      'category',
      'senderName',
      'receiverName',
      'createdAt',
      'errorMessage',
    ],
    rowLink: 'FXCOL-ED1',
    long: LONG_PARTNER,
  },
];

type Layout = Awaited<ReturnType<typeof measureTable>>;

/** What the table's layout looks like: its sideways scrolling, its header cells and its rows. */
function measureTable(table: Locator) {
  return table.evaluate((element) => {
    let scroller = element.parentElement;
    while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
    const headers = [...element.querySelectorAll('thead th')]
      .filter((th) => !th.getAttribute('data-accessor')?.startsWith('__'))
      .map((th) => {
        const box = th.getBoundingClientRect();
        return {
          accessor: th.getAttribute('data-accessor'),
          left: box.left,
          right: box.right,
          width: box.width,
          text: th.textContent,
        };
      });
    const cell = element.querySelector('tbody td')!;
    const style = getComputedStyle(cell);
    return {
      scrollWidth: scroller!.scrollWidth,
      clientWidth: scroller!.clientWidth,
      viewportWidth: window.innerWidth,
      headers,
      rowHeights: [...element.querySelectorAll('tbody tr')].map((tr) => tr.getBoundingClientRect().height),
      lineHeight: parseFloat(style.lineHeight),
      paddingY: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
    };
  });
}

/** A cell's text against its box: cut short (scrollWidth > clientWidth) and how it ends. */
const measureCell = (cell: Locator) =>
  cell.evaluate((td) => ({
    scrollWidth: td.scrollWidth,
    clientWidth: td.clientWidth,
    textOverflow: getComputedStyle(td).textOverflow,
    whiteSpace: getComputedStyle(td).whiteSpace,
    rowHeight: td.parentElement!.getBoundingClientRect().height,
  }));

describe('[LISTS][COLUMNS] track-and-trace and EDI lists at 1280 px: every default column in view, one line a row', () => {
  let hub: Hub;
  let ids: { malardalen: number; gota: number };
  let page: Page;
  let context: BrowserContext;

  beforeAll(async () => {
    hub = await startHub();
    ids = {
      malardalen: await hub.customerId('Mälardalens Vatten AB'),
      gota: await hub.customerId('Göta Bostäder AB'),
    };
    // The newest rows of their lists, so they are on the first page.
    const now = new Date(Date.now() - 60_000).toISOString();
    await insertTrackingFile(hub.db, {
      customerId: ids.malardalen,
      filename: LONG_FILE_NAME,
      arrivedAt: now,
      steps: [{ step: 'partiallyDeliveredWithRejections', at: now }],
      documents: [
        {
          externalDocumentId: 'FXCOL-D1',
          recipientName: LONG_RECIPIENT,
          invoiceNumber: 'INV-88001',
          deliveries: [{ channel: 'print', status: 'delivered', pages: 1 }],
        },
      ],
    });
    const { rows } = await hub.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [ids.gota],
    );
    await insertEdiConsignment(hub.db, {
      consignmentId: 'FXCOL-C1',
      customerId: ids.gota,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'ORDERS_fixture_columns_of_a_list_that_reads_well.edi',
      sender: {
        number: rows[0]!.customer_number,
        name: 'Göta Bostäder AB',
        address: 'Kungsgatan 1, Göteborg',
      },
      receiver: { name: LONG_PARTNER, address: 'Hafenstraße 9, 20457 Hamburg' },
      receivedAt: now,
      errorMessage: 'Unknown receiver identifier: the partner profile has no mapping for this recipient',
      documents: [{ documentId: 'FXCOL-ED1', category: 'dispatchAdvice', status: 'NOT_EXISTS' }],
      messages: [
        { messageId: 'FXCOL-M1', category: 'dispatchAdvice', direction: 'OUTBOUND', status: 'ERROR' },
      ],
    });
    ({ page, context } = await hub.newPage({ width: 1280 }));
    await signInAt(page, LISTS[0]!.path(ids), 'user@example.com');
  });
  afterAll(async () => {
    await context?.close();
    await hub?.close();
  });

  /** Opens a list in a language (chosen in the app, as users do) and waits for its fixture row. */
  async function openList(list: ListCase, language: Language = 'en-SE') {
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.goto(list.path(ids));
    const name = CATALOGS[language].titles[list.title];
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    const table = page.getByRole('table', { name });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: list.rowLink, exact: true }) });
    await row.waitFor();
    return { table, row };
  }

  /**
   * At 1280 × 800: a whole page of rows, no sideways scrolling, every default column's header in
   * view, every row one line high. Answers the layout, for the checks that follow.
   */
  async function expectFits(list: ListCase, table: Locator, name: string) {
    await page.setViewportSize({ width: 1280, height: 800 });
    // A whole page of rows, so the heights below are measured on more than the fixture.
    await eventually(() => table.getByRole('row').count()).toBeGreaterThan(10);
    const layout = await measureTable(table);
    await shot(page, name, layout);
    const widths = layout.headers.map((h) => `${h.accessor} ${Math.round(h.width)}`).join(', ');
    expect(layout.scrollWidth, widths).toBeLessThanOrEqual(layout.clientWidth);
    expect(layout.headers.map((h) => h.accessor)).toEqual(list.columns);
    for (const header of layout.headers) {
      expect(header.left, header.accessor ?? '').toBeGreaterThanOrEqual(0);
      expect(header.right, header.accessor ?? '').toBeLessThanOrEqual(layout.viewportWidth);
    }
    // Every row as high as the first, and that is one line of text (two would add a line height).
    const [first, ...others] = layout.rowHeights;
    for (const height of others) expect(Math.abs(height - first!)).toBeLessThanOrEqual(1);
    expect(first! - layout.paddingY).toBeLessThan(layout.lineHeight * 1.5);
    return layout;
  }

  /**
   * An EDI list's direction is an icon (the words did not fit in every language): its header and
   * each row's icon are named for assistive technology, and the pointer gets the name in a tooltip.
   */
  async function expectDirectionIcon(list: ListCase, table: Locator, row: Locator, language: Language) {
    if (!list.columns.includes('direction')) return;
    const { fields, directions } = CATALOGS[language].ediTracking;
    await table.getByRole('columnheader', { name: fields.direction, exact: true }).waitFor();
    const icon = row.getByRole('img', { name: directions.OUTBOUND, exact: true });
    await icon.hover();
    await eventually(() => page.getByRole('tooltip').textContent()).toBe(directions.OUTBOUND);
    await page.mouse.move(0, 0);
    await eventually(() => page.getByRole('tooltip').count()).toBe(0);
  }

  for (const list of LISTS) {
    it(`[${list.route}] fits 1280 × 800 without sideways scrolling; long values end in an ellipsis and show whole on hover and keyboard focus; axe clean`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const { table, row } = await openList(list);
      const layout = await expectFits(list, table, `${list.route.replaceAll('/', '_')}-1280`);
      const first = layout.rowHeights[0]!;

      // The long value is cut short with an ellipsis.
      const cell = row.getByRole('cell', { name: list.long, exact: true });
      const truncated = await measureCell(cell);
      expect(truncated.scrollWidth).toBeGreaterThan(truncated.clientWidth);
      expect(truncated.textOverflow).toBe('ellipsis');
      await expectAccessible(page);
      await expectDirectionIcon(list, table, row, 'en-SE');

      // The pointer: the browser shows the cell's title, the whole value.
      await cell.hover();
      await eventually(() => cell.getAttribute('title')).toBe(list.long);
      await expect(page.getByTitle(list.long, { exact: true }).count()).resolves.toBe(1);

      // The keyboard: with the row's link focused, the row shows the value whole, wrapped.
      const link = row.getByRole('link', { name: list.rowLink, exact: true });
      // Focused from the keyboard (a Tab), as :focus-visible needs after the sign-in's clicks.
      await link.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await link.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
      const focused = await measureCell(cell);
      expect(focused.whiteSpace).toBe('normal');
      expect(focused.scrollWidth).toBeLessThanOrEqual(focused.clientWidth);
      expect(focused.rowHeight).toBeGreaterThan(first + layout.lineHeight / 2);
      await shot(page, `${list.route.replaceAll('/', '_')}-1280-focused`);
      // Focus elsewhere: one line again.
      await link.evaluate((element) => (element as HTMLElement).blur());
      await eventually(async () => (await measureCell(cell)).rowHeight).toBeCloseTo(first, 0);
    });
  }

  // The Nordic languages have the longest headers ("Meddelelseskategori", "Vastaanottaja") and
  // values ("Leveransavisering"): the same columns fit in each.
  for (const language of LANGUAGES.filter((l) => l !== 'en-SE')) {
    for (const list of LISTS) {
      it(`[${language}][${list.route}] fits 1280 × 800 without sideways scrolling, every header in view, one line a row; axe clean`, async () => {
        await page.setViewportSize({ width: 1280, height: 800 });
        const { table, row } = await openList(list, language);
        await expectFits(list, table, `${list.route.replaceAll('/', '_')}-1280-${language}`);
        await expectAccessible(page);
        await expectDirectionIcon(list, table, row, language);
      });
    }
  }

  it('[PHONE] at 375 px the lists keep their phone layout: the page never scrolls sideways, long values are whole; axe clean', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const list of LISTS) {
      const { row } = await openList(list);
      await shot(page, `${list.route.replaceAll('/', '_')}-375`);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      // Nothing is cut short on a phone: the table scrolls sideways inside its own box instead.
      const cell = await measureCell(row.getByRole('cell', { name: list.long, exact: true }));
      expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth);
      await expectAccessible(page);
    }
  });
});
