import { EDI_DEFAULT_DAYS, EDI_PROBLEM_STATUSES } from '@service-hub/contracts';
import { withQuery } from './link-query';

/**
 * Addresses of the EDI tracking screens, with the account they belong to (links reopen in it).
 * They live in lib/routing because the dashboard links into EDI tracking too.
 */
const segment = (id: string) => encodeURIComponent(id);

export type EdiList = 'files' | 'messages' | 'documents';

export const ediTrackingLinks = {
  /** A list, e.g. `{ status: 'ERROR,NOT_EXISTS', fromDate: '2026-11-15' }` for the dashboard's errors. */
  list: (list: EdiList, accountId?: number, query?: Record<string, string>) =>
    withQuery(`/edi-tracking/${list}`, accountId, query),
  consignments: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/edi-tracking/files', accountId, query),
  messages: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/edi-tracking/messages', accountId, query),
  documents: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/edi-tracking/documents', accountId, query),
  consignment: (consignmentId: string, accountId?: number) =>
    withQuery(`/edi-tracking/files/${segment(consignmentId)}`, accountId),
  message: (messageId: string, consignmentId: string, accountId?: number) =>
    withQuery(`/edi-tracking/messages/${segment(messageId)}/${segment(consignmentId)}`, accountId),
  document: (documentId: string, consignmentId: string, accountId?: number) =>
    withQuery(`/edi-tracking/documents/${segment(documentId)}/${segment(consignmentId)}`, accountId),
};

/** The day `days` days before today, in the user's calendar (YYYY-MM-DD). */
export function daysAgo(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Errors first: what an EDI user opens the page to find (the lists' default view, the dashboard's widget). */
export const errorsFirstFilters = (today = new Date()) => ({
  status: EDI_PROBLEM_STATUSES.join(','),
  fromDate: daysAgo(EDI_DEFAULT_DAYS, today),
});
