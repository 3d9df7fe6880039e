import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  expectAccessible,
  hasHorizontalOverflow,
  SIGN_IN_PAGE,
  signIn,
  signInAt,
  startHub,
  type Hub,
} from './support/hub.ts';

/** expect.poll with room for a slow machine. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
/** A locator's text, attribute or value now, or null when it is not (yet) there: for polling. */
const textOf = (locator: Locator) => locator.textContent({ timeout: 1_000 }).catch(() => null);
const attributeOf = (locator: Locator, name: string) =>
  locator.getAttribute(name, { timeout: 1_000 }).catch(() => null);
const valueOf = (locator: Locator) => locator.inputValue({ timeout: 1_000 }).catch(() => null);
const pathOf = (url: string) => new URL(url).pathname;
const pathname = (page: Page) => pathOf(page.url());
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const IDP_SIGN_IN = /\/idp\/interaction\/[\w-]+$/;

const accountButton = (page: Page) => page.getByRole('button', { name: /^Active account: / });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** A user with the demo password and the given accounts (none at all when the list is empty). */
async function createUser(hub: Hub, email: string, firstName: string, customers: string[]): Promise<void> {
  const { rows } = await hub.db.$client.query<{ id: string }>(
    `INSERT INTO users (email, username, first_name, last_name, display_name, email_verified, password_hash)
     SELECT $1, $1, $2, 'Testsson', $2 || ' Testsson', true, password_hash FROM users WHERE email = 'user@example.com'
     RETURNING id`,
    [email, firstName],
  );
  const id = rows[0]!.id;
  await hub.db.$client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser')`, [id]);
  for (const name of customers) {
    await hub.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
      id,
      await hub.customerId(name),
    ]);
  }
}

async function setMfa(hub: Hub, customer: string, type: 'app' | 'email' | null) {
  await hub.db.$client.query('UPDATE customers SET is_mfa_enabled = $2, mfa_type = $3 WHERE name = $1', [
    customer,
    type !== null,
    type,
  ]);
}

/** An admin's bearer token from the JSON sign-in, which both flows offer to API clients. */
async function adminToken(hub: Hub): Promise<string> {
  const response = await fetch(`${hub.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The newest mail to an address in the development outbox. */
async function latestMail(hub: Hub, to: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await fetch(`${hub.baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { mails } = (await response.json()) as { mails: { subject: string; text: string }[] };
  return mails[0];
}

const totpCode = (key: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({ timestamp });

/** Waits for the dashboard after sign-in and answers its greeting. */
async function dashboardGreeting(page: Page): Promise<string | null> {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  return heading(page).textContent();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** A fresh context signed in through the sign-in page and landed on the dashboard. */
async function signedIn(hub: Hub, email: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await hub.newPage();
  await signInAt(page, '/dashboard', email);
  await dashboardGreeting(page);
  return { page, context };
}

describe('[SIGN-IN] single sign-on through the built-in identity provider', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub({ USE_AUTH_SERVICE: '0' });
  });
  afterAll(() => hub?.close());

  it('fits the new screens on a 375 px phone, in Finnish, with a keyboard', async () => {
    const { page, context } = await hub.newPage({ width: 375 });
    await signInAt(page, '/dashboard', 'sfadmin@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'fi'));
    const jysk = await hub.customerId('Jysk Boligselskab A/S');
    for (const [path, title] of [
      ['/account', 'Oma tili'],
      [`/customers/${jysk}/security`, 'Jysk Boligselskab A/S · Tietoturva'],
      ['/dev/outbox', 'Sähköpostin lähtevät'],
      ['/invitation?token=no-such-token-but-long-enough', 'Aktivoi tilisi'],
    ] as const) {
      await page.goto(path);
      await eventually(() => textOf(heading(page))).toBe(title);
      expect(await hasHorizontalOverflow(page), path).toBe(false);
      // The first Tab from the top reaches a real control (pages that have one).
      const controls = await page.locator('a[href], button, input, select, textarea').count();
      await page.keyboard.press('Tab');
      if (controls > 0) {
        expect(await page.evaluate(() => document.activeElement?.tagName), path).toMatch(
          /^(A|BUTTON|INPUT|SELECT)$/,
        );
      }
      await expectAccessible(page);
    }
    await context.close();
  });

  it('returns to the saved deep link with its active account; the sign-in page is accessible', async () => {
    const malardalen = await hub.customerId('Mälardalens Vatten AB');
    const { page, context } = await hub.newPage();
    await page.goto(`/tracking/files?activeAccountId=${malardalen}`);
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectAccessible(page);
    await signIn(page, 'user@example.com');
    await page.waitForURL((url) => url.pathname === '/tracking/files');
    await eventually(() => textOf(heading(page))).toBe('Files');
    expect(pathAndQuery(page)).toBe(`/tracking/files?activeAccountId=${malardalen}`);
    await eventually(() => attributeOf(accountButton(page), 'aria-label')).toMatch(
      /^Active account: Mälardalens Vatten AB \(/,
    );
    expect(await toasts(page).getByRole('alert').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(
      true,
    );
    await context.close();
  });

  it('warns about a foreign activeAccountId at sign-in and falls back to the first account', async () => {
    const foreign = await hub.customerId('Pohjolan Sähkö Oy');
    const gota = await hub.customerId('Göta Bostäder AB');
    const { page, context } = await hub.newPage();
    await signInAt(page, `/tracking/files?activeAccountId=${foreign}`, 'user@example.com');
    await eventually(() => textOf(toasts(page).getByRole('alert'))).toBe(
      `You are not authorized for the requested ActiveAccount with id ${foreign}. Falling back to your first Customer as ActiveAccount.`,
    );
    await eventually(() => attributeOf(accountButton(page), 'aria-label')).toMatch(
      /^Active account: Göta Bostäder AB \(/,
    );
    expect(pathname(page)).toBe('/tracking/files');
    await eventually(() => new URL(page.url()).searchParams.get('activeAccountId')).toBe(String(gota));
    await context.close();
  });

  it('asks a user without customers which account they need; signing out there ends the provider session too', async () => {
    await createUser(hub, 'nobody@example.com', 'Nils', []);
    const { page, context } = await hub.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(IDP_SIGN_IN);
    await signIn(page, 'nobody@example.com');
    // Instead of a dead end, the access request page (features/access-requests).
    await page.getByRole('heading', { level: 1, name: 'Ask for access' }).waitFor();
    await page.getByRole('textbox', { name: /^Customer number/ }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider session ended too: the provider asks for the password again.
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByLabel('E-mail address').waitFor();
    await context.close();
  });

  it('signs out at the provider: back on its sign-in page, and the app needs sign-in again', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    await signOut(page);
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:'))),
    ).toEqual([]);
    // No provider session either: opening the app again does not come back signed in.
    await page.goto('/dashboard');
    await page.waitForURL(IDP_SIGN_IN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: /^Welcome, / }).count()).toBe(0);
    await context.close();
  });

  it('follows an invitation from the outbox to the first sign-in; the invitation page is accessible', async () => {
    const email = 'ingrid.invited@example.com';
    const malardalen = await hub.customerId('Mälardalens Vatten AB');
    const response = await fetch(`${hub.baseUrl}/api/administration/invite-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(hub)}` },
      body: JSON.stringify({ email, firstName: 'Ingrid', lastName: 'Inbjuden', customerId: malardalen }),
    });
    expect(response.status).toBe(200);

    const { page, context } = await hub.newPage();
    await page.goto('/dev/outbox');
    await page.getByRole('heading', { level: 1, name: 'E-mail outbox' }).waitFor();
    const mail = page
      .getByRole('button')
      .filter({ hasText: 'You are invited to Service Hub' })
      .filter({ hasText: `To ${email}` });
    await mail.click();
    await page.getByRole('link', { name: /\/invitation\?token=/ }).click();
    await page.waitForURL((url) => url.pathname === '/invitation');
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    await expectAccessible(page);

    // The page checks the rules before the server does.
    await page.getByLabel('New password').fill('too short');
    await page.getByLabel('Repeat the password').fill('too short');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.getByText('The password must be at least 12 characters.').waitFor();

    const password = 'lingonberry harbour 42';
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Activate account' }).click();
    // Single sign-on: the provider asks for the new password, with the address filled in.
    await page.waitForURL(IDP_SIGN_IN);
    await eventually(() => valueOf(page.getByLabel('E-mail address'))).toBe(email);
    await page.locator('input[type=password]').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await dashboardGreeting(page)).toBe('Welcome, Ingrid');
    await eventually(() => attributeOf(accountButton(page), 'aria-label')).toMatch(
      /^Active account: Mälardalens Vatten AB \(/,
    );
    await context.close();
  });

  it('lets an existing user accept an invitation only after signing in as themselves', async () => {
    const bergen = await hub.customerId('Bergen Boligbyggelag AS');
    const response = await fetch(`${hub.baseUrl}/api/administration/invite-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(hub)}` },
      body: JSON.stringify({
        email: 'user@example.com',
        firstName: 'Ulla',
        lastName: 'Sand',
        customerId: bergen,
      }),
    });
    expect(response.status).toBe(200);
    const mail = await latestMail(hub, 'user@example.com');
    expect(mail!.subject).toBe('You are invited to Bergen Boligbyggelag AS in Service Hub');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);

    const { page, context } = await hub.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Accept the invitation' }).waitFor();
    await page.getByText('Nothing changes for you until you accept.', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in to accept' }).click();
    await page.waitForURL(IDP_SIGN_IN);
    await eventually(() => valueOf(page.getByLabel('E-mail address'))).toBe('user@example.com');
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/invitation' && url.search === '');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await eventually(() => textOf(toasts(page))).toContain('You now have access to Bergen Boligbyggelag AS.');
    await eventually(() => attributeOf(accountButton(page), 'aria-label')).toMatch(
      /^Active account: Bergen Boligbyggelag AS \(/,
    );
    await context.close();
  });

  it('enrols the authenticator app at the first sign-in, then asks only for its code', async () => {
    await setMfa(hub, 'Göta Bostäder AB', 'app');
    try {
      const { page, context } = await hub.newPage();
      await page.goto('/dashboard');
      await page.waitForURL(IDP_SIGN_IN);
      await signIn(page, 'user@example.com');
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const key = (await page.getByTestId('totp-secret').textContent())!.trim();
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page);

      // A code of the right form but wrong value is refused, and the form stays.
      const code = totpCode(key);
      await page.getByLabel('Code').fill(code === '123456' ? '654321' : '123456');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await eventually(() => textOf(page.getByRole('alert'))).toBe(
        'The code is not correct or has expired. Try again or sign in again.',
      );
      await page.getByLabel('Code').fill(totpCode(key));
      await page.getByRole('button', { name: 'Confirm' }).click();
      expect(await dashboardGreeting(page)).toBe('Welcome, Ulla');

      await signOut(page);
      await page.waitForURL(IDP_SIGN_IN);
      await signIn(page, 'user@example.com');
      await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
      expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(0);
      expect(await page.getByTestId('totp-secret').count()).toBe(0);
      // The next time step's code (the server accepts one step of drift): a fresh code even when
      // this runs within the 30 s of the enrolment code, which RFC 6238 forbids accepting twice.
      await page.getByLabel('Code').fill(totpCode(key, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Confirm' }).click();
      expect(await dashboardGreeting(page)).toBe('Welcome, Ulla');
      await context.close();
    } finally {
      await setMfa(hub, 'Göta Bostäder AB', null);
    }
  });

  it('changes name and language on the Account page, and refuses a wrong current password', async () => {
    const { page, context } = await signedIn(hub, 'admin@example.com');
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await eventually(() => valueOf(page.getByLabel('First name'))).toBe('Anders');
    await expectAccessible(page);

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('First name').fill('Andreas');
    await profile.getByLabel('Language').selectOption({ label: 'Svenska' });
    await profile.getByRole('button', { name: 'Save' }).click();
    // The toasts' region is named in Swedish now too.
    await page.getByRole('status').filter({ hasText: 'Dina ändringar har sparats.' }).waitFor();
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('sv');
    await eventually(() => textOf(heading(page))).toBe('Mitt konto');
    const { rows } = await hub.db.$client.query<{ first_name: string; language: string }>(
      "SELECT first_name, language FROM users WHERE email = 'admin@example.com'",
    );
    expect(rows[0]).toEqual({ first_name: 'Andreas', language: 'sv' });

    // The greeting follows, in Swedish.
    await page.goto('/dashboard');
    await eventually(() => textOf(heading(page))).toBe('Välkommen, Andreas');

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Mitt konto' }).waitFor();
    const profil = page.getByRole('region', { name: 'Profil' });
    await profil.getByLabel('Språk').selectOption('en-SE');
    await profil.getByRole('button', { name: 'Spara' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();

    const passwordCard = page.getByRole('region', { name: 'Password' });
    await passwordCard.getByLabel('Current password').fill('not-the-password');
    await passwordCard.getByLabel('New password').fill('a brand new passphrase');
    await passwordCard.getByLabel('Repeat the password').fill('a brand new passphrase');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    // The message stands next to the field and is its description for screen readers.
    const current = passwordCard.getByLabel('Current password');
    await eventually(async () => {
      const ids = (await attributeOf(current, 'aria-describedby'))?.split(' ') ?? [];
      return Promise.all(ids.map((id) => textOf(page.locator(`[id="${id}"]`))));
    }).toContain('The current password is not correct.');
    await context.close();
  });

  it('lets a provider administrator require e-mail codes on the Security tab', async () => {
    const jysk = await hub.customerId('Jysk Boligselskab A/S');
    try {
      const { page, context } = await signedIn(hub, 'sfadmin@example.com');
      await page.goto(`/customers/${jysk}/security`);
      await page.getByRole('heading', { level: 1, name: 'Jysk Boligselskab A/S · Security' }).waitFor();
      await expectAccessible(page);
      const required = page.getByRole('switch', { name: 'Require two-step sign-in' });
      expect(await required.isChecked()).toBe(false);
      expect(await page.getByRole('radio', { name: 'One-time code by e-mail' }).isDisabled()).toBe(true);
      await required.check();
      await page.getByRole('radio', { name: 'One-time code by e-mail' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await eventually(() => textOf(toasts(page).getByRole('status'))).toBe('MFA setting updated');
      const { rows } = await hub.db.$client.query<{ is_mfa_enabled: boolean; mfa_type: string }>(
        'SELECT is_mfa_enabled, mfa_type FROM customers WHERE id = $1',
        [jysk],
      );
      expect(rows[0]).toEqual({ is_mfa_enabled: true, mfa_type: 'email' });
      await context.close();
    } finally {
      await setMfa(hub, 'Jysk Boligselskab A/S', null);
    }
  });
});

describe('[SIGN-IN] the own authentication service', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub({ USE_AUTH_SERVICE: '1' });
  });
  afterAll(() => hub?.close());

  it.each([
    ['user@example.com', 'Ulla'],
    ['admin@example.com', 'Anders'],
    ['sfadmin@example.com', 'Siri'],
  ])('signs in %s and greets them on the dashboard', async (email, firstName) => {
    const { page, context } = await hub.newPage();
    await signInAt(page, '/dashboard', email);
    await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
    // The own auth service's frame has no account dropdown (spec 1).
    expect(await page.getByRole('button', { name: /^Active account:/ }).count()).toBe(0);
    await context.close();
  });

  it('returns to the saved deep link and keeps userToken; the sign-in page is accessible', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/tracking/files');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/tracking/files');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectAccessible(page);
    await signIn(page, 'user@example.com');
    await page.waitForURL((url) => url.pathname === '/tracking/files');
    await eventually(() => textOf(heading(page))).toBe('Files');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await context.close();
  });

  it('sends /auth/callback without a token back to sign-in', async () => {
    const { page, context } = await hub.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/auth/callback');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(consoleErrors).toContain('No token found in URL');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await context.close();
  });

  it('signs out: "You have been signed out." and the old token no longer works', async () => {
    const { page, context } = await signedIn(hub, 'user@example.com');
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    expect(token).not.toBeNull();
    const userStatus = (bearer: string) =>
      page.evaluate(
        async (t) => (await fetch('/api/v3/user', { headers: { authorization: `Bearer ${t}` } })).status,
        bearer,
      );
    expect(await userStatus(token!)).toBe(200);

    await signOut(page);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('signedOut')).toBe('1');
    await eventually(() =>
      page.getByRole('status').filter({ hasText: 'You have been signed out.' }).count(),
    ).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    expect(await userStatus(token!)).toBe(401);
    // Opening the app again asks for sign-in.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await context.close();
  });

  it('asks for the e-mailed code, refuses a wrong one, and lets the right one in', async () => {
    await setMfa(hub, 'Norrlandskraft Energi AB', 'email');
    try {
      const { page, context } = await hub.newPage();
      await page.goto('/dashboard');
      await page.waitForURL(SIGN_IN_PAGE);
      await signIn(page, 'admin@example.com');
      await page.getByText('We have e-mailed you a 6-digit code. It is valid for 10 minutes.').waitFor();
      let subject = '';
      await eventually(async () => {
        subject = (await latestMail(hub, 'admin@example.com'))?.subject ?? '';
        return subject;
      }).toMatch(/^Your Service Hub sign-in code: \d{6}$/);
      const code = /(\d{6})$/.exec(subject)![1]!;
      const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await eventually(() => textOf(page.getByRole('alert'))).toBe(
        'The code is not correct or has expired. Try again or sign in again.',
      );
      await expectAccessible(page);
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      expect(await dashboardGreeting(page)).toBe('Welcome, Anders');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).not.toBeNull();
      await context.close();
    } finally {
      await setMfa(hub, 'Norrlandskraft Energi AB', null);
    }
  });

  it('locks an address after five failed passwords, even for the right one', async () => {
    const { page, context } = await hub.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(SIGN_IN_PAGE);
    const alert = page.getByRole('alert');
    const answer = () =>
      page.waitForResponse((r) => r.request().method() === 'POST' && pathOf(r.url()) === '/api/auth/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = answer();
      await signIn(page, 'sfadmin@example.com', `wrong-password-${attempt}`);
      expect((await answered).status()).toBe(401);
      await eventually(() => textOf(alert)).toBe('The e-mail address or password is incorrect.');
    }
    const answered = answer();
    await signIn(page, 'sfadmin@example.com');
    expect((await answered).status()).toBe(429);
    await eventually(() => textOf(alert)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(pathname(page)).toBe('/auth/login');
    await context.close();
  });
});
