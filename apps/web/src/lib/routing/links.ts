/**
 * Addresses that more than one feature, the frame or lib/ leads to. A feature may not import
 * another feature's link builders (lint), so the shared ones live here.
 */

/** `path?a=1&b=2` with the values encoded as a URI component; unset values are left out. */
function withQuery(path: string, query: Record<string, string | undefined>) {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [`${key}=${encodeURIComponent(value)}`],
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

export type SignInNotice = { signedOut?: true; cancelled?: true; returnTo?: string };

export const appLinks = {
  /** The entry address: it goes on to the dashboard, or to sign-in first. */
  home: () => '/',
  /** `search` keeps a query (e.g. the active account) as it is. */
  dashboard: (search = '') => `/dashboard${search}`,
  account: () => '/account',
  notFound: () => '/not-found',
  invitation: () => '/invitation',
  signIn: ({ signedOut, cancelled, returnTo }: SignInNotice = {}) =>
    withQuery('/auth/login', {
      signedOut: signedOut && '1',
      cancelled: cancelled && '1',
      returnTo,
    }),
  /** Where a sign-in token is handed over; without one, the callback route's own address. */
  signInCallback: (token?: string, returnTo?: string) => withQuery('/auth/callback', { token, returnTo }),
};

/** The entry address of each section in the sidebar: it opens the section's first allowed page. */
export const sectionLinks = {
  dashboard: () => appLinks.dashboard(),
  tracking: () => '/tracking',
  ediTracking: () => '/edi-tracking',
  support: () => '/support',
  reports: () => '/reports',
  accountSettings: () => '/accountsettings',
  ediConnect: () => '/edi-connect',
  administration: () => '/administration',
  customers: () => '/customers',
  users: () => '/users',
  developer: () => '/developer',
};

/** Provider staff's screens, for shortcuts to them (the dashboard). */
export const providerLinks = {
  services: () => '/administration/services',
  customers: sectionLinks.customers,
  customer: (id: number) => `/customers/${id}/overview`,
  users: sectionLinks.users,
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
};
