/**
 * Screens of the web app that mails and notifications of access requests lead to. They must stay
 * in step with apps/web/src/features/access-requests/access-requests-links.ts.
 */
export const accessLinks = {
  registrationConfirm: (publicUrl: string, token: string) =>
    `${publicUrl}/register/confirm?token=${encodeURIComponent(token)}`,
  domainConfirm: (publicUrl: string, token: string) =>
    `${publicUrl}/email-domains/confirm?token=${encodeURIComponent(token)}`,
  accountRequests: (publicUrl: string, customerId: number) =>
    `${publicUrl}/accountsettings/access-requests?activeAccountId=${customerId}`,
  myRequests: (publicUrl: string) => `${publicUrl}/access-requests`,
  dashboardOf: (publicUrl: string, customerId: number) =>
    `${publicUrl}/dashboard?activeAccountId=${customerId}`,
  signIn: (publicUrl: string) => `${publicUrl}/dashboard`,
};
