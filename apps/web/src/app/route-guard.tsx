import { Alert, Container } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { Redirect } from '../components/ui/redirect';
import { UnsavedChangesModal } from '../features/shell/components/unsaved-changes-modal';
import { chainUsesActiveAccount, resolveNavigation } from '../lib/access/route-access';
import { showToast } from '../lib/feedback/toasts';
import type { RouteHandle } from '../lib/routing/route-definition';
import {
  ACTIVE_ACCOUNT_PARAM,
  resolveRequestedAccount,
  storeActiveAccountId,
  useAccessSubject,
  useActiveAccount,
  useStoredAccountId,
} from '../lib/session/active-account';
import { useCurrentUser } from '../lib/session/current-user';
import { useRuntimeConfig } from '../lib/runtime-config';
import { signedInRoutes } from './route-table';

/**
 * The client twin of the server's access rules (spec 2 and 6): every signed-in route passes
 * here. It applies a deep link's activeAccountId, keeps the parameter in the address of account
 * pages, redirects refused targets, and asks before leaving unsaved changes.
 */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const [searchParams, setSearchParams] = useSearchParams();
  const config = useRuntimeConfig();
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const storedId = useStoredAccountId();
  const chain = matches.map((m) => m.handle as RouteHandle | undefined);
  const usesAccount = chainUsesActiveAccount(chain);
  const syncsAddress = usesAccount && config.useAuthService === 0;

  // A deep link's account wins over the stored one when the user has it.
  const {
    requested,
    id: requestedId,
    owned: requestedIsOwn,
  } = resolveRequestedAccount(user, syncsAddress ? searchParams.get(ACTIVE_ACCOUNT_PARAM) : null);
  const subject = useAccessSubject(requestedIsOwn ? requestedId : (account?.id ?? null));
  const target = resolveNavigation(signedInRoutes, location.pathname, subject);
  const redirecting = target !== null && target !== location.pathname;

  const warned = useRef<string | null>(null);
  useEffect(() => {
    // While a redirect is on its way, the page it leads to applies the parameter (it is carried
    // along below): a second navigation from here would race the redirect and could cancel it.
    if (redirecting || !syncsAddress || !account) return;
    // The page already shows the address's account (useActiveAccount); keep it for the next pages.
    if (requestedIsOwn && requestedId !== storedId) {
      storeActiveAccountId(requestedId);
      return;
    }
    if (requested !== null && !requestedIsOwn && warned.current !== requested) {
      warned.current = requested;
      showToast({
        appearance: 'warning',
        message: 'shell.activeAccount.notAuthorized',
        values: { id: requested },
      });
    }
    if (requested !== String(account.id)) {
      const next = new URLSearchParams(searchParams);
      next.set(ACTIVE_ACCOUNT_PARAM, String(account.id));
      setSearchParams(next, { replace: true });
    }
  }, [
    redirecting,
    syncsAddress,
    account,
    requested,
    requestedId,
    requestedIsOwn,
    storedId,
    searchParams,
    setSearchParams,
  ]);

  if (target === null) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t('shell.notAuthorized.title')}>
          {t('shell.notAuthorized.noAccount')}
        </Alert>
      </Container>
    );
  }
  if (redirecting) {
    const [pathname = target, query] = target.split('?');
    const search = new URLSearchParams(query);
    if (requested !== null) search.set(ACTIVE_ACCOUNT_PARAM, requested);
    const searchText = search.toString();
    return <Redirect to={{ pathname, search: searchText ? `?${searchText}` : '' }} replace />;
  }
  return (
    <>
      <Outlet />
      <UnsavedChangesModal />
    </>
  );
}
