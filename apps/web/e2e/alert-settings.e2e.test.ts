import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** admin@'s first account (accounts are sorted by name), a Norwegian one. */
const ADMIN_ACCOUNT = 'Bergen Boligbyggelag AS';
/** user@'s first account, a Swedish one. */
const USER_ACCOUNT = 'Göta Bostäder AB';

/** A rule's sentence as a name: the locale writes "5 %" with a no-break space, which `\s` matches. */
const sentence = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);
const REJECTED_DEFAULT = sentence(
  'Alert when more than 5 % of documents are rejected within 1 hour, all channels',
);
const KIVRA_COUNT = 'Alert when more than 20 documents are rejected within 15 minutes, Kivra only';

const rulesRegion = (page: Page) => page.getByRole('region', { name: 'Threshold rules' });

describe('[ALERTS] threshold rules of an account and where a user hears of its alerts', () => {
  let hub: Hub;
  let adminAccountId: number;
  let userAccountId: number;
  beforeAll(async () => {
    hub = await startHub();
    adminAccountId = await hub.customerId(ADMIN_ACCOUNT);
    userAccountId = await hub.customerId(USER_ACCOUNT);
  });
  afterAll(() => hub.close());

  const rulesOf = async (customerId: number) =>
    (
      await hub.db.$client.query<{
        kind: string;
        channel: string | null;
        measure: string;
        threshold: string;
        window_minutes: number;
        enabled: boolean;
      }>(
        `SELECT kind, channel, measure, threshold, window_minutes, enabled
           FROM alert_rules WHERE customer_id = $1 ORDER BY created, kind DESC`,
        [customerId],
      )
    ).rows;

  it('[SETTINGS] an administrator switches a default rule off and adds a per-channel count rule', async () => {
    const { page, context } = await hub.newPage();
    await signInAt(page, `/alerts/settings?activeAccountId=${adminAccountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Alert settings' }).waitFor();
    const defaultSwitch = rulesRegion(page).getByRole('switch', { name: REJECTED_DEFAULT });
    expect(await defaultSwitch.isChecked()).toBe(true);
    await expectAccessible(page);

    // The switch is the visually hidden input under Mantine's track: click what the user clicks.
    await defaultSwitch.locator('xpath=..').click();
    await page.getByText(/^Rule switched off: Alert when more than 5/).waitFor();
    await rulesRegion(page).getByRole('button', { name: 'Restore defaults' }).waitFor();
    expect(await defaultSwitch.isChecked()).toBe(false);

    await rulesRegion(page).getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add threshold rule' });
    await dialog.getByRole('radio', { name: 'Number of documents' }).check();
    await dialog.getByRole('textbox', { name: 'Alert above (documents)' }).fill('20');
    await dialog.getByRole('textbox', { name: 'Time window' }).fill('15');
    await dialog.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Minutes' });
    await dialog.getByRole('combobox', { name: 'Delivery channel' }).selectOption({ label: 'Kivra' });
    await dialog.getByText(KIVRA_COUNT, { exact: true }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText(`Rule added: ${KIVRA_COUNT}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // What the administrator sees after coming back, and what the evaluation job will read.
    await page.reload();
    const added = rulesRegion(page).getByRole('switch', { name: KIVRA_COUNT, exact: true });
    expect(await added.isChecked()).toBe(true);
    expect(await rulesRegion(page).getByRole('switch', { name: REJECTED_DEFAULT }).isChecked()).toBe(false);
    await expectAccessible(page);
    expect(await rulesOf(adminAccountId)).toEqual([
      expect.objectContaining({ kind: 'documentsRejected', channel: null, enabled: false }),
      expect.objectContaining({ kind: 'documentsNotDelivered', channel: null, enabled: true }),
      {
        kind: 'documentsRejected',
        channel: 'kivra',
        measure: 'count',
        threshold: '20',
        window_minutes: 15,
        enabled: true,
      },
    ]);
    await context.close();
  }, 120_000);

  it('[NOTIFICATIONS] a user finds their choices from the alerts page, chooses the daily digest and sees it saved', async () => {
    const { page, context } = await hub.newPage();
    await signInAt(page, `/alerts?activeAccountId=${userAccountId}`, 'user@example.com');
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    // A customer user may not change the account's rules: no way there.
    expect(await page.getByRole('link', { name: 'Alert settings' }).count()).toBe(0);
    await page.getByRole('link', { name: 'My alert notifications' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My alert notifications' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'In the Hub' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'No e-mail' }).isChecked()).toBe(true);
    await page.getByText('One e-mail each morning at 07:00 Swedish time', { exact: false }).waitFor();
    await expectAccessible(page);

    await page.getByRole('radio', { name: 'Daily digest' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Your alert notifications for ${USER_ACCOUNT} are saved.`).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My alert notifications' }).waitFor();
    const digest = page.getByRole('radio', { name: 'Daily digest' });
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'In the Hub' }).isChecked()).toBe(true);
    const { rows } = await hub.db.$client.query<{ in_hub: boolean; email: string }>(
      `SELECT p.in_hub, p.email FROM alert_preferences p JOIN users u ON u.id = p.user_id
        WHERE lower(u.email) = 'user@example.com' AND p.customer_id = $1`,
      [userAccountId],
    );
    expect(rows).toEqual([{ in_hub: true, email: 'digest' }]);
    await context.close();
  }, 90_000);

  it('fits the settings and the rule dialog on a 375 px phone, in Finnish', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, `/alerts/settings?activeAccountId=${adminAccountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Alert settings' }).waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'fi'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Hälytysasetukset' }).waitFor();
    await page
      .getByRole('switch', {
        name: sentence('Hälytä, kun yli 20 dokumenttia hylätään 15 minuutin aikana, vain Kivra'),
      })
      .waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Lisää sääntö' }).first().click();
    await page.getByRole('dialog', { name: 'Lisää raja-arvosääntö' }).getByText('Sääntö kuuluu').waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  }, 90_000);
});
