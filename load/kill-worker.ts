import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { signIn, startPostgres, startProcess, type HubProcess, type Postgres } from './hub.ts';
import { createTrackingPartitions } from '../apps/api/src/jobs/create-tracking-partitions.job.ts';

export type KilledJob = {
  what: string;
  killedAfter: string;
  interrupted: boolean;
  completedSecondsAfterKill: number | undefined;
  attempts: number;
  outcome: string;
  passed: boolean;
};
export type KillWorkerResult = { passed: boolean; jobs: KilledJob[] };

const REPORT_ROWS = 400_000;
const IMPORT_ACCOUNTS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 120_000,
  everyMs = 20,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The worker whose log says it started this job (pino JSON lines). */
function workerRunning(workers: HubProcess[], queue: string): HubProcess | undefined {
  return workers.find(
    (w) =>
      w.child.exitCode === null &&
      w
        .output()
        .split('\n')
        .some((line) => line.includes(`"job":"${queue}"`) && line.includes('job started')),
  );
}

/** One account with REPORT_ROWS documents over the last 300 days, as bench/reports.ts builds it. */
async function addReportRows(postgres: Postgres, accountId: number) {
  await createTrackingPartitions(postgres.db.$client, new Date(Date.now() - 301 * 86_400_000), new Date());
  const { rows } = await postgres.db.$client.query<{ first: number }>(
    `WITH inserted AS (
       INSERT INTO tracking_files (customer_id, filename, status, arrived_at, document_count)
       SELECT $1, 'load_' || g || '.xml', 'Delivered', now() - make_interval(days => 1 + g % 300), 50
         FROM generate_series(1, $2) g RETURNING id)
     SELECT min(id)::int AS first FROM inserted`,
    [accountId, REPORT_ROWS / 50],
  );
  await postgres.db.$client.query(
    `INSERT INTO tracking_documents (file_id, file_arrived_at, customer_id, external_document_id, invoice_number,
       message_id, message_type, e_address, recipient_name, status, created_at)
     SELECT f.id, f.arrived_at, $1, 'LOAD-' || g, 'INV-' || g, 'MSG-' || g, 'INVOICE', 'r' || g || '@example.com',
            'Åsa Öberg ' || g, 'Delivered', now() - make_interval(days => 1 + g % 300, secs => g % 86000)
       FROM generate_series(1, $4) g JOIN tracking_files f ON f.id = $2::bigint + g % $3 AND f.customer_id = $1`,
    [accountId, rows[0]!.first, REPORT_ROWS / 50, REPORT_ROWS],
  );
  await postgres.db.$client.query('ANALYZE tracking_documents');
}

/** IMPORT_ACCOUNTS accounts the built-in CRM knows and the Hub does not. */
async function addCrmAccounts(postgres: Postgres): Promise<string[]> {
  const numbers = Array.from({ length: IMPORT_ACCOUNTS }, (_, i) => `SE29${String(i).padStart(4, '0')}`);
  await postgres.db.$client.query(
    `INSERT INTO crm_accounts (customer_number, name, market, organizational_number)
     SELECT n, 'Lasttest ' || n || ' AB', 'SE', '556' || right(n, 3) || '-' || right(n, 4) FROM unnest($1::text[]) n`,
    [numbers],
  );
  return numbers;
}

/**
 * A report and a bulk import, each interrupted by SIGKILL of the worker running it; each must then
 * complete exactly once: one ready report with every row (one job run after the lost one, one
 * notification), every account of the import created once and the import finished.
 */
export async function runKillWorker(options: {
  workDir: string;
  documents: number;
}): Promise<KillWorkerResult> {
  const postgres = await startPostgres({ dataDir: options.workDir, database: 'load', documents: 2000 });
  const reportsDir = join(options.workDir, 'reports');
  const processes: HubProcess[] = [];
  const jobs: KilledJob[] = [];
  try {
    const { rows: accounts } = await postgres.db.$client.query<{ id: number }>(
      "SELECT id FROM customers WHERE name = 'Göta Bostäder AB'",
    );
    const accountId = accounts[0]!.id;
    console.log(`kill-worker: adding ${REPORT_ROWS} documents and ${IMPORT_ACCOUNTS} CRM accounts`);
    await addReportRows(postgres, accountId);
    const numbers = await addCrmAccounts(postgres);

    const env = { REPORTS_DIR: reportsDir, ATTACHMENTS_DIR: join(options.workDir, 'attachments') };
    const api = await startProcess('server', {
      name: 'api',
      databaseUrl: postgres.url,
      env: { ...env, RUN_JOBS: '0' },
    });
    processes.push(api);
    const workers: HubProcess[] = [];
    const addWorker = async (name: string) => {
      const worker = await startProcess('worker', {
        name,
        databaseUrl: postgres.url,
        env: { ...env, LOG_LEVEL: 'info' },
      });
      workers.push(worker);
      processes.push(worker);
    };
    await addWorker('worker-1');
    await addWorker('worker-2');
    const url = api.url!;

    // 1. A report of REPORT_ROWS rows.
    const user = { authorization: `Bearer ${await signIn(url, 'user@example.com')}` };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ordered = await fetch(`${url}/api/reports?activeAccountId=${accountId}`, {
      method: 'POST',
      headers: { ...user, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'document', from: day(-302), to: day(0), language: 'sv' }),
    });
    const report = (await ordered.json()) as { id: string };
    if (ordered.status !== 202)
      throw new Error(`ordering the report: ${ordered.status} ${JSON.stringify(report)}`);
    const progress = async () =>
      (
        await postgres.db.$client.query<{
          status: string;
          rows_written: number | null;
          row_count: number | null;
        }>('SELECT status, rows_written, row_count FROM reports WHERE id = $1', [report.id])
      ).rows[0]!;
    const written = await waitFor('the report to be under way', async () => {
      const now = await progress();
      return now.status === 'generating' && (now.rows_written ?? 0) > 0 ? now.rows_written! : undefined;
    });
    const reportWorker = await waitFor('the worker running the report', async () =>
      workerRunning(workers, 'generate-report.v1'),
    );
    reportWorker.child.kill('SIGKILL');
    const killedAt = Date.now();
    const before = await progress();
    console.log(`kill-worker: killed ${reportWorker.name} at ${written} of ${before.row_count} rows`);
    const final = await waitFor(
      'the report to be ready',
      async () => {
        const now = await progress();
        return now.status === 'ready' || now.status === 'failed' ? now : undefined;
      },
      120_000,
      200,
    );
    const reportDone = (Date.now() - killedAt) / 1000;
    const { rows: reportJobs } = await postgres.db.$client.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'generate-report.v1' AND data->>'reportId' = $1`,
      [report.id],
    );
    const { rows: reportNotes } = await postgres.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE payload::text LIKE '%' || $1 || '%'`,
      [report.id],
    );
    const files = await readdir(join(reportsDir, String(accountId), report.id)).catch(() => [] as string[]);
    const reportPassed =
      final.status === 'ready' &&
      final.rows_written === final.row_count &&
      files.length === 1 &&
      reportJobs.length === 1 &&
      reportJobs[0]!.state === 'completed' &&
      reportNotes[0]!.n === 1;
    jobs.push({
      what: `report of ${final.row_count?.toLocaleString('en')} documents`,
      killedAfter: `${written?.toLocaleString('en')} rows written`,
      interrupted: true,
      completedSecondsAfterKill: Math.round(reportDone * 10) / 10,
      attempts: (reportJobs[0]?.retry_count ?? 0) + 1,
      outcome: `${final.status}, ${final.rows_written?.toLocaleString('en')} rows, ${reportNotes[0]!.n} notification(s), ${files.length} file(s) in its folder (${files.length === 1 ? 'nothing left of the killed attempt' : `${files.length - 1} left by the killed attempt`})`,
      passed: reportPassed,
    });
    console.log(`kill-worker: report ${JSON.stringify(jobs.at(-1))}`);

    // 2. A bulk import of IMPORT_ACCOUNTS accounts; a new worker replaces the killed one.
    await addWorker('worker-3');
    const sfadmin = { authorization: `Bearer ${await signIn(url, 'sfadmin@example.com')}` };
    const queued = await fetch(`${url}/api/customer-imports`, {
      method: 'POST',
      headers: { ...sfadmin, 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumbers: numbers }),
    });
    const imported = (await queued.json()) as { id: string };
    if (queued.status !== 202)
      throw new Error(`queueing the import: ${queued.status} ${JSON.stringify(imported)}`);
    const processed = async () =>
      (
        await postgres.db.$client.query<{ done: number; status: string }>(
          `SELECT (SELECT count(*)::int FROM customer_import_items WHERE import_id = $1 AND status <> 'pending') AS done,
                  (SELECT status FROM customer_imports WHERE id = $1) AS status`,
          [importId(imported)],
        )
      ).rows[0]!;
    const importWorker = await waitFor(
      'the worker running the import',
      async () => workerRunning(workers, 'import-customers.v1'),
      60_000,
      5,
    );
    const doneAtKill = await waitFor(
      'the import to be under way',
      async () => {
        const now = await processed();
        return now.done > 0 || now.status === 'finished' ? now : undefined;
      },
      60_000,
      5,
    );
    importWorker.child.kill('SIGKILL');
    const importKilledAt = Date.now();
    console.log(
      `kill-worker: killed ${importWorker.name} at ${doneAtKill.done} of ${IMPORT_ACCOUNTS} accounts`,
    );
    const importFinal = await waitFor(
      'the import to finish',
      async () => {
        const now = await processed();
        return now.status === 'finished' || now.status === 'failed' ? now : undefined;
      },
      120_000,
      200,
    );
    const importDone = (Date.now() - importKilledAt) / 1000;
    const { rows: items } = await postgres.db.$client.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM customer_import_items WHERE import_id = $1 GROUP BY status`,
      [importId(imported)],
    );
    const { rows: customers } = await postgres.db.$client.query<{ n: number; distinct_numbers: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT customer_number)::int AS distinct_numbers FROM customers WHERE customer_number = ANY($1)`,
      [numbers],
    );
    const { rows: importJobs } = await postgres.db.$client.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'import-customers.v1' AND data->>'importId' = $1`,
      [importId(imported)],
    );
    const { rows: audits } = await postgres.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'customer.imported' AND after->>'importId' = $1`,
      [importId(imported)],
    );
    const byStatus = Object.fromEntries(items.map((i) => [i.status, i.n]));
    const interrupted = doneAtKill.status !== 'finished';
    jobs.push({
      what: `bulk import of ${IMPORT_ACCOUNTS} accounts`,
      killedAfter: `${doneAtKill.done} accounts processed`,
      interrupted,
      completedSecondsAfterKill: Math.round(importDone * 10) / 10,
      attempts: (importJobs[0]?.retry_count ?? 0) + 1,
      outcome: `${importFinal.status}, items ${JSON.stringify(byStatus)}, ${customers[0]!.n} customers, ${audits[0]!.n} audit entries`,
      passed:
        importFinal.status === 'finished' &&
        byStatus.imported === IMPORT_ACCOUNTS &&
        customers[0]!.n === IMPORT_ACCOUNTS &&
        audits[0]!.n === IMPORT_ACCOUNTS &&
        importJobs.length === 1 &&
        importJobs[0]!.state === 'completed',
    });
    console.log(`kill-worker: import ${JSON.stringify(jobs.at(-1))}`);
    return { passed: jobs.every((j) => j.passed), jobs };
  } finally {
    for (const process of processes) await process.stop();
    await postgres.close();
  }
}

const importId = (body: { id: string }) => body.id;
