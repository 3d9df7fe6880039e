/**
 * Interaction to next paint on a 4× slowed processor (issue 27's target: ≤ 200 ms), read with the
 * `web-vitals` library in Debian's Chromium: opening a list's further filters and typing in one,
 * opening a row's details, opening the account menu, switching the active account and opening the
 * user menu. Each is measured on a page freshly opened and settled, several times, in the single
 * sign-on flow (its header holds the account switcher); part of bench/lighthouse.ts's section.
 * BENCH_INTERACTIONS=switching,menu measures only those whose name holds one of the words.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';

const TARGET_MS = 200;
const ROUNDS = 3;
const require = createRequire(import.meta.url);

type Interaction = { name: string; path: string; act: (page: Page) => Promise<void> };

const accountButton = (page: Page) => page.getByRole('button', { name: /^Active account: / });

const INTERACTIONS: Interaction[] = [
  {
    name: "opening a list's further filters (More filters on the files)",
    path: '/tracking/files',
    act: async (page) => {
      await page.getByRole('button', { name: 'More filters' }).click();
      await page.getByRole('textbox', { name: 'File name', exact: true }).waitFor();
    },
  },
  {
    // A text filter in the address opens the further filters with the page, so only typing counts.
    name: "typing in a list's text filter (the files' file name)",
    path: '/tracking/files?application=INV',
    act: async (page) => {
      await page
        .getByRole('textbox', { name: 'File name', exact: true })
        .pressSequentially('INV_2026', { delay: 80 });
    },
  },
  {
    name: "opening a row's details (a file of the files list)",
    path: '/tracking/files',
    act: async (page) => {
      await page.getByRole('table').getByRole('link').first().click();
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Files' }).waitFor();
    },
  },
  {
    name: 'opening the account menu (the active account in the header)',
    path: '/tracking/files',
    act: async (page) => {
      await accountButton(page).click();
      await page.getByRole('menuitem').first().waitFor();
    },
  },
  {
    name: 'switching the active account (from the files list: the menu, then another account)',
    path: '/tracking/files',
    act: async (page) => {
      const before = await accountButton(page).getAttribute('aria-label');
      await accountButton(page).click();
      await page.locator('[role=menuitem]:not([aria-current]):not([aria-label])').first().click();
      // The button under its old name is gone once the other account is active.
      await page.getByRole('button', { name: before ?? '', exact: true }).waitFor({ state: 'hidden' });
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
    },
  },
  {
    name: 'opening the search (Ctrl+K, in the header)',
    path: '/dashboard',
    act: async (page) => {
      await page.keyboard.press('Control+K');
      await page.getByRole('dialog').getByRole('textbox').waitFor();
    },
  },
  {
    name: 'typing an invoice number in the search, until its answer shows',
    path: '/dashboard',
    act: async (page) => {
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').pressSequentially('4000777');
      await dialog
        .getByText(/4000777/)
        .first()
        .waitFor();
    },
  },
  {
    name: 'opening the user menu (in the header)',
    path: '/dashboard',
    act: async (page) => {
      await page.getByRole('button', { name: /^User menu for / }).click();
      await page.getByRole('menuitem').first().waitFor();
    },
  },
];

export type InteractionResult = { name: string; inpMs: number[] };

/** The INP of each round of each interaction, in a signed-in browser reached over CDP. */
export async function measureInteractions(cdpPort: number, baseUrl: string): Promise<InteractionResult[]> {
  const webVitals = await readFile(
    // The package exports its module builds only; its script build lies beside them.
    join(dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
    'utf8',
  );
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const context = browser.contexts()[0]!;
  // Every interaction counts (the library's default skips those under 40 ms).
  await context.addInitScript(
    `${webVitals}
     window.__inp = 0;
     webVitals.onINP((metric) => { window.__inp = Math.max(window.__inp, metric.value); },
       { reportAllChanges: true, durationThreshold: 16 });`,
  );
  const results: InteractionResult[] = [];
  try {
    const only = process.env.BENCH_INTERACTIONS?.split(',');
    for (const interaction of INTERACTIONS.filter(
      (i) => !only || only.some((word) => i.name.includes(word)),
    )) {
      const inpMs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const page = await context.newPage();
        await page.setViewportSize({ width: 1280, height: 800 });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${baseUrl}${interaction.path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Settled: no request for half a second, or 5 s at most (the notification stream stays open).
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await page.waitForTimeout(1_000);
        await interaction.act(page);
        await page.waitForTimeout(500);
        inpMs.push(await page.evaluate('window.__inp'));
        await page.close();
      }
      results.push({ name: interaction.name, inpMs });
      console.log(`${interaction.name}: INP ${inpMs.join(', ')} ms`);
    }
  } finally {
    await browser.close();
  }
  return results;
}

export function interactionLines(results: readonly InteractionResult[]): string[] {
  return [
    `### Interaction to next paint (processor 4× slower, 1280 px, ${ROUNDS} rounds; target ≤ ${TARGET_MS} ms)`,
    '',
    'Read with `web-vitals` (every interaction of 16 ms or more counts); 0 means no interaction took that long.',
    '',
    '| interaction | INP per round | worst | meets |',
    '|---|---:|---:|---|',
    ...results.map((result) => {
      const worst = Math.max(...result.inpMs);
      return `| ${result.name} | ${result.inpMs.map((v) => `${v.toFixed(0)} ms`).join(', ')} | ${worst.toFixed(0)} ms | ${worst <= TARGET_MS ? 'yes' : `no (+${(worst - TARGET_MS).toFixed(0)} ms)`} |`;
    }),
  ];
}
