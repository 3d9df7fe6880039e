import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** admin@'s first account (accounts are sorted by name): every demo service. */
const ACCOUNT = 'Bergen Boligbyggelag AS';
const KEY_NAME = 'Data warehouse';

const keysRegion = (page: Page) => page.getByRole('region', { name: 'API keys', exact: true });

describe('[DEVELOPER] an administrator creates an API key, a system reads with it, the key is revoked', () => {
  let hub: Hub;
  let accountId: number;
  beforeAll(async () => {
    hub = await startHub();
    accountId = await hub.customerId(ACCOUNT);
  });
  afterAll(() => hub.close());

  /** What a customer's own system gets from the track-and-trace document list with `key`. */
  const readDocuments = (key: string) =>
    fetch(`${hub.baseUrl}/api/tracking/stt/documents?activeAccountId=${accountId}&pageSize=50`, {
      headers: { authorization: `Bearer ${key}` },
    });

  it('shows the key once, copies it, reads the account with it through the server, and refuses it once revoked', async () => {
    const { page, context } = await hub.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: hub.baseUrl });
    await signInAt(page, `/developer?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Developer' }).waitFor();
    await keysRegion(page).getByText('This account has no API keys yet.').waitFor();
    // The examples carry this server's address and the account.
    const documentsExample = page.getByLabel("Track and trace: the account's documents", { exact: true });
    expect(await documentsExample.textContent()).toContain(
      `${hub.baseUrl}/api/tracking/stt/documents?activeAccountId=${accountId}`,
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(KEY_NAME);
    await dialog.getByRole('checkbox', { name: 'EDI track and trace (read)' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('You will not see it again', { exact: false }).waitFor();
    const key = (await shown.getByLabel('API key', { exact: true }).textContent()) ?? '';
    expect(key).toMatch(/^shr_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy: API key' }).click();
    await shown.getByRole('button', { name: 'Copied: API key' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    // Gone from the screen for good: the list shows only its first characters.
    expect(await page.content()).not.toContain(key);
    const row = keysRegion(page).locator('tbody tr').filter({ hasText: KEY_NAME });
    await row.getByText(`${key.slice(0, 10)}…`).waitFor();
    await row.getByText('Track and trace (read), EDI track and trace (read)').waitFor();
    await row.getByText('Never').waitFor();

    // A customer's system reads the account's documents with the copied key, as the portal does.
    const answer = await readDocuments(key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const page1 = (await answer.json()) as { result: { id: number }[] };
    expect(page1.result.length).toBeGreaterThan(0);
    const owners = await hub.db.$client.query<{ customer_id: number }>(
      'SELECT DISTINCT customer_id FROM tracking_documents WHERE id = ANY($1)',
      [page1.result.map((document) => document.id)],
    );
    expect(owners.rows).toEqual([{ customer_id: accountId }]);

    // The page shows the use, once it reads the list again.
    await page.reload();
    await row.getByText('Never').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText(`The key ${KEY_NAME} stops working at once`, { exact: false }).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(`The key ${KEY_NAME} has been revoked.`).waitFor();
    await row.getByText(/^Revoked /).waitFor();

    const refused = await readDocuments(key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
  }, 120_000);

  it('fits a 375 px phone screen, the new-key dialog and the key as a card included, and stays accessible', async () => {
    const { page } = await hub.newPage({ width: 375 });
    await signInAt(page, `/developer?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Developer' }).waitFor();
    await page.getByRole('region', { name: 'Example requests' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Phone');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByLabel('API key', { exact: true }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    // On a phone each key is a card.
    await keysRegion(page).getByRole('listitem').filter({ hasText: 'Phone' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  }, 60_000);
});
