import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../api/test/webhook-receiver.ts';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** admin@'s first account (accounts are sorted by name). */
const ACCOUNT = 'Bergen Boligbyggelag AS';

describe('[WEBHOOKS] an administrator registers a webhook and replays a failed delivery', () => {
  let hub: Hub;
  let receiver: TestReceiver;
  let accountId: number;
  beforeAll(async () => {
    // The receiver is the customer's system on this machine: loopback allowed, a dispatcher running.
    hub = await startHub({ WEBHOOK_DISPATCHER: '1', WEBHOOKS_ALLOW_LOOPBACK: '1' });
    receiver = await startTestReceiver();
    accountId = await hub.customerId(ACCOUNT);
  });
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });

  it('shows the secret once, logs the 500, and delivers on replay once the receiver works', async () => {
    receiver.answer('/erp', { status: 500, body: 'ERP is down for maintenance' });
    const { page, context } = await hub.newPage();
    await signInAt(page, `/developer/webhooks?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'New webhook' }).waitFor();
    await page.getByRole('textbox', { name: 'Address (https)' }).fill(`${receiver.base}/erp`);
    await page.getByRole('textbox', { name: 'Description' }).fill('ERP production');
    await page.getByRole('checkbox', { name: /File arrived/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Copy the signing secret now. You will not see it again.').waitFor();
    const secret = (await page.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.setSecrets('/erp', secret);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // The endpoint's page: the secret is gone for good.
    await page.getByRole('heading', { level: 1, name: `${receiver.base}/erp` }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('button', { name: 'Send test event' }).click();

    // The log: the receiver answered 500, which the attempt shows with the answer's first kilobyte.
    await page.waitForURL(/\/deliveries/);
    const row = page.locator('tbody tr').filter({ hasText: 'Test event' }).first();
    await row.getByText('Retrying').waitFor({ timeout: 20_000 });
    await row.getByText('Test event').click();
    await page.getByText('ERP is down for maintenance').waitFor();
    await expectAccessible(page);

    // The receiver is fixed; the administrator replays the delivery and it arrives, verified.
    receiver.answer('/erp', { status: 200 });
    await row.getByRole('button', { name: 'Replay' }).click();
    await row.getByText('Delivered').waitFor({ timeout: 20_000 });
    const delivered = receiver.received.find((r) => r.path === '/erp');
    expect(delivered?.payload.type).toBe('webhook.test');
    expect(delivered?.verifiedWith).toEqual([secret]);
    await page.getByRole('cell', { name: 'Replay', exact: true }).first().waitFor();
    await expectAccessible(page);

    // The account's log of every webhook, narrowed to this one: the delivery with its endpoint.
    await page.getByRole('link', { name: 'Delivery log of all webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery log' }).waitFor();
    await page.getByRole('combobox', { name: 'Webhook' }).click();
    await page.getByRole('option', { name: `ERP production – ${receiver.base}/erp` }).click();
    await page.waitForURL(/[?&]endpointId=[0-9a-f-]{36}/);
    const logged = page.locator('tbody tr').filter({ hasText: 'Test event' }).first();
    await logged.getByText('Delivered').waitFor();
    await logged.getByRole('link', { name: `${receiver.base}/erp` }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  });

  it('[MOBILE] the list, the form and the log in Danish at 375 px: no sideways scrolling, axe clean', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, `/developer/webhooks?activeAccountId=${accountId}`, 'admin@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'da'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByRole('link', { name: `${receiver.base}/erp` }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Tilføj webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny webhook' }).waitFor();
    await page.getByRole('checkbox', { name: /Fil modtaget/ }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);

    await page.goBack();
    await page.getByRole('link', { name: `${receiver.base}/erp` }).click();
    await page.getByRole('tab', { name: 'Leveringslog' }).click();
    await page.getByText('Leveret').first().waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);

    // Every webhook's log on the phone: the long address is shortened in its row, not the page widened.
    await page.getByRole('link', { name: 'Leveringslog for alle webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leveringslog' }).waitFor();
    await page
      .getByRole('link', { name: `${receiver.base}/erp` })
      .first()
      .waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await context.close();
  });
});
