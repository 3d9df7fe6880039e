import type { RouteDefinition } from '../../lib/routing/route-definition';

/** EDI track and trace: consignments, documents and messages (ETS). */
export const ediTrackingRoutes: RouteDefinition[] = [
  {
    id: 'ediTracking',
    path: '/edi-tracking',
    handle: { title: ['titles.ediTracking'], requires: ['ETS'], activeAccount: true },
    children: [
      { id: 'ediTracking.index', index: true, redirectTo: 'files' },
      {
        id: 'ediTracking.files',
        path: 'files',
        handle: { title: ['titles.consignments'], topLevel: true },
        page: () => import('./pages/consignments-page'),
      },
      {
        id: 'ediTracking.messages',
        path: 'messages',
        handle: { title: ['titles.messages'], topLevel: true },
        page: () => import('./pages/messages-page'),
      },
      {
        id: 'ediTracking.documents',
        path: 'documents',
        handle: { title: ['titles.documents'], topLevel: true },
        page: () => import('./pages/documents-page'),
      },
      {
        id: 'ediTracking.consignment',
        path: 'files/:consignmentId',
        handle: { title: ['titles.consignment'], fallback: '/edi-tracking/files' },
        page: () => import('./pages/consignment-page'),
      },
      {
        id: 'ediTracking.document',
        path: 'documents/:documentId/:consignmentId',
        handle: { title: ['titles.document'], fallback: '/edi-tracking/documents' },
        page: () => import('./pages/document-page'),
      },
      {
        id: 'ediTracking.message',
        path: 'messages/:messageId/:consignmentId',
        handle: { title: ['titles.message'], fallback: '/edi-tracking/messages' },
        page: () => import('./pages/message-page'),
      },
    ],
  },
];
