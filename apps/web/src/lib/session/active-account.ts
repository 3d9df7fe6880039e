import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useMatches, useNavigate } from 'react-router';
import type { TCurrentUser, TCustomerSummary } from '@service-hub/contracts';
import { chainUsesActiveAccount, type AccessSubject } from '../access/route-access';
import type { RouteHandle } from '../routing/route-definition';
import { topPageOf } from '../routing/top-page';
import { useRuntimeConfig } from '../runtime-config';
import { useCurrentUser } from './current-user';

/**
 * The one owner of the active account in the web app (spec 2, 4 and 5): the address parameter,
 * how a requested id is checked, the access subject the guard and the sidebar share, and switching.
 */
export const ACTIVE_ACCOUNT_PARAM = 'activeAccountId';

/** Cached queries that stay when the account changes; every other one belongs to the old account. */
const ACCOUNT_INDEPENDENT = new Set(['current-user', 'notifications']);

/**
 * The customer account the user acts for. Kept per browser tab (sessionStorage) so two tabs can
 * work in two accounts, and remembered for the next visit (localStorage).
 */
const KEY = 'activeAccountId';
const listeners = new Set<() => void>();

function read(): number | null {
  const raw = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function storeActiveAccountId(id: number | null) {
  if (id === null) {
    sessionStorage.removeItem(KEY);
  } else {
    sessionStorage.setItem(KEY, String(id));
    localStorage.setItem(KEY, String(id));
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice if the user still has that account, otherwise their first account. */
export function pickActiveAccount(
  user: TCurrentUser | undefined,
  storedId: number | null,
): TCustomerSummary | null {
  if (!user || user.customers.length === 0) return null;
  return user.customers.find((c) => c.id === storedId) ?? user.customers[0]!;
}

export function useActiveAccount() {
  const { data: user } = useCurrentUser();
  const storedId = useSyncExternalStore(subscribe, read, () => null);
  const account = pickActiveAccount(user, storedId);
  const setActiveAccount = useCallback((id: number) => storeActiveAccountId(id), []);
  return { account, accounts: user?.customers ?? [], setActiveAccount };
}

/**
 * A requested account id (from the address or the sign-in state): it must parse as a number and
 * be one of the user's customers (spec 5). `requested` is set whenever something was asked for.
 */
export function resolveRequestedAccount(
  user: TCurrentUser | undefined,
  raw: string | null | undefined,
): { requested: string | null; id: number | null; owned: boolean } {
  if (raw === null || raw === undefined) return { requested: null, id: null, owned: false };
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const owned = id !== null && Boolean(user?.customers.some((c) => c.id === id));
  return { requested: raw, id, owned };
}

/** What the access rules look at, for the given active account (the stored one by default). */
export function useAccessSubject(activeAccountId?: number | null): AccessSubject {
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const config = useRuntimeConfig();
  return {
    user,
    activeAccountId: activeAccountId === undefined ? (account?.id ?? null) : activeAccountId,
    environment: config.environment,
    hostname: window.location.hostname,
  };
}

/**
 * Makes another account active (spec 2): forgets what was loaded for the old one and, on a page
 * that uses the account, goes to the section's top page (with the account in the address when
 * the single-sign-on flow keeps it there).
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = useMatches();
  const config = useRuntimeConfig();
  return (id: number) => {
    storeActiveAccountId(id);
    queryClient.removeQueries({ predicate: (query) => !ACCOUNT_INDEPENDENT.has(String(query.queryKey[0])) });
    const chain = matches.map((m) => m.handle as RouteHandle | undefined);
    if (!chainUsesActiveAccount(chain)) return;
    const top = topPageOf(matches);
    void navigate(config.useAuthService === 0 ? `${top}?${ACTIVE_ACCOUNT_PARAM}=${id}` : top);
  };
}
