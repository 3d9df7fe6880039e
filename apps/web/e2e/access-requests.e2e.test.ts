import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

/** The Swedish texts, so the journey reads the screens as a Swedish person does. */
const sv = JSON.parse(readFileSync(new URL('../src/locales/sv.json', import.meta.url), 'utf8')) as {
  signIn: { email: string; password: string; register: Record<string, string> };
  accessRequests: { ask: Record<string, string>; noAccount: Record<string, string> };
  invitation: { repeatPassword: string };
  dashboard: { greeting: string };
};

const EMAIL = 'nora.lind@nordvatten.example';
const PASSWORD = 'ett-tillräckligt-långt-lösenord';
const ACCOUNT = 'Mälardalens Vatten AB';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 15_000 });

describe('[ACCESS REQUESTS] a new person registers, asks for access and is approved', () => {
  let hub: Hub;
  let accountId: number;
  let customerNumber: string;
  beforeAll(async () => {
    hub = await startHub({ USE_AUTH_SERVICE: '1' });
    accountId = await hub.customerId(ACCOUNT);
    const { rows } = await hub.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [accountId],
    );
    customerNumber = rows[0]!.customer_number;
  });
  afterAll(() => hub.close());

  /** The link of the newest mail to an address in the development outbox, as a path of the Hub. */
  async function linkInMail(to: string): Promise<string> {
    let text = '';
    await eventually(async () => {
      const response = await fetch(`${hub.baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { mails } = (await response.json()) as { mails: { text: string }[] };
      text = mails[0]?.text ?? '';
      return /https?:\/\/\S+token=\S+/.test(text);
    }).toBe(true);
    const url = new URL(/https?:\/\/\S+token=\S+/.exec(text)![0]);
    return `${url.pathname}${url.search}`;
  }

  /** A field by the start of its label (a required field's label ends with an asterisk). */
  const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
  const fill = (page: Page, label: string, value: string) => field(page, label).fill(value);

  it('in Swedish at 375 px: register, confirm from the mail, ask; the administrator approves; the person sees the account', async () => {
    const { page, context } = await hub.newPage({ width: 375, locale: 'sv-SE' });
    const register = sv.signIn.register;
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: register.title }).waitFor();
    await fill(page, register.firstName!, 'Nora');
    await fill(page, register.lastName!, 'Lind');
    await fill(page, sv.signIn.email, EMAIL);
    await fill(page, sv.signIn.password, PASSWORD);
    await fill(page, sv.invitation.repeatPassword, PASSWORD);
    await expectAccessible(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: register.submit }).click();
    await page.getByRole('heading', { level: 1, name: register.sentTitle }).waitFor();

    // The link from the mail, with the password chosen, confirms the address and signs in.
    await page.goto(await linkInMail(EMAIL));
    await page.getByRole('heading', { level: 1, name: register.confirmTitle }).waitFor();
    await fill(page, sv.signIn.password, PASSWORD);
    await page.getByRole('button', { name: register.confirm }).click();

    // No account yet: the Hub asks which one.
    const ask = sv.accessRequests.ask;
    await page.getByRole('heading', { level: 1, name: sv.accessRequests.noAccount.title }).waitFor();
    await fill(page, ask.customerNumber!, customerNumber);
    await fill(page, ask.message!, 'Jag sköter fakturorna för Västerås.');
    await expectAccessible(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: ask.submit }).click();
    await page.getByText(ask.sent!.replace('{{number}}', customerNumber)).waitFor();

    // The account's administrator hears of it in the bell and approves with tracking only.
    const admin = await hub.newPage();
    await signInAt(
      admin.page,
      `/accountsettings/access-requests?activeAccountId=${accountId}`,
      'admin@example.com',
    );
    await admin.page.getByRole('heading', { level: 1, name: 'Access requests' }).waitFor();
    await admin.page.getByRole('button', { name: /^Notifications, [1-9]\d* new$/ }).waitFor();
    const request = admin.page.getByRole('listitem', { name: 'Nora Lind' });
    await request.getByText('Jag sköter fakturorna för Västerås.').waitFor();
    await expectAccessible(admin.page);
    await request.getByRole('button', { name: 'Approve Nora Lind' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve Nora Lind' });
    await dialog
      .getByRole('checkbox', { name: /^Track and trace · / })
      .first()
      .check();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.context.close();

    // The person is told by e-mail, in Swedish; the Hub opens the account for them.
    await eventually(async () => {
      const response = await fetch(`${hub.baseUrl}/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`);
      const { mails } = (await response.json()) as { mails: { subject: string }[] };
      return mails[0]?.subject;
    }).toBe(`Du har nu åtkomst till ${ACCOUNT}`);
    const greeting = sv.dashboard.greeting.replace('{{name}}', 'Nora');
    await eventually(async () => {
      const check = page.getByRole('button', { name: sv.accessRequests.noAccount.check });
      if (await check.isVisible().catch(() => false)) await check.click();
      return page.getByRole('heading', { level: 1, name: greeting }).isVisible();
    }).toBe(true);
    await page.getByText(ACCOUNT).first().waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await context.close();
  });
});
