import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  hasHorizontalOverflow,
  SIGN_IN_PAGE,
  signInAt,
  startHub,
  type Hub,
} from './support/hub.ts';

/**
 * Passkeys end to end with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain):
 * a platform authenticator with discoverable credentials and user verification, as a laptop's
 * fingerprint reader or a phone would be. The Hub is reached at localhost: WebAuthn accepts no IP
 * address as the relying party.
 */

/** Gives the page an authenticator that always verifies the user; answers the session that holds it. */
async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const inApp = (page: Page) => page.waitForURL((url) => !/^\/(idp|auth)\//.test(url.pathname));

async function signOut(page: Page, menu: RegExp, label: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await page.waitForURL(SIGN_IN_PAGE);
}

describe('[PASSKEYS] register, sign in with a passkey alone or as the second factor, rename and remove', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub({}, { hostName: 'localhost' });
  });
  afterAll(() => hub.close());

  it('registers a passkey on the account page, signs in with it alone, renames and removes it', async () => {
    const { page, context } = await hub.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(page);
    await signInAt(page, '/account', 'user@example.com');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    // Named after the browser and system until renamed.
    await section.getByRole('listitem', { name: 'Chrome on Linux' }).waitFor();
    await section.getByText('Not used yet').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    await expectAccessible(page);

    await signOut(page, /^User menu for /, 'Sign out');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await inApp(page);
    await page.goto('/account');
    const item = section.getByRole('listitem', { name: 'Chrome on Linux' });
    await item.getByText(/^Last used /).waitFor();

    await section.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('listitem', { name: 'Work laptop' }).waitFor();

    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove passkey?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await section.getByText('You have no passkeys yet.').waitFor();
    await context.close();
  }, 120_000);

  it('uses the passkey as the second factor of an MFA account, in Finnish on a 375 px phone', async () => {
    const account = 'Mälardalens Vatten AB';
    const { page, context } = await hub.newPage({ width: 375 });
    await withAuthenticator(page);
    await signInAt(page, '/account', 'admin@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'fi'));
    await page.reload();
    const section = page.getByRole('region', { name: 'Pääsyavaimet' });
    await section.getByRole('button', { name: 'Lisää pääsyavain' }).click();
    await section.getByRole('listitem', { name: 'Chrome, Linux' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);

    await hub.db.$client.query(
      `UPDATE customers SET is_mfa_enabled = true, mfa_type = 'email' WHERE name = $1`,
      [account],
    );
    try {
      await signOut(page, /^Käyttäjävalikko: /, 'Kirjaudu ulos');
      await page.getByLabel('Sähköpostiosoite').fill('admin@example.com');
      await page.locator('input[type=password]').fill('demo-password');
      await page.getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click();
      // The code was e-mailed, yet the passkey comes first; the code stays below it.
      const usePasskey = page.getByRole('button', { name: 'Käytä pääsyavainta' });
      await usePasskey.waitFor();
      await page.getByRole('textbox', { name: 'Koodi' }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await expectAccessible(page);
      await usePasskey.click();
      await inApp(page);
      await page.goto('/account');
      await section.getByText(/^Viimeksi käytetty /).waitFor();
    } finally {
      await hub.db.$client.query(
        `UPDATE customers SET is_mfa_enabled = false, mfa_type = NULL WHERE name = $1`,
        [account],
      );
    }
    await context.close();
  }, 120_000);
});
