/**
 * Addresses of access requests (issue 23): registration and its confirmation (features/auth), a
 * person's requests and the account's decisions and domains (features/access-requests), and the
 * bell's notifications about them (features/notifications), which link to each other. The API's
 * mails lead to the same addresses (apps/api/src/modules/access-requests/access-links.ts).
 */
export const accessRequestsLinks = {
  register: () => '/register',
  registerConfirm: () => '/register/confirm',
  domainConfirm: () => '/email-domains/confirm',
  myRequests: () => '/access-requests',
  accountRequests: () => '/accountsettings/access-requests',
  /** The account's requests with the account named, so a link from the bell opens the right one. */
  accountRequestsOf: (customerId: number) => `/accountsettings/access-requests?activeAccountId=${customerId}`,
  dashboardOf: (customerId: number) => `/dashboard?activeAccountId=${customerId}`,
};
