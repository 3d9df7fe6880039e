import {
  ZEdiMessageFailedDetails,
  ZMissingFileDetails,
  ZThresholdDetails,
  ZAlertResolution,
  type TAlert,
} from '@service-hub/contracts';
import { ediTrackingLinks } from '../../lib/routing/edi-tracking-links';
import { reportsLinks } from '../../lib/routing/reports-links';
import { trackingLinks } from '../../lib/routing/tracking-links';
import { browserTimeZone, dayInZone } from './zoned-time';

/** The tracking list's file-name filter closest to a glob: its lists know no `*` or `?`. */
export function filenameFilter(
  glob: string,
): { filename: string; filenameOperator: 'exact' | 'startsWith' | 'endsWith' | 'contains' } | undefined {
  const parts = glob.split(/[*?]+/);
  if (parts.length === 1) return { filename: glob, filenameOperator: 'exact' };
  const first = parts[0]!;
  const last = parts.at(-1)!;
  if (first) return { filename: first, filenameOperator: 'startsWith' };
  if (last) return { filename: last, filenameOperator: 'endsWith' };
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest ? { filename: longest, filenameOperator: 'contains' } : undefined;
}

/** Where an alert's link goes, and which words it carries (a translation key). */
export type AlertLink = { href: string; label: string };

const DAY_MS = 86_400_000;

/**
 * The filtered list that shows what an alert is about, built from its details with the lists'
 * own query format: the matching files for a missing file (or the file, once it came), the
 * rejected or undelivered documents of the window, the failed EDI message, the reports.
 */
export function alertLink(alert: TAlert, accountId: number): AlertLink | undefined {
  switch (alert.kind) {
    case 'missingFile': {
      const resolution = ZAlertResolution.safeParse(alert.resolution ?? {});
      if (resolution.success && resolution.data.fileId !== undefined)
        return {
          href: trackingLinks.file(resolution.data.fileId, 'file-details', accountId),
          label: 'alerts.links.file',
        };
      const details = ZMissingFileDetails.safeParse(alert.details);
      if (!details.success) return { href: trackingLinks.files(accountId), label: 'alerts.links.files' };
      const { filenamePattern, application, windowStartAt, deadlineAt, timeZone } = details.data;
      return {
        href: trackingLinks.files(accountId, {
          ...filenameFilter(filenamePattern),
          ...(application ? { application, applicationOperator: 'exact' } : {}),
          dateOperator: 'between',
          fromDate: dayInZone(windowStartAt, timeZone),
          toDate: dayInZone(deadlineAt, timeZone),
          timeZone,
        }),
        label: 'alerts.links.files',
      };
    }
    case 'documentsRejected':
    case 'documentsNotDelivered': {
      const details = ZThresholdDetails.safeParse(alert.details);
      // The window the evaluation counted, and the statuses it counted (as written in the details).
      const from = details.success
        ? new Date(details.data.from)
        : new Date(Date.parse(alert.raisedAt) - 60 * 60_000);
      const statuses = details.success
        ? details.data.statuses.join(',')
        : alert.kind === 'documentsRejected'
          ? 'Rejected'
          : 'NotDelivered';
      const channel = details.success ? details.data.channel : null;
      const timeZone = browserTimeZone();
      // The lists reach a year back at most; a window is a week at most.
      const fromDay = dayInZone(
        new Date(Math.max(from.getTime(), Date.parse(alert.raisedAt) - 300 * DAY_MS)),
        timeZone,
      );
      return {
        href: trackingLinks.documents(accountId, {
          status: statuses,
          ...(channel ? { channel } : {}),
          dateOperator: 'from',
          fromDate: fromDay,
          timeZone,
        }),
        label: 'alerts.links.documents',
      };
    }
    case 'ediMessageFailed': {
      const details = ZEdiMessageFailedDetails.safeParse(alert.details);
      if (details.success && details.data.messageId && details.data.consignmentId)
        return {
          href: ediTrackingLinks.message(details.data.messageId, details.data.consignmentId, accountId),
          label: 'alerts.links.ediMessage',
        };
      return {
        href: ediTrackingLinks.messages(accountId, { status: 'ERROR,NOT_EXISTS' }),
        label: 'alerts.links.ediMessages',
      };
    }
    case 'reportFailed':
      return { href: reportsLinks.list(accountId), label: 'alerts.links.reports' };
  }
}
