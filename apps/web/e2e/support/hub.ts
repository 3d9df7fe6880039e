import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildApp } from '../../../api/src/app.ts';
import { loadConfig } from '../../../api/src/config.ts';
import { createDatabase, type Database } from '../../../api/src/db/client.ts';
import { freePort } from '../../../api/src/db/embedded-postgres.ts';
import { createTestDatabase } from '../../../api/test/helpers.ts';

/** The built web app; WEB_DIST_DIR tests another build, as the server itself allows (lib/paths.ts). */
const webDist =
  process.env.WEB_DIST_DIR || join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'dist');

import { DEMO_PASSWORD } from '../page-walk-table.ts';

export { DEMO_PASSWORD };

/** Flags for Debian's Chromium on a machine without network access beyond localhost. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type Hub = {
  baseUrl: string;
  browser: Browser;
  db: Database;
  /** Id of a seeded customer by name. */
  customerId: (name: string) => Promise<number>;
  /** Id of a user by e-mail address. */
  userId: (email: string) => Promise<string>;
  /** A fresh browser context (own storage), optionally at a given viewport width. */
  newPage: (options?: {
    width?: number;
    locale?: string;
  }) => Promise<{ page: Page; context: BrowserContext }>;
  close: () => Promise<void>;
};

/**
 * The real server (API and built SPA) on a free port with its own copy of the demo database,
 * and Debian's Chromium driven by playwright-core. `hostName` names the address the Hub is
 * reached at (PUBLIC_URL): WebAuthn refuses an IP address as its relying party, passkey tests use
 * `localhost`.
 */
export async function startHub(
  env: NodeJS.ProcessEnv = {},
  { hostName = '127.0.0.1' }: { hostName?: string } = {},
): Promise<Hub> {
  const database = await createTestDatabase();
  const db = createDatabase(database.url, { max: 5 });
  // The identity provider's issuer and redirect addresses derive from PUBLIC_URL: fix the port first.
  const port = await freePort();
  const baseUrl = `http://${hostName}:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    HUB_ENVIRONMENT: 'Test',
    LOG_LEVEL: 'silent',
    RUN_JOBS: '0',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    // The journeys read invitation links and codes from the outbox without signing in.
    HOST: '127.0.0.1',
    HUB_DEV_OUTBOX: 'open',
    ...env,
  });
  const app: FastifyInstance = await buildApp({ config, db, logger: false, webDist });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    baseUrl,
    browser,
    db,
    customerId: async (name) => {
      const { rows } = await db.$client.query<{ id: number }>('SELECT id FROM customers WHERE name = $1', [
        name,
      ]);
      if (rows.length !== 1) throw new Error(`expected one customer named ${name}, found ${rows.length}`);
      return rows[0]!.id;
    },
    userId: async (email) => {
      const { rows } = await db.$client.query<{ id: string }>(
        'SELECT id FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      if (!rows[0]) throw new Error(`no user ${email}`);
      return rows[0].id;
    },
    newPage: async ({ width = 1280, locale = 'en-SE' } = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: 800 },
        locale,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      return { page, context };
    },
    close: async () => {
      await browser.close();
      await app.close();
      await db.$client.end();
      await database.drop();
    },
  };
}

/** Signs in through the sign-in page like a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** True on the sign-in pages of either flow (identity provider or own auth service). */
export const SIGN_IN_PAGE = /\/(idp\/interaction\/[\w-]+|auth\/login)(\?|$)/;

/** Opens `path` signed out, signs in on the page sign-in leads to, and waits to be back in the app. */
export async function signInAt(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(path);
  await page.waitForURL(SIGN_IN_PAGE);
  await signIn(page, email, password);
  await page.waitForURL((url) => !/^\/(idp|auth)\//.test(url.pathname));
}

/** Fails on any serious or critical WCAG 2.1 AA violation axe finds on the page. */
export async function expectAccessible(page: Page) {
  // Menus, toasts and dialogs fade in: halfway through, text is partly transparent and axe would
  // measure too little contrast. Wait until finite animations have finished.
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // Evaluated through the debugging protocol, so the page's CSP (no inline scripts) does not apply;
  // once per document, as a walk through the app's pages checks many in one.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only violations are read: axe then skips collecting the details of every passing node.
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

/** True when the page scrolls sideways, which a 375 px phone screen must never need. */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
