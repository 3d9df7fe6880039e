import type { PoolClient } from 'pg';
import {
  REPORT_RETENTION_DAYS,
  type Language,
  type Market,
  type ReportFailure,
  type ReportFormat,
  type ReportLevel,
  type ReportStatus,
  REPORT_SORT_FIELDS,
  type TReport,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import { recordEvents } from '../events/events.repository.ts';
import { alertReportFailed, resolveReportAlerts } from '../alert-rules/failure-alerts.ts';

type Queryable = Pick<PoolClient, 'query'>;

type ReportRow = {
  id: string;
  customer_id: number;
  requested_by_user_id: string | null;
  requested_by: string | null;
  schedule_id: string | null;
  type: ReportFormat;
  level: ReportLevel;
  from_date: string;
  to_date: string;
  status: ReportStatus;
  rows_written: number;
  row_count: number | null;
  size_bytes: number | null;
  error: ReportFailure | null;
  created: Date;
  completed_at: Date | null;
  expires_at: Date;
};

const COLUMNS = `r.id, r.customer_id, r.requested_by_user_id, u.display_name AS requested_by, r.schedule_id, r.type, r.level,
  r.from_date, r.to_date, r.status, r.rows_written, r.row_count, r.size_bytes, r.error, r.created, r.completed_at, r.expires_at`;
const FROM = 'reports r LEFT JOIN users u ON u.id = r.requested_by_user_id';

/** Who looks at the list decides `canDelete`: the requester, or an administrator of the account. */
export type Viewer = { userId: string; isAdmin: boolean };

function toReport(row: ReportRow, viewer: Viewer): TReport {
  return {
    id: row.id,
    level: row.level,
    format: row.type,
    from: row.from_date,
    to: row.to_date,
    status: row.status,
    rowsWritten: row.rows_written,
    rowCount: row.row_count,
    sizeBytes: row.size_bytes,
    failure: row.error,
    requestedBy: row.requested_by,
    scheduled: row.schedule_id !== null,
    created: row.created.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    expiresAt: row.status === 'ready' ? row.expires_at.toISOString() : null,
    canDelete: viewer.isAdmin || row.requested_by_user_id === viewer.userId,
  };
}

type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<ReportSortField, string> = {
  created: 'r.created',
  level: 'r.level',
  status: 'r.status',
  rowCount: 'r.row_count',
  sizeBytes: 'r.size_bytes',
};

export async function listReports(
  db: Database,
  customerId: number,
  viewer: Viewer,
  query: { page: number; pageSize: number; sortBy: ReportSortField; sortDirection: 'asc' | 'desc' },
): Promise<{ reports: TReport[]; total: number }> {
  const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_COLUMNS[query.sortBy]} ${direction} NULLS LAST, r.created DESC, r.id`;
  const [list, count] = await Promise.all([
    db.$client.query<ReportRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.customer_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [customerId, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM reports WHERE customer_id = $1', [
      customerId,
    ]),
  ]);
  return { reports: list.rows.map((row) => toReport(row, viewer)), total: count.rows[0]?.n ?? 0 };
}

/** One report of the account; another account's is not found, whatever its id. */
export async function findReport(
  db: Queryable,
  customerId: number,
  id: string,
  viewer: Viewer,
): Promise<(TReport & { storageKey: string | null }) | undefined> {
  const { rows } = await db.query<ReportRow & { storage_key: string | null }>(
    `SELECT ${COLUMNS}, r.storage_key FROM ${FROM} WHERE r.id = $1 AND r.customer_id = $2`,
    [id, customerId],
  );
  const row = rows[0];
  return row && { ...toReport(row, viewer), storageKey: row.storage_key };
}

export async function insertReport(
  client: Queryable,
  report: {
    customerId: number;
    requestedByUserId: string | null;
    scheduleId?: string;
    level: ReportLevel;
    format: ReportFormat;
    from: string;
    to: string;
    language: Language;
    rowCount: number | null;
  },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO reports (customer_id, requested_by_user_id, schedule_id, level, type, from_date, to_date, language, status, row_count, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', $9, now() + make_interval(days => ${REPORT_RETENTION_DAYS}))
     RETURNING id`,
    [
      report.customerId,
      report.requestedByUserId,
      report.scheduleId ?? null,
      report.level,
      report.format,
      report.from,
      report.to,
      report.language,
      report.rowCount,
    ],
  );
  return rows[0]!.id;
}

/** Removes the row and answers where its file was, if it had one. */
export async function deleteReport(
  client: Queryable,
  customerId: number,
  id: string,
): Promise<{ storageKey: string | null } | undefined> {
  const { rows } = await client.query<{ storage_key: string | null }>(
    'DELETE FROM reports WHERE id = $1 AND customer_id = $2 RETURNING storage_key',
    [id, customerId],
  );
  return rows[0] && { storageKey: rows[0].storage_key };
}

/** What a generation attempt needs to know, once it has claimed the report. */
export type ClaimedReport = {
  id: string;
  generationId: string;
  customerId: number;
  customerNumber: string;
  market: Market;
  level: ReportLevel;
  format: ReportFormat;
  from: string;
  to: string;
  language: Language;
  requestedByUserId: string | null;
  scheduleId: string | null;
  /** Counted when the report was ordered; null for scheduled reports. */
  rowCount: number | null;
};

/**
 * Makes this attempt the only one that may finish the report: a fresh generation id replaces any
 * earlier attempt's, whose writes then match no row. Answers nothing when the report is gone or
 * already finished (a job delivered twice does nothing the second time).
 */
export async function claimReport(db: Database, id: string): Promise<ClaimedReport | undefined> {
  const { rows } = await db.$client.query<{
    generation_id: string;
    customer_id: number;
    customer_number: string;
    market: Market;
    level: ReportLevel;
    type: ReportFormat;
    from_date: string;
    to_date: string;
    language: Language;
    requested_by_user_id: string | null;
    schedule_id: string | null;
    row_count: number | null;
  }>(
    `UPDATE reports r SET status = 'generating', generation_id = gen_random_uuid(), started_at = now(), rows_written = 0, error = NULL
       FROM customers c
      WHERE r.id = $1 AND r.status IN ('queued', 'generating') AND c.id = r.customer_id
      RETURNING r.generation_id, r.customer_id, c.customer_number, c.market, r.level, r.type, r.from_date, r.to_date,
                r.language, r.requested_by_user_id, r.schedule_id, r.row_count`,
    [id],
  );
  const row = rows[0];
  return (
    row && {
      id,
      generationId: row.generation_id,
      customerId: row.customer_id,
      customerNumber: row.customer_number,
      market: row.market,
      level: row.level,
      format: row.type,
      from: row.from_date,
      to: row.to_date,
      language: row.language,
      requestedByUserId: row.requested_by_user_id,
      scheduleId: row.schedule_id,
      rowCount: row.row_count,
    }
  );
}

/** Records progress; false when this attempt no longer owns the report (deleted or superseded). */
export async function recordProgress(
  db: Database,
  report: Pick<ClaimedReport, 'id' | 'generationId'>,
  values: { rowsWritten: number; rowCount?: number },
): Promise<boolean> {
  const { rowCount } = await db.$client.query(
    `UPDATE reports SET rows_written = $3, row_count = coalesce($4, row_count)
      WHERE id = $1 AND generation_id = $2 AND status = 'generating'`,
    [report.id, report.generationId, values.rowsWritten, values.rowCount ?? null],
  );
  return rowCount === 1;
}

/**
 * The report is ready for the retention period from now on, and its requester's notification and
 * the account's `report.ready` event are written in the same transaction: whoever sees the report
 * ready also finds the notification (the live stream shows it at once), and webhooks hear of it.
 */
export async function markReady(
  db: Database,
  report: Pick<
    ClaimedReport,
    | 'id'
    | 'generationId'
    | 'requestedByUserId'
    | 'customerId'
    | 'level'
    | 'format'
    | 'from'
    | 'to'
    | 'scheduleId'
  >,
  file: { storageKey: string; sizeBytes: number; rows: number },
): Promise<boolean> {
  return inTransaction(db.$client, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE reports SET status = 'ready', storage_key = $3, size_bytes = $4, rows_written = $5, row_count = $5,
              completed_at = now(), expires_at = now() + make_interval(days => ${REPORT_RETENTION_DAYS})
        WHERE id = $1 AND generation_id = $2 AND status = 'generating'`,
      [report.id, report.generationId, file.storageKey, file.sizeBytes, file.rows],
    );
    if (rowCount !== 1) return false;
    if (report.requestedByUserId) {
      await insertNotification(client, {
        userId: report.requestedByUserId,
        type: 'reportReady',
        payload: {
          reportId: report.id,
          customerId: report.customerId,
          level: report.level,
          from: report.from,
          to: report.to,
        },
      });
    }
    await recordEvents(client, [
      {
        customerId: report.customerId,
        type: 'report.ready',
        occurredAt: new Date(),
        data: {
          reportId: report.id,
          level: report.level,
          format: report.format,
          from: report.from,
          to: report.to,
          rows: file.rows,
          scheduleId: report.scheduleId,
        },
      },
    ]);
    // A ready report resolves the failure alert of its schedule, or of the same order that failed.
    await resolveReportAlerts(client, report);
    return true;
  });
}

/**
 * The report failed; the account's `reportFailed` alert is raised in the same transaction (when
 * its check is on), so whoever sees the failed report also finds the alert.
 */
export async function markFailed(
  db: Database,
  report: Pick<ClaimedReport, 'id' | 'generationId'>,
  failure: ReportFailure,
  rowCount?: number,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{
      customer_id: number;
      schedule_id: string | null;
      level: ReportLevel;
      from_date: string;
      to_date: string;
    }>(
      `UPDATE reports SET status = 'failed', error = $3, row_count = coalesce($4, row_count), completed_at = now()
        WHERE id = $1 AND generation_id = $2 AND status IN ('generating', 'queued')
        RETURNING customer_id, schedule_id, level, from_date, to_date`,
      [report.id, report.generationId, failure, rowCount ?? null],
    );
    const failed = rows[0];
    if (!failed) return;
    await alertReportFailed(
      client,
      {
        id: report.id,
        customerId: failed.customer_id,
        scheduleId: failed.schedule_id,
        level: failed.level,
        from: failed.from_date,
        to: failed.to_date,
      },
      failure,
    );
  });
}

/** An interrupted attempt hands the report back to the queue, which retries it. */
export async function requeue(
  db: Database,
  report: Pick<ClaimedReport, 'id' | 'generationId'>,
): Promise<void> {
  await db.$client.query(
    `UPDATE reports SET status = 'queued', rows_written = 0 WHERE id = $1 AND generation_id = $2 AND status = 'generating'`,
    [report.id, report.generationId],
  );
}
