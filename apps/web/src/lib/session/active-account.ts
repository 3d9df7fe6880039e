import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useMatches, useNavigate, useSearchParams } from 'react-router';
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

/** The account stored for this tab (the address may name another: see useActiveAccount). */
export function useStoredAccountId(): number | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/**
 * The account the address names, when the page keeps it there (the single-sign-on flow on pages
 * that use an account, spec 5) and the user has it.
 */
function useAddressedAccountId(user: TCurrentUser | undefined): number | null {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  const config = useRuntimeConfig();
  if (config.useAuthService !== 0) return null;
  if (!chainUsesActiveAccount(matches.map((m) => m.handle as RouteHandle | undefined))) return null;
  const { id, owned } = resolveRequestedAccount(user, searchParams.get(ACTIVE_ACCOUNT_PARAM));
  return owned ? id : null;
}

/**
 * The active account: the one the address names where the address keeps it, otherwise the stored
 * one. The address wins at once, so a page reached with another account (a deep link, switching)
 * is never drawn for the stored one first; the route guard then stores it for the next pages.
 */
export function useActiveAccount() {
  const { data: user } = useCurrentUser();
  const storedId = useStoredAccountId();
  const addressedId = useAddressedAccountId(user);
  const account = pickActiveAccount(user, addressedId ?? storedId);
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
 * that uses the account, goes to the section's top page. Where the address keeps the account (the
 * single-sign-on flow) only the address changes: the route guard stores the account when the page
 * arrives. The navigation is a transition, so the tap is answered at once and the old page stays
 * until the new one is ready; storing first would draw the old page for the new account, and the
 * guard would take the old address's account back.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = useMatches();
  const config = useRuntimeConfig();
  return (id: number) => {
    queryClient.removeQueries({ predicate: (query) => !ACCOUNT_INDEPENDENT.has(String(query.queryKey[0])) });
    const chain = matches.map((m) => m.handle as RouteHandle | undefined);
    if (!chainUsesActiveAccount(chain)) {
      storeActiveAccountId(id);
      return;
    }
    const top = topPageOf(matches);
    if (config.useAuthService === 0) {
      void navigate(`${top}?${ACTIVE_ACCOUNT_PARAM}=${id}`);
      return;
    }
    storeActiveAccountId(id);
    void navigate(top);
  };
}
