import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });
const pathname = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A fresh browser context, signed in through the sign-in page and landed on the dashboard. */
async function signedIn(
  hub: Hub,
  email: string,
  options?: { width?: number; locale?: string },
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await hub.newPage(options);
  await signInAt(page, '/dashboard', email);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return { page, context };
}

/** Opens a page by address and waits for its heading. */
async function open(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await heading(page).filter({ hasText: title }).waitFor({ timeout: 15_000 });
}

/** The newest mail to an address in the development outbox. */
async function latestMail(hub: Hub, to: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await fetch(`${hub.baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { mails } = (await response.json()) as { mails: { subject: string; text: string }[] };
  return mails[0];
}

describe('[ADMIN] administration of services, customers and users', () => {
  let hub: Hub;
  beforeAll(async () => {
    // The own authentication service (the customer list then uses v3), and a job worker for imports.
    hub = await startHub({ USE_AUTH_SERVICE: '1', RUN_JOBS: '1' });
  });
  afterAll(() => hub?.close());

  it('[SERVICES] a provider administrator adds a service, an application and a permission', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    await open(page, '/administration/services', 'Services');
    await page.getByRole('main').getByRole('link', { name: 'Track and trace', exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add service' }).click();
    await heading(page).filter({ hasText: 'Add service' }).waitFor();
    await textbox(page, 'Customer-facing name').fill('Digital mailroom');
    await textbox(page, 'Internal abbreviation').fill('DMR');
    await textbox(page, 'Application name').fill('dmr-web');
    await textbox(page, 'CRM mapping GUID').fill('not-a-guid');
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByText('Incorrect GUID syntax').waitFor();
    await expectAccessible(page);
    await textbox(page, 'CRM mapping GUID').fill('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.waitForURL((url) => /^\/administration\/services\/\d+\/permissions$/.test(url.pathname));
    await heading(page).filter({ hasText: 'Digital mailroom · Permissions' }).waitFor();
    await toasts(page).getByText('Service Digital mailroom added.').waitFor();

    // Application names are unique across services.
    await textbox(page, 'Application name').fill('dmr-mobile');
    await page.getByRole('button', { name: 'Add application' }).click();
    await page.getByRole('listitem').filter({ hasText: 'dmr-mobile' }).waitFor();
    await textbox(page, 'Application name').fill('stt-appapi-client');
    await page.getByRole('button', { name: 'Add application' }).click();
    await page.getByText('This application already exists.').waitFor();

    await page.getByRole('link', { name: 'Add permission' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/permissions/addpermission'));
    await textbox(page, 'Permission name').fill('dmr-reader');
    await page.getByRole('combobox', { name: 'Roles' }).fill('READ_ALL');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Add permission' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await page.getByRole('cell', { name: 'dmr-reader' }).waitFor();

    // The same name again: 'permission exists', with the way to it.
    await page.getByRole('link', { name: 'Add permission' }).click();
    await textbox(page, 'Permission name').fill('dmr-reader');
    await page.getByRole('button', { name: 'Add permission' }).click();
    await page.getByRole('link', { name: "See it on the service's permissions page" }).click();
    await page.getByText('The permission dmr-reader already exists').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('[API KEYS] a provider administrator creates a key for a customer, sees it once and its last use, and revokes it', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    await open(page, '/administration/services', 'Services');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'API keys' })
      .click();
    await heading(page).filter({ hasText: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await eventually(() => page.getByText('This field cannot be empty.').count()).toBe(2);
    await expectAccessible(page);

    await textbox(page, 'Name').fill('Print line Västerås');
    await page.getByRole('combobox', { name: 'Customers' }).fill('Mälardalens');
    await page.getByRole('option', { name: /^Mälardalens Vatten AB/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByLabel('The new API key');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^shk_/);
    const row = page.getByRole('row').filter({ hasText: 'Print line Västerås' });
    await row.getByRole('cell', { name: 'Never' }).waitFor();
    const customerNumber = /Mälardalens Vatten AB \((\w+)\)/.exec((await row.textContent())!)![1]!;
    await expectAccessible(page);

    const deliver = () =>
      fetch(`${hub.baseUrl}/api/ingest/tracking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({
          records: [
            {
              type: 'file',
              eventId: 'e2e-key-file',
              customerNumber,
              fileRef: 'e2e-key',
              filename: 'e2e-key.xml',
              arrivedAt: new Date().toISOString(),
              deliveryMode: 'B-economy',
              sender: {
                name: 'Mälardalens Vatten AB',
                postalCode: '721 30',
                postOffice: 'Västerås',
                countryCode: 'SE',
              },
            },
          ],
        }),
      });
    expect((await deliver()).status).toBe(200);
    await page.getByRole('button', { name: 'I have stored the key' }).click();
    await eventually(() => shown.count()).toBe(0);
    await page.reload();
    await eventually(() => row.getByRole('cell', { name: 'Never' }).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke the API key Print line Västerås' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await toasts(page).getByText('API key Print line Västerås revoked.').waitFor();
    await row.getByText(/^Revoked /).waitFor();
    expect((await deliver()).status).toBe(401);
    await context.close();

    // On a phone the list scrolls inside itself; the page never scrolls sideways, up to a desktop.
    const phone = await signedIn(hub, 'sfadmin@example.com', { width: 320 });
    await open(phone.page, '/administration/api-keys', 'API keys');
    await phone.page.getByRole('row').filter({ hasText: 'Print line Västerås' }).waitFor();
    await expectAccessible(phone.page);
    for (const width of [320, 480, 700, 1280]) {
      await phone.page.setViewportSize({ width, height: 800 });
      expect(await hasHorizontalOverflow(phone.page), `${width} px`).toBe(false);
    }
    await phone.context.close();
  });

  it('[CUSTOMERS] creates a customer, grants service access, and the audit log shows before and after', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    await open(page, '/customers?market=FI', 'Customers');
    await page.getByRole('link', { name: 'Pohjolan Sähkö Oy' }).waitFor();
    expect(await page.getByRole('link', { name: 'Göta Bostäder AB' }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New customer' }).click();
    await heading(page).filter({ hasText: 'New customer' }).waitFor();
    await textbox(page, 'Name').fill('Vänerns Hamn AB');
    await textbox(page, 'Customer number').fill('SE777001');
    await textbox(page, 'Organisation number').fill('556677-8899');
    await page.getByRole('button', { name: 'New customer' }).click();
    await page.waitForURL((url) => /^\/customers\/\d+\/overview$/.test(url.pathname));
    await heading(page).filter({ hasText: 'Vänerns Hamn AB' }).waitFor();
    await toasts(page).getByText('Customer account Vänerns Hamn AB added.').waitFor();
    const overview = pathname(page);

    // The same number again: 'This customer already exists'.
    await page.goto('/customers/new');
    await textbox(page, 'Name').fill('Vänerns Hamn AB');
    await textbox(page, 'Customer number').fill('se777001');
    await page.getByRole('button', { name: 'New customer' }).click();
    await page.getByText('This customer already exists').waitFor();

    await page.goto(overview.replace('/overview', '/service-access'));
    await heading(page).filter({ hasText: 'Vänerns Hamn AB · Service access' }).waitFor();
    const trackAndTrace = page.getByRole('region', { name: 'Track and trace' });
    await trackAndTrace.getByRole('checkbox', { name: 'stt-appapi-client (READ_ALL)' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toasts(page).getByText('Your changes have been saved.').waitFor();

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('textbox', { name: 'Notes' }).fill('Harbour fees invoiced quarterly.');
    await page.getByRole('button', { name: 'Save' }).click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.getByRole('cell', { name: 'Details changed' }).waitFor();
    await audit.getByText('notes: — → Harbour fees invoiced quarterly.').waitFor();
    await audit.getByRole('cell', { name: 'Service access changed' }).waitFor();
    await expectAccessible(page);

    // On a phone the log scrolls sideways inside itself, by keyboard too (its cells hold nothing
    // focusable that would take the keyboard there).
    await page.setViewportSize({ width: 320, height: 800 });
    // The frame settles into its phone layout first.
    await eventually(() => hasHorizontalOverflow(page)).toBe(false);
    const scroller = audit.locator('.mantine-ScrollArea-viewport');
    await scroller.focus();
    expect(await scroller.evaluate((element) => document.activeElement === element)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await eventually(() => scroller.evaluate((element) => element.scrollLeft > 0)).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it('[CUSTOMERS] imports accounts from the CRM with mixed results and a live progress bar', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com');
    const { rows } = await hub.db.$client.query<{ customer_number: string }>(
      `SELECT customer_number FROM customers WHERE name = 'Göta Bostäder AB'`,
    );
    const inHub = rows[0]!.customer_number;
    await open(page, '/customers/new-bulk', 'Import customer accounts');
    await page
      .getByRole('textbox', { name: 'Account numbers' })
      .fill(`SE200101, SE200102, SE200103, SE200104, SE200105, SE200106, ${inHub}, SE999999, NO300901, SX12`);
    await page.getByRole('button', { name: 'Check accounts' }).click();
    const notReady = page.getByRole('region', { name: 'Not ready: 4' });
    await notReady.getByText('Customer account already exists in Service Hub').waitFor();
    await notReady.getByText('Customer account does not exist in CRM').waitFor();
    await notReady.getByText('Customer account data incomplete in CRM. Missing: market.').waitFor();
    await notReady.getByText('Check the number for typos').waitFor();
    await page
      .getByRole('region', { name: 'Ready to import: 6' })
      .getByText('Kustbanan Logistik AB')
      .waitFor();
    await expectAccessible(page);

    // Someone creates one of them in the meantime: the import finds out and lists it for a manual check.
    await hub.db.$client.query(
      `INSERT INTO customers (name, customer_number, market, created_by, modified_by)
       VALUES ('Österlens Avfall AB', 'SE200106', 'SE', 'someone', 'someone')`,
    );
    await page.getByRole('button', { name: 'Import accounts (6)' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText('Accounts imported: 5. Failed: 1.').waitFor({ timeout: 30_000 });
    await page.getByText('6 of 6 accounts processed').waitFor();
    const failures = page.getByRole('region', { name: 'Check these accounts manually' });
    await failures.getByText('SE200106').waitFor();
    await failures.getByText('Customer account already exists in Service Hub').waitFor();
    await expectAccessible(page);

    // The requester is told when a background import ends.
    await page.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
    await page.getByText('Import finished: 5 succeeded, 1 failed').waitFor();
    await context.close();
  });

  it('[USERS] a customer administrator invites a user, who then signs in; revokes and deletes users', async () => {
    const malardalen = await hub.customerId('Mälardalens Vatten AB');
    const { page, context } = await signedIn(hub, 'admin@example.com');
    await page.evaluate((id) => {
      localStorage.setItem('activeAccountId', id);
      sessionStorage.setItem('activeAccountId', id);
    }, String(malardalen));
    await open(page, '/accountsettings/users', 'Mälardalens Vatten AB · Users');
    await page.getByRole('link', { name: 'Ulla Sand' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Invite user' }).click();
    await heading(page).filter({ hasText: 'Invite user' }).waitFor();
    await textbox(page, 'E-mail address').fill('not-an-address');
    await textbox(page, 'First name').fill('Inez');
    await textbox(page, 'Last name').fill('Inbjuden');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invalid email').waitFor();
    await textbox(page, 'E-mail address').fill('inez.inbjuden@example.se');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toasts(page).getByText('Invitation sent to inez.inbjuden@example.se.').waitFor();
    await page.waitForURL((url) => url.pathname === '/accountsettings/users');
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations
      .getByRole('row')
      .filter({ hasText: 'inez.inbjuden@example.se' })
      .getByText('Pending')
      .waitFor();

    // The invitee follows the link, chooses a password and is signed in.
    const mail = await latestMail(hub, 'inez.inbjuden@example.se');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const invitee = await hub.newPage();
    await invitee.page.goto(`${link.pathname}${link.search}`);
    await invitee.page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await invitee.page.getByLabel('New password').fill('Mälaren harbour 2026');
    await invitee.page.getByLabel('Repeat the password').fill('Mälaren harbour 2026');
    await invitee.page.getByRole('button', { name: 'Activate account' }).click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Welcome, Inez' }).waitFor();
    await invitee.context.close();

    // Ulla also belongs to another customer: her name and roles are not this administrator's to
    // change, but her access to this account is.
    await page.reload();
    await page.getByRole('link', { name: 'Ulla Sand' }).click();
    await heading(page).filter({ hasText: 'Ulla Sand' }).waitFor();
    await page.getByText('You can see this user but not change their name or roles').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke access' })
      .getByRole('button', { name: 'Revoke access' })
      .click();
    await toasts(page).getByText('Access revoked.').waitFor();
    await page.waitForURL((url) => url.pathname === '/accountsettings/users');
    await eventually(() => page.getByRole('link', { name: 'Ulla Sand' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Inez Inbjuden' }).click();
    await heading(page).filter({ hasText: 'Inez Inbjuden' }).waitFor();
    await page.getByRole('button', { name: 'Delete user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(dialog.getByRole('button', { name: 'Delete user' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox').fill('inez.inbjuden@example.se');
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await toasts(page).getByText('User Inez Inbjuden removed.').waitFor();
    await page.waitForURL((url) => url.pathname === '/accountsettings/users');
    await eventually(() => page.getByRole('link', { name: 'Inez Inbjuden' }).count()).toBe(0);
    await context.close();
  });

  it('fits the customer list and a user page on a 375 px phone, in Finnish', async () => {
    const { page, context } = await signedIn(hub, 'sfadmin@example.com', { width: 375 });
    await page.evaluate(() => localStorage.setItem('language', 'fi'));
    await open(page, '/customers', 'Asiakkaat');
    await page.getByRole('link', { name: 'Göta Bostäder AB' }).waitFor();
    await expectAccessible(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await open(page, `/users/${await hub.userId('admin@example.com')}`, 'Anders Dahl');
    await page.getByRole('heading', { name: 'Tilit ja käyttöoikeudet' }).waitFor();
    await expectAccessible(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await context.close();
  });
});
