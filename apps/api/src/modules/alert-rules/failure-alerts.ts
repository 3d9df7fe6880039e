import type { PoolClient } from 'pg';
import {
  EDI_PROBLEM_STATUSES,
  type EdiStatus,
  type ReportFailure,
  type ReportLevel,
} from '@service-hub/contracts';
import { raiseAlert, resolveAlert } from '../alerts/alerts.repository.ts';
import { isCheckOn } from './alert-rules.repository.ts';

/*
 * The alerts raised where the failure happens, in the transaction that records it
 * (docs/alerts.md): an EDI message in ERROR or NOT_EXISTS, a report that could not be created.
 */

const isProblem = (status: EdiStatus) => EDI_PROBLEM_STATUSES.some((problem) => problem === status);

/** A message whose status changed: a failure raises its alert (check on), a recovery resolves it. */
export async function alertEdiMessageStatus(
  client: PoolClient,
  customerId: number,
  change: {
    messageRowId: number;
    messageId: string;
    consignmentId: string;
    status: EdiStatus;
    previousStatus: EdiStatus;
    reason: string | null;
  },
): Promise<void> {
  const subjectKey = `ediMessage:${change.messageRowId}`;
  if (isProblem(change.status)) {
    if (!(await isCheckOn(client, customerId, 'ediMessageFailed'))) return;
    await raiseAlert(client, {
      customerId,
      kind: 'ediMessageFailed',
      subjectKey,
      details: {
        messageRowId: change.messageRowId,
        messageId: change.messageId,
        consignmentId: change.consignmentId,
        status: change.status,
        reason: change.reason,
      },
    });
  } else {
    // RECEIVED or DELIVERED: the message is moving again, whether or not the check is still on.
    await resolveAlert(client, {
      customerId,
      subjectKey,
      resolution: { reason: 'messageRecovered', status: change.status },
    });
  }
}

export type FailedOrReadyReport = {
  id: string;
  customerId: number;
  scheduleId: string | null;
  level: ReportLevel;
  from: string;
  to: string;
};

/**
 * A scheduled report's failure is about its schedule (the next report of the schedule that is ready
 * resolves it); an ordered report's is about what was ordered: the same level and period ready
 * later (ordered again, or by a schedule) resolves it.
 */
const reportSubjects = (report: FailedOrReadyReport) => [
  ...(report.scheduleId ? [`reportSchedule:${report.scheduleId}`] : []),
  `report:${report.customerId}:${report.level}:${report.from}:${report.to}`,
];

export async function alertReportFailed(
  client: PoolClient,
  report: FailedOrReadyReport,
  failure: ReportFailure,
): Promise<void> {
  if (!(await isCheckOn(client, report.customerId, 'reportFailed'))) return;
  await raiseAlert(client, {
    customerId: report.customerId,
    kind: 'reportFailed',
    subjectKey: reportSubjects(report)[0]!,
    details: {
      reportId: report.id,
      scheduleId: report.scheduleId,
      level: report.level,
      from: report.from,
      to: report.to,
      failure,
    },
  });
}

export async function resolveReportAlerts(client: PoolClient, report: FailedOrReadyReport): Promise<void> {
  for (const subjectKey of reportSubjects(report))
    await resolveAlert(client, {
      customerId: report.customerId,
      subjectKey,
      resolution: { reason: 'reportReady', reportId: report.id },
    });
}
