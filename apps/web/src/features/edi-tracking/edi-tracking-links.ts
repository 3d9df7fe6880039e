/** Addresses of the EDI tracking screens, with the account they belong to (links reopen in it). */
function withQuery(path: string, accountId: number | undefined, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  if (accountId !== undefined) params.set('activeAccountId', String(accountId));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

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
