import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

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
        page: planned,
      },
      {
        id: 'ediTracking.messages',
        path: 'messages',
        handle: { title: ['titles.messages'], topLevel: true },
        page: planned,
      },
      {
        id: 'ediTracking.documents',
        path: 'documents',
        handle: { title: ['titles.documents'], topLevel: true },
        page: planned,
      },
      {
        id: 'ediTracking.consignment',
        path: 'files/:consignmentId',
        handle: { title: ['titles.consignment'], fallback: '/edi-tracking/files' },
        page: planned,
      },
      {
        id: 'ediTracking.document',
        path: 'documents/:documentId/:consignmentId',
        handle: { title: ['titles.document'], fallback: '/edi-tracking/documents' },
        page: planned,
      },
      {
        id: 'ediTracking.message',
        path: 'messages/:messageId/:consignmentId',
        handle: { title: ['titles.message'], fallback: '/edi-tracking/messages' },
        page: planned,
      },
    ],
  },
];
