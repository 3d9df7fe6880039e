/** Addresses of the tracking screens, with the account they belong to (links reopen in it). */
function withQuery(path: string, accountId: number | undefined, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  if (accountId !== undefined) params.set('activeAccountId', String(accountId));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type FileTab = 'delivery-channels' | 'status-log' | 'file-details';
export type DocumentTab = 'delivery' | 'details';

export const trackingLinks = {
  overview: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/tracking/overview', accountId, query),
  files: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/tracking/files', accountId, query),
  documents: (accountId?: number, query?: Record<string, string>) =>
    withQuery('/tracking/documents', accountId, query),
  file: (id: number, tab: FileTab = 'delivery-channels', accountId?: number) =>
    withQuery(`/tracking/files/${id}/${tab}`, accountId),
  document: (id: number, tab: DocumentTab = 'delivery', accountId?: number) =>
    withQuery(`/tracking/documents/${id}/${tab}`, accountId),
};
