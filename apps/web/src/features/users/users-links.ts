/** Addresses of the provider's user administration. */
export const usersLinks = {
  list: () => '/users',
  user: (userId: string) => `/users/${userId}`,
};
