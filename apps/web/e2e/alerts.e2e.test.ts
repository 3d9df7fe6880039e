import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateExpectedDeliveries } from '../../api/src/modules/alerts/evaluate-expected-deliveries.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** admin@'s first account (accounts are sorted by name): every demo service, Norwegian market. */
const ACCOUNT = 'Bergen Boligbyggelag AS';
const RULE = 'Nightly invoices';
const COMMENT = 'Called the print shop: the file comes at 09:00.';

/** An open alert count in words, as the sidebar says it. */
const openWords = (open: number) => `${open} open alert${open === 1 ? '' : 's'}`;
/** The sidebar's Alerts entry, its open count said in words ("Alerts 3 open alerts"). */
const alertsEntryName = (open: number) =>
  open === 0 ? /^Alerts$/ : new RegExp(`^Alerts ${openWords(open)}$`);

describe('[ALERTS] an expected file does not come: the alert page and the bell say so, someone acknowledges it', () => {
  let hub: Hub;
  let accountId: number;
  beforeAll(async () => {
    hub = await startHub();
    accountId = await hub.customerId(ACCOUNT);
  });
  afterAll(() => hub.close());

  /** The account's open alerts, all of which admin@ sees (they read every service of the account). */
  const openAlerts = async () => {
    const { rows } = await hub.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts WHERE customer_id = $1 AND status = 'open'`,
      [accountId],
    );
    return rows[0]!.n;
  };

  it('creates an expected delivery, misses its deadline, shows the missing-file alert and acknowledges it', async () => {
    const { page } = await hub.newPage();
    await signInAt(page, `/alerts/expected-deliveries?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Expected deliveries' }).waitFor();
    await page.getByText('No expected deliveries yet.').waitFor();

    await page.getByRole('button', { name: 'New expected delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'New expected delivery' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(RULE);
    await dialog.getByRole('textbox', { name: 'File name pattern' }).fill('E2E_INV_*.xml');
    // A Norwegian account: its market's zone is the default.
    expect(await dialog.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Oslo');
    await dialog.getByRole('textbox', { name: 'Minimum number of documents' }).fill('10');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: RULE });
    await card
      .getByText('A file matching E2E_INV_*.xml by 06:00 (Europe/Oslo) on business days.', { exact: false })
      .waitFor();
    await card.getByText('No deadline has passed yet.').waitFor();
    await card.getByText(/^Next deadline: .* \(Europe\/Oslo\)$/).waitFor();
    await expectAccessible(page);
    // The sidebar counts the account's open alerts (the demo data has some already).
    const openBefore = await openAlerts();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: alertsEntryName(openBefore) }).waitFor();

    // The demo data is seeded at a fixed clock (test/global-setup.ts), so its rules' deadlines are
    // long past by the wall clock: kept ahead, this pass judges only the rule made here.
    await hub.db.$client.query(
      `UPDATE expected_deliveries SET next_deadline_at = now() + interval '1 day' WHERE name <> $1`,
      [RULE],
    );
    // The deadline passes with no file: as time would, then the pass the job runs every minute.
    await hub.db.$client.query(
      `UPDATE expected_deliveries SET next_deadline_at = now() - interval '1 minute' WHERE customer_id = $1 AND name = $2`,
      [accountId, RULE],
    );
    const pass = await evaluateExpectedDeliveries(hub.db.$client);
    expect(pass.missing).toBe(1);

    // The bell hears of it live.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* new$/ }).click();
    await page.getByText(`New alert for ${ACCOUNT}`).first().waitFor();
    await page.keyboard.press('Escape');
    // …and so does the sidebar's count, without a reload.
    expect(await openAlerts()).toBe(openBefore + 1);
    await menu.getByRole('link', { name: alertsEntryName(openBefore + 1) }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Collapsed to icons, the count sits on the bell icon and the link's name says it.
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await menu.getByRole('link', { name: `Alerts, ${openWords(openBefore + 1)}`, exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Expand menu' }).click();

    await page.reload();
    await card.getByRole('list', { name: 'Last deadlines, newest first' }).getByText('missing').waitFor();

    await page.getByRole('link', { name: 'Back to alerts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    const alert = page.getByRole('article', {
      name: new RegExp(`^${RULE}: no file by .* \\(Europe/Oslo\\)$`),
    });
    await alert.getByText('No file matching E2E_INV_*.xml had arrived. Minimum documents: 10.').waitFor();
    const files = alert.getByRole('link', { name: 'Show matching files' });
    expect(await files.getAttribute('href')).toMatch(
      /^\/tracking\/files\?filename=E2E_INV_&filenameOperator=startsWith&/,
    );
    await expectAccessible(page);

    await alert.getByRole('button', { name: `Acknowledge: ${RULE}`, exact: false }).click();
    const acknowledge = page.getByRole('dialog', { name: 'Acknowledge alert' });
    await acknowledge.getByRole('textbox', { name: 'Comment' }).fill(COMMENT);
    await expectAccessible(page);
    await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
    await acknowledge.waitFor({ state: 'hidden' });
    await alert.getByText(/^Acknowledged by Anders Dahl at /).waitFor();
    await alert.getByText(COMMENT, { exact: false }).waitFor();
    // Still open: acknowledging says someone is on it, not that it is over.
    await alert.getByText('Open', { exact: true }).waitFor();
    expect(await alert.getByRole('button', { name: /^Acknowledge/ }).count()).toBe(0);
    await expectAccessible(page);

    const { rows } = await hub.db.$client.query<{ acknowledgement_comment: string; status: string }>(
      `SELECT acknowledgement_comment, status FROM alerts WHERE customer_id = $1 AND kind = 'missingFile'`,
      [accountId],
    );
    expect(rows).toEqual([{ acknowledgement_comment: COMMENT, status: 'open' }]);
  }, 120_000);

  it('shows the count in the phone menu at 320 px, asked for only once the menu opens', async () => {
    const { page } = await hub.newPage({ width: 320 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/alerts/open-count') asked.push(request.url());
    });
    await signInAt(page, `/dashboard?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: alertsEntryName(await openAlerts()) }).waitFor();
    expect(asked).toHaveLength(1);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
  }, 60_000);

  it('fits a 375 px phone screen and stays accessible', async () => {
    const { page } = await hub.newPage({ width: 375 });
    await signInAt(page, `/alerts?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('article', { name: new RegExp(`^${RULE}: no file by`) }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await page.goto(`/alerts/expected-deliveries?activeAccountId=${accountId}`);
    await page.getByRole('article', { name: RULE }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
  }, 60_000);
});
