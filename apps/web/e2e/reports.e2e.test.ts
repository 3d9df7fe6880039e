import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasHorizontalOverflow, signInAt, startHub, type Hub } from './support/hub.ts';

const LIMIT = 200;
const eventually = <T>(value: () => T | Promise<T>, timeout = 10_000) => expect.poll(value, { timeout });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const reportRows = (page: Page) =>
  page.getByRole('region', { name: 'Reports', exact: true }).locator('tbody tr');

describe('[REPORTS] ordering, downloading and deleting a report in the browser', () => {
  let hub: Hub;
  let reportsDir: string;
  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'hub-e2e-reports-'));
    hub = await startHub({ RUN_JOBS: '1', REPORTS_DIR: reportsDir, REPORT_MAX_RECORDS: String(LIMIT) });
  });
  afterAll(async () => {
    await hub.close();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('refuses the unselected and the too-large report, generates one with live status, downloads it and deletes it', async () => {
    const { page } = await hub.newPage();
    await signInAt(page, '/reports', 'user@example.com');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page
      .getByText('Reports can be downloaded for 90 days and are then removed automatically.')
      .waitFor();
    // The account's history: reports past their 90 days and a failed one, with its reason.
    await reportRows(page).getByText('Expired').first().waitFor();
    await reportRows(page)
      .getByText('The report could not be generated. Please order it again.')
      .first()
      .waitFor();
    const before = await reportRows(page).count();
    await expectAccessible(page);

    // The default time frame: the last 30 days, in which the account has more documents than the
    // limit and fewer files (checked here, so a change of the demo data shows at once).
    const accountId = Number(new URL(page.url()).searchParams.get('activeAccountId'));
    const counts = await hub.db.$client.query<{ files: number; documents: number }>(
      `SELECT (SELECT count(*)::int FROM tracking_files WHERE customer_id = $1 AND arrived_at >= now() - interval '31 days') AS files,
              (SELECT count(*)::int FROM tracking_documents WHERE customer_id = $1 AND created_at >= now() - interval '29 days') AS documents`,
      [accountId],
    );
    expect(counts.rows[0]!.documents).toBeGreaterThan(LIMIT);
    expect(counts.rows[0]!.files).toBeLessThan(LIMIT);

    await page.getByRole('button', { name: 'Generate report' }).click();
    await page.getByText('Select which report you want to generate').waitFor();

    await page.getByRole('radio', { name: /^Document level/ }).check();
    await page.getByRole('button', { name: 'Generate report' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This report is too large to generate. We have a limit of 200 records.' })
      .waitFor();
    await expectAccessible(page);

    await page.getByRole('radio', { name: /^File level/ }).check();
    await page.getByRole('radio', { name: 'Excel (XLSX)' }).count(); // the format control is there
    await page.getByRole('button', { name: 'Generate report' }).click();
    await toasts(page).getByText('Your report is being generated.').waitFor();
    await eventually(() => reportRows(page).count()).toBe(before + 1);
    const row = reportRows(page).first();
    await row.getByText('Ready').waitFor({ timeout: 20_000 });
    await expect(row.getByText('File level')).toBeTruthy();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download File level report / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^file-report_[\w-]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const content = await buffer((await download.createReadStream())!);
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(content.subarray(3).toString('utf8')).toMatch(/^File ID,File name,Status,Arrived,/);

    await row.getByRole('button', { name: /^Delete File level report / }).click();
    await toasts(page).getByText('The report has been deleted.').waitFor();
    await eventually(() => reportRows(page).count()).toBe(before);
  });

  it('works on a phone without sideways scrolling', async () => {
    const { page } = await hub.newPage({ width: 375 });
    await signInAt(page, '/reports', 'user@example.com');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await reportRows(page).first().waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
  });
});
