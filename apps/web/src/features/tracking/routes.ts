import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

/** Track and trace of outgoing files and documents (STT). */
export const trackingRoutes: RouteDefinition[] = [
  {
    id: 'tracking',
    path: '/tracking',
    handle: { title: ['titles.tracking'], requires: ['STT'], activeAccount: true },
    children: [
      { id: 'tracking.index', index: true, redirectTo: 'overview' },
      {
        id: 'tracking.overview',
        path: 'overview',
        handle: { title: ['titles.overview'], topLevel: true },
        page: planned,
      },
      {
        id: 'tracking.files',
        path: 'files',
        handle: { title: ['titles.files'], topLevel: true },
        page: planned,
      },
      {
        id: 'tracking.documents',
        path: 'documents',
        handle: { title: ['titles.documents'], topLevel: true },
        page: planned,
      },
      {
        id: 'tracking.file',
        path: 'files/:id',
        handle: { title: ['titles.file'], fallback: '/tracking/files' },
        children: [
          { id: 'tracking.file.index', index: true, redirectTo: 'delivery-channels' },
          {
            id: 'tracking.file.deliveryChannels',
            path: 'delivery-channels',
            handle: { title: ['titles.deliveryChannels'] },
            page: planned,
          },
          {
            id: 'tracking.file.statusLog',
            path: 'status-log',
            handle: { title: ['titles.statusLog'] },
            page: planned,
          },
          {
            id: 'tracking.file.details',
            path: 'file-details',
            handle: { title: ['titles.fileDetails'] },
            page: planned,
          },
        ],
      },
      {
        id: 'tracking.document',
        path: 'documents/:id',
        handle: { title: ['titles.document'], fallback: '/tracking/documents' },
        children: [
          { id: 'tracking.document.index', index: true, redirectTo: 'delivery' },
          {
            id: 'tracking.document.delivery',
            path: 'delivery',
            handle: { title: ['titles.delivery'] },
            page: planned,
          },
          {
            id: 'tracking.document.details',
            path: 'details',
            handle: { title: ['titles.documentDetails'] },
            page: planned,
          },
        ],
      },
    ],
  },
];
