import { useCurrentUser } from '../../../lib/session/current-user';
import { useActiveAccount } from '../../../lib/session/active-account';

/**
 * Who the support screens act for. Provider staff (SF_ADMIN) answer every customer's cases from
 * the same screens through the provider endpoints; everyone else works in the active account.
 */
export function useSupportScope(): { isProvider: boolean; accountId: number | null } {
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const isProvider = user?.roles.some((role) => role.name === 'SF_ADMIN') ?? false;
  return { isProvider, accountId: account?.id ?? null };
}

export type SupportScope = ReturnType<typeof useSupportScope>;
