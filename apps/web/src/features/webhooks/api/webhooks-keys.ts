/** Query keys of the webhook feature: everything of one account under one prefix, for invalidation. */
export const webhooksKeys = {
  account: (accountId: number | null) => ['webhooks', accountId] as const,
  endpoints: (accountId: number | null) => ['webhooks', accountId, 'endpoints'] as const,
  endpoint: (accountId: number | null, endpointId: string) =>
    ['webhooks', accountId, 'endpoints', endpointId] as const,
  deliveries: (accountId: number | null) => ['webhooks', accountId, 'deliveries'] as const,
};
