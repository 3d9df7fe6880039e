import type { RouteDefinition } from '../../lib/routing/route-definition';
import { webhooksLinks } from './webhooks-links';

/** The active account's webhooks under /developer (issue 22), for its administrators. */
export const webhooksRoutes: RouteDefinition[] = [
  {
    id: 'webhooks',
    path: webhooksLinks.list(),
    handle: {
      title: ['titles.developer', 'titles.webhooks'],
      roles: ['CustomerAdministrator', 'ADMIN'],
      activeAccount: true,
    },
    children: [
      {
        id: 'webhooks.list',
        index: true,
        handle: { topLevel: true },
        page: () => import('./pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
      },
      {
        id: 'webhooks.new',
        path: 'new',
        handle: { title: ['titles.newWebhook'], fallback: webhooksLinks.list() },
        page: () => import('./pages/new-webhook-page').then((m) => ({ default: m.NewWebhookPage })),
      },
      {
        // A fixed segment: React Router ranks it above `:endpointId`, so this is never an endpoint's page.
        id: 'webhooks.deliveryLog',
        path: 'deliveries',
        handle: {
          title: ['titles.webhookDeliveries'],
          fallback: webhooksLinks.list(),
          // The whole account's log: switching accounts shows the other account's log.
          topLevel: true,
        },
        page: () =>
          import('./pages/webhook-delivery-log-page').then((m) => ({ default: m.WebhookDeliveryLogPage })),
      },
      {
        id: 'webhooks.endpoint',
        path: ':endpointId',
        handle: { title: ['titles.webhookEndpoint'], fallback: webhooksLinks.list() },
        page: () => import('./pages/webhook-endpoint-page').then((m) => ({ default: m.WebhookEndpointPage })),
      },
      {
        id: 'webhooks.deliveries',
        path: ':endpointId/deliveries',
        handle: {
          title: ['titles.webhookEndpoint', 'titles.webhookDeliveries'],
          fallback: webhooksLinks.list(),
        },
        page: () =>
          import('./pages/webhook-deliveries-page').then((m) => ({ default: m.WebhookDeliveriesPage })),
      },
    ],
  },
];
