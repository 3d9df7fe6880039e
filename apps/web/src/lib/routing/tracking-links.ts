import { withQuery } from './link-query';

/** Addresses of the tracking screens, shared so other pages (the dashboard) link in without importing the feature. */
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
