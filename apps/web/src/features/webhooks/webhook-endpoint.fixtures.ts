import type { TWebhookEndpoint } from '@service-hub/contracts';

/** A registered, switched-on endpoint as the API answers it; a route test changes what it needs. */
export const webhookEndpoint = (changes: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint => ({
  id: '00000000-0000-4000-8000-00000000e001',
  url: 'https://erp.example.com/hub-events',
  description: 'ERP production',
  eventTypes: ['file.arrived', 'document.rejected'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  created: '2026-11-20T08:00:00Z',
  modified: '2026-11-20T08:00:00Z',
  ...changes,
});
