import type { RouteDefinition } from '../../lib/routing/route-definition';
import { trackingLinks } from './tracking-links';
import { sectionLinks } from '../../lib/routing/links';

/** Track and trace of outgoing files and documents (STT). */
export const trackingRoutes: RouteDefinition[] = [
  {
    id: 'tracking',
    path: sectionLinks.tracking(),
    handle: { title: ['titles.tracking'], requires: ['STT'], activeAccount: true },
    children: [
      { id: 'tracking.index', index: true, redirectTo: 'overview' },
      {
        id: 'tracking.overview',
        path: 'overview',
        handle: { title: ['titles.overview'], topLevel: true },
        page: () => import('./pages/overview-page'),
      },
      {
        id: 'tracking.files',
        path: 'files',
        handle: { title: ['titles.files'], topLevel: true },
        page: () => import('./pages/files-page'),
      },
      {
        id: 'tracking.documents',
        path: 'documents',
        handle: { title: ['titles.documents'], topLevel: true },
        page: () => import('./pages/documents-page'),
      },
      {
        id: 'tracking.file',
        path: 'files/:id',
        handle: { title: ['titles.file'], fallback: trackingLinks.files() },
        page: () => import('./pages/file-layout'),
        children: [
          { id: 'tracking.file.index', index: true, redirectTo: 'delivery-channels' },
          {
            id: 'tracking.file.deliveryChannels',
            path: 'delivery-channels',
            handle: { title: ['titles.deliveryChannels'] },
            page: () => import('./pages/file-delivery-channels-tab'),
          },
          {
            id: 'tracking.file.statusLog',
            path: 'status-log',
            handle: { title: ['titles.statusLog'] },
            page: () => import('./pages/file-status-log-tab'),
          },
          {
            id: 'tracking.file.details',
            path: 'file-details',
            handle: { title: ['titles.fileDetails'] },
            page: () => import('./pages/file-details-tab'),
          },
        ],
      },
      {
        id: 'tracking.document',
        path: 'documents/:id',
        handle: { title: ['titles.document'], fallback: trackingLinks.documents() },
        page: () => import('./pages/document-layout'),
        children: [
          { id: 'tracking.document.index', index: true, redirectTo: 'delivery' },
          {
            id: 'tracking.document.delivery',
            path: 'delivery',
            handle: { title: ['titles.delivery'] },
            page: () => import('./pages/document-delivery-tab'),
          },
          {
            id: 'tracking.document.details',
            path: 'details',
            handle: { title: ['titles.documentDetails'] },
            page: () => import('./pages/document-details-tab'),
          },
        ],
      },
    ],
  },
];
