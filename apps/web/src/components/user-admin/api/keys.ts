/** Query keys of user administration, shared by the customers, users and account-settings screens. */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  user: (userId: string) => ['user-admin', 'user', userId] as const,
  customerUsers: (customerId: number) => ['user-admin', 'customer-users', customerId] as const,
  invitations: (customerId: number) => ['user-admin', 'invitations', customerId] as const,
};
