/** Query keys of access requests: the person's own, and an account's (with its domains). */
export const accessRequestKeys = {
  mine: () => ['access-requests', 'mine'] as const,
  account: (customerId: number) => ['access-requests', 'account', customerId] as const,
  accountState: (customerId: number, state: 'pending' | 'decided') =>
    ['access-requests', 'account', customerId, state] as const,
  domains: (customerId: number) => ['access-requests', 'domains', customerId] as const,
};
