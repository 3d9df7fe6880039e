/** Addresses of the administration's pages. */
export type AdministrationTab = 'services' | 'api-keys';

export const administrationLinks = {
  tab: (tab: AdministrationTab) => `/administration/${tab}`,
};
