import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** admin@'s first account (accounts are sorted by name): every demo service. */
const ACCOUNT = 'Bergen Boligbyggelag AS';
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('[SCIM] an administrator connects the directory, which provisions a user and a group; the group is mapped', () => {
  let hub: Hub;
  let accountId: number;
  beforeAll(async () => {
    hub = await startHub();
    accountId = await hub.customerId(ACCOUNT);
  });
  afterAll(() => hub.close());

  it('turns SCIM on, creates a token the directory then uses, maps its group, and the user appears among the users', async () => {
    const { page } = await hub.newPage();
    await signInAt(page, `/accountsettings/provisioning?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Provisioning (SCIM)' }).waitFor();
    const status = region(page, 'Status');
    expect(await status.getByLabel('SCIM base URL', { exact: true }).textContent()).toBe(
      `${hub.baseUrl}/scim/v2`,
    );
    await expectAccessible(page);
    // Controlled by the server's answer: it turns on once the change is saved.
    await status.getByRole('switch', { name: /^Provisioning is on/ }).click({ force: true });
    await page.getByText('Provisioning is on.').waitFor();

    await region(page, 'Tokens').getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create token' });
    await create.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new token' });
    await shown.getByText('It will not be shown again', { exact: false }).waitFor();
    const token = (await shown.getByLabel('SCIM token', { exact: true }).textContent()) ?? '';
    expect(token).toMatch(/^scim_[\w-]{43}$/);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(token);

    // The directory (as Entra ID would) creates a user and a group with them in it.
    const scim = (path: string, body: unknown) =>
      fetch(`${hub.baseUrl}/scim/v2${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify(body),
      });
    const user = await scim('/Users', {
      schemas: [SCIM_USER],
      userName: 'klara.nilsson@bergen-bolig.example',
      name: { givenName: 'Klara', familyName: 'Nilsson' },
      emails: [{ value: 'klara.nilsson@bergen-bolig.example', type: 'work', primary: true }],
      active: true,
    });
    expect(user.status).toBe(201);
    const { id } = (await user.json()) as { id: string };
    expect(
      (
        await scim('/Groups', {
          schemas: [SCIM_GROUP],
          displayName: 'Bergen Finance',
          members: [{ value: id }],
        })
      ).status,
    ).toBe(201);

    // The group shows on the page; the administrator decides what it gives.
    await page.reload();
    const groups = region(page, 'Directory groups');
    const row = groups.locator('tbody tr').filter({ hasText: 'Bergen Finance' });
    await row.getByText('No access').waitFor();
    await row.getByRole('button', { name: 'Edit what Bergen Finance gives' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bergen Finance' });
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByRole('combobox', { name: /^Account/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${ACCOUNT}`) }).click();
    const permissions = dialog.getByRole('group', { name: 'Permissions' });
    await permissions.getByRole('checkbox').first().check({ force: true });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved what Bergen Finance gives.').waitFor();
    await row.getByText(`${ACCOUNT}: Customer user; permissions: 1`).waitFor();

    // Klara now holds the account: she is among its users.
    await page.goto(`${hub.baseUrl}/accountsettings/users?activeAccountId=${accountId}`);
    await page.getByRole('link', { name: 'Klara Nilsson' }).waitFor();

    // The directory's own changes name it by the token's first characters, never the token.
    const { rows } = await hub.db.$client.query<{ actor_email: string }>(
      `SELECT DISTINCT actor_email FROM audit_log
        WHERE customer_id = $1 AND action IN ('scim.user-created', 'scim.group-created', 'scim.group-members-updated')`,
      [accountId],
    );
    expect(rows.map((r) => r.actor_email)).toEqual([`SCIM ${token.slice(0, 11)}`]);

    // A provider administrator reading the account's audit log sees the directory as "by SCIM".
    const provider = await hub.newPage();
    await signInAt(provider.page, `/customers/${accountId}/overview`, 'sfadmin@example.com');
    await provider.page
      .getByText(`by SCIM (${token.slice(0, 11)}…)`)
      .first()
      .waitFor();
    await provider.page.getByText('User provisioned').first().waitFor();
  }, 120_000);

  it('fits a 375 px phone screen and stays accessible', async () => {
    const { page } = await hub.newPage({ width: 375 });
    await signInAt(page, `/accountsettings/provisioning?activeAccountId=${accountId}`, 'admin@example.com');
    await page.getByRole('heading', { level: 1, name: 'Provisioning (SCIM)' }).waitFor();
    await region(page, 'Directory groups').waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
  }, 60_000);
});
