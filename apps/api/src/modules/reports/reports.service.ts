import type { Readable } from 'node:stream';
import type {
  Language,
  ReportFormat,
  ReportLevel,
  TReport,
  TRequestReportRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { StoredFileMissing } from '../../lib/storage/file-storage.ts';
import type { JobServices } from '../../jobs/job-definition.ts';
import { generateReportJob } from '../../jobs/generate-report.job.ts';
import type { ActiveAccount } from '../auth/active-account.repository.ts';
import { isCustomerAdmin, isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { MARKET_TIME_ZONES } from '../../lib/business-days.ts';
import { reportQuery } from './report-columns.ts';
import { deleteReport, findReport, insertReport, type Viewer } from './reports.repository.ts';

export type ReportDeps = {
  db: Database;
  storage: FileStorage;
  enqueue: JobServices['enqueue'];
  maxRecords: number;
};

export const viewerOf = (principal: Principal): Viewer => ({
  userId: principal.userId,
  isAdmin: isProviderAdmin(principal) || isCustomerAdmin(principal),
});

/** "1 000 000", as the spec writes the limit. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export const tooLarge = (maxRecords: number) =>
  new AppError(
    422,
    'REPORT_TOO_LARGE',
    'Unprocessable Content',
    `This report is too large to generate. We have a limit of ${grouped(maxRecords)} records.`,
  );

/** Today in the account's own calendar. */
export function todayIn(account: Pick<ActiveAccount, 'market'>, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_TIME_ZONES[account.market] }).format(now);
}

async function languageOf(db: Database, userId: string): Promise<Language> {
  const { rows } = await db.$client.query<{ language: Language }>(
    'SELECT language FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.language ?? 'en-SE';
}

/**
 * Orders a report: counts its records first and refuses more than the limit (never a silently
 * cut file), then stores it as queued and queues its generation in the same transaction, so a
 * report exists exactly when its job does.
 */
export async function requestReport(
  deps: ReportDeps,
  principal: Principal,
  account: ActiveAccount,
  request: TRequestReportRequest & { format: ReportFormat },
): Promise<TReport> {
  const today = todayIn(account);
  if (request.to > today) {
    throw badRequest('A date must not be later than its maximum.', [
      {
        field: 'body.to',
        code: 'tooBig',
        message: `This date cannot be later than ${today}.`,
        params: { maximum: today },
      },
    ]);
  }
  const language = request.language ?? (await languageOf(deps.db, principal.userId));
  const query = reportQuery({
    level: request.level,
    customerId: account.id,
    from: request.from,
    to: request.to,
    market: account.market,
    language,
  });
  const { rows } = await deps.db.$client.query<{ n: number }>(query.count);
  const rowCount = rows[0]?.n ?? 0;
  if (rowCount > deps.maxRecords) throw tooLarge(deps.maxRecords);
  const id = await inTransaction(deps.db.$client, async (client) => {
    const reportId = await insertReport(client, {
      customerId: account.id,
      requestedByUserId: principal.userId,
      level: request.level,
      format: request.format,
      from: request.from,
      to: request.to,
      language,
      rowCount,
    });
    await deps.enqueue(generateReportJob, { reportId }, client);
    return reportId;
  });
  const report = await findReport(deps.db.$client, account.id, id, viewerOf(principal));
  return withoutKey(report!);
}

const withoutKey = ({ storageKey: _, ...report }: TReport & { storageKey: string | null }): TReport => report;

/** Deletes a report and its file; the requester or an administrator of the account may. */
export async function deleteReportOf(
  deps: Pick<ReportDeps, 'db' | 'storage'>,
  principal: Principal,
  account: ActiveAccount,
  id: string,
): Promise<void> {
  const viewer = viewerOf(principal);
  const removed = await inTransaction(deps.db.$client, async (client) => {
    const report = await findReport(client, account.id, id, viewer);
    if (!report) throw notFound('The report was not found.');
    if (!report.canDelete) throw forbidden('Only the requester or an administrator can delete this report.');
    return deleteReport(client, account.id, id);
  });
  // A generating report's attempt notices that its report is gone and drops its own file.
  if (removed?.storageKey) await deps.storage.delete(removed.storageKey);
}

const FILE_WORDS: Record<Language, Record<ReportLevel, string>> = {
  'en-SE': { document: 'document-report', file: 'file-report' },
  sv: { document: 'dokumentrapport', file: 'filrapport' },
  no: { document: 'dokumentrapport', file: 'filrapport' },
  da: { document: 'dokumentrapport', file: 'filrapport' },
  fi: { document: 'dokumenttiraportti', file: 'tiedostoraportti' },
};

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ReportDownload = {
  body: Readable;
  filename: string;
  contentType: string;
  sizeBytes: number | null;
};

/** The stored file of a ready report, with a name that says what it holds. */
export async function openReportFile(
  deps: Pick<ReportDeps, 'db' | 'storage'>,
  principal: Principal,
  account: ActiveAccount,
  id: string,
): Promise<ReportDownload> {
  const report = await findReport(deps.db.$client, account.id, id, viewerOf(principal));
  if (!report) throw notFound('The report was not found.');
  if (report.status !== 'ready' || !report.storageKey) {
    throw new AppError(409, 'REPORT_NOT_READY', 'Conflict', 'The report is not ready to download.');
  }
  const { rows } = await deps.db.$client.query<{ language: Language }>(
    'SELECT language FROM reports WHERE id = $1',
    [id],
  );
  const words = FILE_WORDS[rows[0]?.language ?? 'en-SE'][report.level];
  try {
    return {
      body: await deps.storage.get(report.storageKey),
      filename: `${words}_${account.customerNumber.replace(/[^\w-]/g, '-')}_${report.from}_${report.to}.${report.format.toLowerCase()}`,
      contentType: CONTENT_TYPES[report.format],
      sizeBytes: report.sizeBytes,
    };
  } catch (error) {
    if (error instanceof StoredFileMissing) throw notFound('The report file is no longer available.');
    throw error;
  }
}
