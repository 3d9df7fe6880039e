import { useCallback, useSyncExternalStore } from 'react';
import type { TCurrentUser, TCustomerSummary } from '@service-hub/contracts';
import { useCurrentUser } from './current-user';

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
