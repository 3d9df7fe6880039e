/** Addresses of the active account's user administration. */
export const accountSettingsLinks = {
  users: () => '/accountsettings/users',
  invite: () => '/accountsettings/users/invite',
  user: (userId: string) => `/accountsettings/users/${userId}`,
};
