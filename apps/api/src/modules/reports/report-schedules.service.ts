import {
  holdsServicePermission,
  type Language,
  type ReportFormat,
  type ReportFrequency,
  type ReportLevel,
  type TCreateReportScheduleRequest,
  type TReportSchedule,
} from '@service-hub/contracts';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { JobServices } from '../../jobs/job-definition.ts';
import { generateReportJob } from '../../jobs/generate-report.job.ts';
import { findHeldAccount, type ActiveAccount } from '../auth/active-account.repository.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { insertReport } from './reports.repository.ts';
import { viewerOf } from './reports.service.ts';
import { nextRunAfter, periodOf } from './schedule-periods.ts';

type ScheduleRow = {
  id: string;
  owner_user_id: string;
  owner: string;
  level: ReportLevel;
  type: ReportFormat;
  frequency: ReportFrequency;
  paused: boolean;
  next_run_at: Date;
  last_run_at: Date | null;
  created: Date;
};

const SELECT = `SELECT s.id, s.owner_user_id, u.display_name AS owner, s.level, s.type, s.frequency, s.paused,
  s.next_run_at, s.last_run_at, s.created FROM report_schedules s JOIN users u ON u.id = s.owner_user_id`;

function toSchedule(row: ScheduleRow, principal: Principal): TReportSchedule {
  return {
    id: row.id,
    level: row.level,
    format: row.type,
    frequency: row.frequency,
    paused: row.paused,
    owner: row.owner,
    nextRunAt: row.next_run_at.toISOString(),
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    created: row.created.toISOString(),
    canManage: row.owner_user_id === principal.userId || viewerOf(principal).isAdmin,
  };
}

export async function listSchedules(
  db: Database,
  principal: Principal,
  account: ActiveAccount,
): Promise<TReportSchedule[]> {
  const { rows } = await db.$client.query<ScheduleRow>(
    `${SELECT} WHERE s.customer_id = $1 ORDER BY s.created DESC, s.id`,
    [account.id],
  );
  return rows.map((row) => toSchedule(row, principal));
}

async function findSchedule(
  db: Pick<PoolClient, 'query'>,
  principal: Principal,
  account: ActiveAccount,
  id: string,
) {
  const { rows } = await db.query<ScheduleRow>(`${SELECT} WHERE s.id = $1 AND s.customer_id = $2`, [
    id,
    account.id,
  ]);
  return rows[0] && toSchedule(rows[0], principal);
}

export async function createSchedule(
  db: Database,
  principal: Principal,
  account: ActiveAccount,
  request: TCreateReportScheduleRequest & { format: ReportFormat },
  now = new Date(),
): Promise<TReportSchedule> {
  const language =
    request.language ??
    (
      await db.$client.query<{ language: Language }>('SELECT language FROM users WHERE id = $1', [
        principal.userId,
      ])
    ).rows[0]?.language ??
    'en-SE';
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO report_schedules (customer_id, owner_user_id, level, type, frequency, language, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      account.id,
      principal.userId,
      request.level,
      request.format,
      request.frequency,
      language,
      nextRunAfter(request.frequency, now),
    ],
  );
  return (await findSchedule(db.$client, principal, account, rows[0]!.id))!;
}

/** The owner of a schedule and the account's administrators may pause, resume or remove it. */
async function manageable(client: PoolClient, principal: Principal, account: ActiveAccount, id: string) {
  const schedule = await findSchedule(client, principal, account, id);
  if (!schedule) throw notFound('The report schedule was not found.');
  if (!schedule.canManage) throw forbidden('Only the owner or an administrator can change this schedule.');
  return schedule;
}

export async function setSchedulePaused(
  db: Database,
  principal: Principal,
  account: ActiveAccount,
  id: string,
  paused: boolean,
  now = new Date(),
): Promise<TReportSchedule> {
  return inTransaction(db.$client, async (client) => {
    const schedule = await manageable(client, principal, account, id);
    // Resuming starts from the next period: missed ones are not made up all at once.
    await client.query(
      `UPDATE report_schedules SET paused = $2, next_run_at = CASE WHEN $2 THEN next_run_at ELSE $3 END WHERE id = $1`,
      [id, paused, nextRunAfter(schedule.frequency, now)],
    );
    return (await findSchedule(client, principal, account, id))!;
  });
}

export async function deleteSchedule(
  db: Database,
  principal: Principal,
  account: ActiveAccount,
  id: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    await manageable(client, principal, account, id);
    await client.query('DELETE FROM report_schedules WHERE id = $1', [id]);
  });
}

/**
 * Orders the report of every due schedule, one schedule per transaction with the row locked, so
 * several workers never order one period twice. A schedule whose owner lost the account or the
 * permission orders nothing and is paused. Answers how many reports were ordered.
 */
export async function runDueSchedules(
  services: Pick<JobServices, 'db' | 'enqueue'>,
  now = new Date(),
): Promise<number> {
  let ordered = 0;
  for (;;) {
    const ran = await inTransaction(services.db.$client, async (client) => {
      const { rows } = await client.query<{
        id: string;
        customer_id: number;
        owner_user_id: string;
        level: ReportLevel;
        type: ReportFormat;
        frequency: ReportFrequency;
        language: Language;
        next_run_at: Date;
      }>(
        `SELECT id, customer_id, owner_user_id, level, type, frequency, language, next_run_at FROM report_schedules
          WHERE NOT paused AND next_run_at <= $1 ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      const schedule = rows[0];
      if (!schedule) return 'none' as const;
      const account = await findHeldAccount(services.db, schedule.owner_user_id, schedule.customer_id);
      if (!account || !holdsServicePermission('STT', account.permissions)) {
        await client.query('UPDATE report_schedules SET paused = true WHERE id = $1', [schedule.id]);
        return 'paused' as const;
      }
      const period = periodOf(schedule.frequency, schedule.next_run_at);
      const reportId = await insertReport(client, {
        customerId: schedule.customer_id,
        requestedByUserId: schedule.owner_user_id,
        scheduleId: schedule.id,
        level: schedule.level,
        format: schedule.type,
        from: period.from,
        to: period.to,
        language: schedule.language,
        rowCount: null,
      });
      await services.enqueue(generateReportJob, { reportId }, client);
      await client.query('UPDATE report_schedules SET next_run_at = $2, last_run_at = $3 WHERE id = $1', [
        schedule.id,
        nextRunAfter(schedule.frequency, now),
        now,
      ]);
      return 'ordered' as const;
    });
    if (ran === 'none') return ordered;
    if (ran === 'ordered') ordered += 1;
  }
}
