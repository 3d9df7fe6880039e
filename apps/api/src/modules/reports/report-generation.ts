import type { ReportFormat } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { reportQuery } from './report-columns.ts';
import { writeReportFile } from './report-file.ts';
import {
  claimReport,
  markFailed,
  markReady,
  recordProgress,
  requeue,
  type ClaimedReport,
} from './reports.repository.ts';

export type GenerationServices = {
  db: Database;
  storage: FileStorage;
  maxRecords: number;
  /** Aborted when the process stops: the attempt ends at once and the queue retries it. */
  signal: AbortSignal;
  /** Least time between two progress writes. */
  progressIntervalMs?: number;
};

export type GenerationResult =
  | { outcome: 'ready'; report: ClaimedReport; rows: number; sizeBytes: number }
  | { outcome: 'tooLarge'; report: ClaimedReport }
  | { outcome: 'skipped' };

/** The report was deleted, or another attempt took it over, while this one ran. */
class ReportTakenAway extends Error {}

/** An attempt failed (or was interrupted); the report is queued again. */
export class GenerationFailed extends Error {
  constructor(
    readonly report: ClaimedReport,
    cause: unknown,
  ) {
    super(`report generation failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'GenerationFailed';
  }
}

export const storageKeyOf = (report: Pick<ClaimedReport, 'customerId' | 'id' | 'generationId' | 'format'>) =>
  `${report.customerId}/${report.id}/${report.generationId}.${report.format.toLowerCase()}`;

/**
 * Generates one report: claims it, counts its rows against the limit, streams the file into
 * storage with progress on the way, and marks it ready. Each attempt writes its own file, and only
 * the attempt that still owns the report may mark it ready, so however often the queue delivers
 * the job the report gets one file. A failed or interrupted attempt puts the report back in the
 * queue and throws `GenerationFailed`: the caller retries, or gives up after the last attempt.
 */
export async function generateReport(
  services: GenerationServices,
  reportId: string,
): Promise<GenerationResult> {
  const { db, storage, signal } = services;
  const lost = await lostAttemptKey(db, reportId);
  const report = await claimReport(db, reportId);
  if (!report) return { outcome: 'skipped' };
  if (lost) await storage.delete(lost).catch(() => undefined);
  const query = reportQuery(report);
  const client = await db.$client.connect();
  const key = storageKeyOf(report);
  const progress = new AbortController();
  let done = false;
  try {
    // A million rows take longer than the pool's statement limit for requests allows. The limit is
    // lifted for this transaction only (SET LOCAL): a plain SET would outlive the report on this
    // connection, or, through a transaction-mode pooler, on whichever server connection ran it.
    // The count and the COPY read in one transaction, which holds one server connection throughout.
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    // Ordered reports were counted then (the progress bar's total); scheduled ones are counted now.
    let rowCount = report.rowCount;
    if (rowCount === null) {
      rowCount = (await client.query<{ n: number }>(query.count)).rows[0]?.n ?? 0;
      if (rowCount > services.maxRecords) {
        await markFailed(db, report, 'tooLarge', rowCount);
        await client.query('COMMIT');
        done = true;
        return { outcome: 'tooLarge', report };
      }
    }
    if (!(await recordProgress(db, report, { rowsWritten: 0, rowCount }))) {
      await client.query('COMMIT');
      done = true;
      return { outcome: 'skipped' };
    }

    const stop = AbortSignal.any([signal, progress.signal]);
    const interval = services.progressIntervalMs ?? 500;
    let lastWrite = Date.now();
    let writing: Promise<void> | undefined;
    const onRows = (rows: number) => {
      if (writing || Date.now() - lastWrite < interval) return;
      lastWrite = Date.now();
      writing = recordProgress(db, report, { rowsWritten: rows }).then(
        (owned) => {
          writing = undefined;
          if (!owned) progress.abort(new ReportTakenAway());
        },
        () => {
          writing = undefined; // a missed progress write is no reason to stop
        },
      );
    };
    const file = await writeReportFile({
      client,
      query,
      format: report.format,
      language: report.language,
      storage,
      key,
      onRows,
      signal: stop,
    });
    await writing;
    await client.query('COMMIT');
    done = true;
    // Rows added since the count may push a report over the limit: never hand out more, nor cut it.
    if (file.rows > services.maxRecords) {
      await storage.delete(key);
      await markFailed(db, report, 'tooLarge', file.rows);
      return { outcome: 'tooLarge', report };
    }
    if (!(await markReady(db, report, { storageKey: key, sizeBytes: file.sizeBytes, rows: file.rows }))) {
      await storage.delete(key);
      return { outcome: 'skipped' };
    }
    return { outcome: 'ready', report, rows: file.rows, sizeBytes: file.sizeBytes };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    if (progress.signal.aborted) return { outcome: 'skipped' };
    // Back in the queue's hands: it retries, or the job gives up after the last attempt.
    await requeue(db, report).catch(() => undefined);
    throw new GenerationFailed(report, error);
  } finally {
    // After a failure the connection may be mid-COPY or mid-transaction: closed, not reused.
    client.release(!done);
  }
}

/**
 * The file of an attempt that never finished: a report still 'generating' when an attempt starts
 * was left by a worker that died mid-write (one that stopped deletes its own file).
 */
async function lostAttemptKey(db: Database, reportId: string): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ customer_id: number; generation_id: string; type: ReportFormat }>(
    `SELECT customer_id, generation_id, type FROM reports
      WHERE id = $1 AND status = 'generating' AND generation_id IS NOT NULL`,
    [reportId],
  );
  const row = rows[0];
  return (
    row &&
    storageKeyOf({
      customerId: row.customer_id,
      id: reportId,
      generationId: row.generation_id,
      format: row.type,
    })
  );
}

/** The last attempt failed too: the report shows as failed instead of waiting forever. */
export async function giveUp(db: Database, report: ClaimedReport): Promise<void> {
  await markFailed(db, report, 'generationFailed');
}
