/** The tabs of a customer, each with its own address (spec 2). */
export const CUSTOMER_TABS = ['overview', 'users', 'service-access', 'security'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

/** Addresses of the provider's customer administration. */
export const customersLinks = {
  list: () => '/customers',
  new: () => '/customers/new',
  newBulk: () => '/customers/new-bulk',
  customer: (customerId: number, tab: CustomerTab = 'overview') => `/customers/${customerId}/${tab}`,
  invite: (customerId: number) => `/customers/${customerId}/users/invite`,
  user: (customerId: number, userId: string) => `/customers/${customerId}/users/${userId}`,
};
