import { ActionIcon, Burger, Group, rem, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { MOBILE_SIDEBAR_BREAKPOINT_PX, type TCustomerSummary } from '@service-hub/contracts';
import { useRevokeAccess } from '../features/customers/api/revoke-access';
import { AccountSwitcher, LanguageMenu, UserMenu } from '../features/shell/components/deferred-header-parts';
import { SessionTimeoutWarning } from '../features/shell/components/session-timeout-warning';
import { StatusBanner } from '../features/shell/components/status-banner';
import { NotificationBell } from '../features/notifications/components/deferred-notification-bell';
import { SearchButton } from '../features/search/components/search-button';
import { Sidebar } from '../features/shell/components/sidebar';
import { ToastArea } from '../features/shell/components/toast-area';
import { isSidebarItemVisible, SIDEBAR_ITEMS } from '../features/shell/sidebar-items';
import {
  readSidebarCollapsed,
  SIDEBAR_ICONS_MAX_PX,
  storeSidebarCollapsed,
  type SidebarRange,
} from '../features/shell/sidebar-state';
import { useUpdateCheck } from '../features/shell/use-update-check';
import { chainUsesActiveAccount, resolveNavigation, rolesOf } from '../lib/access/route-access';
import { authSession } from '../lib/session/auth-session';
import { showSuccess } from '../lib/feedback/toasts';
import type { RouteHandle } from '../lib/routing/route-definition';
import { useRuntimeConfig } from '../lib/runtime-config';
import {
  ACTIVE_ACCOUNT_PARAM,
  useAccessSubject,
  useActiveAccount,
  useSwitchAccount,
} from '../lib/session/active-account';
import { getCurrentUserQueryOptions, useCurrentUser } from '../lib/session/current-user';
import { signedInRoutes } from './route-table';
import { useSidebarCounts } from './use-sidebar-counts';
import { appLinks } from '../lib/routing/links';
import { DeferredTooltip } from '../components/ui/deferred/tooltip';
import classes from './app-layout.module.css';

// Opens only when a provider administrator removes their access to an account.
const RemoveAccessDialog = lazy(() =>
  import('../features/shell/components/remove-access-dialog').then((chunk) => ({
    default: chunk.RemoveAccessDialog,
  })),
);

/** Queries that outlive an account switch; everything else belongs to the account. */

const HEADER_HEIGHT = 60;
/** On phones the active account gets a row of its own under the header. */
const ACCOUNT_ROW_HEIGHT = 48;
const SIDEBAR_WIDTH = 260;
const SIDEBAR_COLLAPSED_WIDTH = 68;
/**
 * react-remove-scroll (Mantine's modals) sets `right` of elements with this class name to the scrollbar it hides,
 * so the fixed header does not shift while a dialog is open.
 */
const KEEP_CLEAR_OF_HIDDEN_SCROLLBAR = 'right-scroll-bar-position';

/** Read before the first paint, so the frame does not open at one size and jump to another. */
const BEFORE_FIRST_PAINT = { getInitialValueInEffect: false };

/** The frame of every signed-in page: header, sidebar, the page, toasts. */
export function AppLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const config = useRuntimeConfig();
  const { data: user } = useCurrentUser();
  const { account, accounts } = useActiveAccount();
  const accessSubject = useAccessSubject();
  const switchAccount = useSwitchAccount();
  const revokeAccess = useRevokeAccess();
  const [mobileOpen, mobile] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const [removing, setRemoving] = useState<TCustomerSummary | null>(null);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_SIDEBAR_BREAKPOINT_PX}px)`, false, BEFORE_FIRST_PAINT);
  const isMidSize = useMediaQuery(`(max-width: ${SIDEBAR_ICONS_MAX_PX}px)`, false, BEFORE_FIRST_PAINT);
  const range: SidebarRange = isMidSize ? 'mid' : 'wide';
  const [collapsedIn, setCollapsedIn] = useState(() => ({
    mid: readSidebarCollapsed(localStorage, 'mid'),
    wide: readSidebarCollapsed(localStorage, 'wide'),
  }));
  const collapsed = collapsedIn[range];
  const toggleCollapsed = () => {
    storeSidebarCollapsed(localStorage, range, !collapsed);
    setCollapsedIn((current) => ({ ...current, [range]: !collapsed }));
  };
  const { activeAccountId, environment, hostname } = accessSubject;
  // Each entry is resolved through the route table (redirects, rights): worth doing again only
  // when the user or the account changes, not at every render of the frame.
  const items = useMemo(
    () =>
      SIDEBAR_ITEMS.filter((item) =>
        isSidebarItemVisible(
          item,
          signedInRoutes,
          { user, activeAccountId, environment, hostname },
          config.useAuthService,
        ),
      ),
    [user, activeAccountId, environment, hostname, config.useAuthService],
  );
  useUpdateCheck(config.buildId);
  // Whether the route guard would open a path as it is, in the account its address names.
  const canOpen = (path: string) => {
    const url = new URL(path, window.location.origin);
    const named = Number(url.searchParams.get(ACTIVE_ACCOUNT_PARAM));
    const subject = { ...accessSubject, activeAccountId: named > 0 ? named : activeAccountId };
    return resolveNavigation(signedInRoutes, url.pathname, subject) === url.pathname;
  };
  const sidebarCovers = isMobile && mobileOpen;
  useSidebarOverlay(sidebarCovers, mobile.close, burgerRef);
  // On a phone the sidebar is off screen until opened: its numbers wait until then.
  const sidebarCounts = useSidebarCounts(items, account?.id ?? null, !isMobile || mobileOpen);

  if (!user) return null;
  const chain = matches.map((m) => m.handle as RouteHandle | undefined);
  const showAccountSwitcher = config.useAuthService === 0 && account !== null;
  const accountRow = showAccountSwitcher && isMobile;
  const accountSearch =
    account && config.useAuthService === 0 ? `?${ACTIVE_ACCOUNT_PARAM}=${account.id}` : '';

  const selectAccount = (next: TCustomerSummary) => {
    if (next.id !== account?.id) switchAccount(next.id);
  };

  const accountSwitcher = (fullWidth: boolean) =>
    showAccountSwitcher &&
    account && (
      <AccountSwitcher
        accounts={accounts}
        active={account}
        onSelect={selectAccount}
        isProviderAdmin={rolesOf(user).includes('SF_ADMIN')}
        onRemoveAccess={setRemoving}
        notApplicable={!chainUsesActiveAccount(chain)}
        fullWidth={fullWidth}
      />
    );

  const confirmRemoval = async () => {
    if (!removing) return;
    await revokeAccess.mutateAsync({ userID: user.id, customerID: removing.id });
    setRemoving(null);
    showSuccess('shell.activeAccount.accessRemoved', { name: removing.name });
    // The stored choice falls back to the first remaining account if the active one went.
    await queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey });
  };

  const signOut = () => {
    // Clears local state, then ends the session at the server or identity provider (spec 4).
    queryClient.clear();
    void authSession().signOut();
  };

  return (
    <div
      className={classes.frame}
      data-mobile={isMobile || undefined}
      data-sidebar-open={mobileOpen || undefined}
      style={
        {
          '--frame-header-height': rem(HEADER_HEIGHT + (accountRow ? ACCOUNT_ROW_HEIGHT : 0)),
          // The frame only exists for signed-in users, so the sidebar always shows (spec 2).
          '--frame-sidebar-size': rem(collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH),
        } as CSSProperties
      }
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={`${classes.header} ${KEEP_CLEAR_OF_HIDDEN_SCROLLBAR}`}>
        <Group h={HEADER_HEIGHT} px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {isMobile && (
              <Burger
                ref={burgerRef}
                opened={mobileOpen}
                onClick={mobile.toggle}
                size="sm"
                aria-label={t(mobileOpen ? 'shell.sidebar.close' : 'shell.sidebar.open')}
                aria-expanded={mobileOpen}
              />
            )}
            <Text
              component={Link}
              to={appLinks.dashboard(accountSearch)}
              fw={700}
              size={isMobile ? 'md' : 'lg'}
              c="blue.8"
              style={{ whiteSpace: 'nowrap' }}
            >
              {t('app.title')}
            </Text>
            {!accountRow && accountSwitcher(false)}
          </Group>
          <Group gap={4} wrap="nowrap">
            <SearchButton canOpen={canOpen} />
            <LanguageMenu />
            <NotificationBell />
            <UserMenu user={user} onSignOut={signOut} />
          </Group>
        </Group>
        {accountRow && (
          <Group h={ACCOUNT_ROW_HEIGHT} px="sm" pb={8}>
            {accountSwitcher(true)}
          </Group>
        )}
      </header>
      {/* Closed on a phone, the sidebar is off screen: its links must not take keyboard focus. */}
      <div className={classes.sidebar} inert={isMobile && !mobileOpen}>
        {!isMobile && (
          <Group justify={collapsed ? 'center' : 'flex-end'} px="xs" pt="xs">
            <DeferredTooltip
              label={t(collapsed ? 'shell.sidebar.expand' : 'shell.sidebar.collapse')}
              position="right"
            >
              <ActionIcon
                variant="subtle"
                onClick={toggleCollapsed}
                aria-label={t(collapsed ? 'shell.sidebar.expand' : 'shell.sidebar.collapse')}
                aria-expanded={!collapsed}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={18} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={18} aria-hidden />
                )}
              </ActionIcon>
            </DeferredTooltip>
          </Group>
        )}
        <Sidebar
          items={items}
          collapsed={collapsed && !isMobile}
          search={accountSearch}
          counts={sidebarCounts}
          onNavigate={() => {
            // On narrow windows the sidebar covers the page: following a link hides it.
            if (isMobile) mobile.close();
          }}
        />
      </div>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
        {/* An open incident or maintenance under way (the public status page has the details). */}
        <StatusBanner />
      </main>
      <ToastArea />
      <SessionTimeoutWarning idleMinutes={config.sessionIdleMinutes} onSignOut={signOut} />
      {removing && (
        <Suspense>
          <RemoveAccessDialog
            account={removing}
            removing={revokeAccess.isPending}
            onCancel={() => setRemoving(null)}
            onConfirm={() => void confirmRemoval()}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * While the sidebar covers the page on a phone, the page behind it does not scroll and Escape closes
 * the sidebar, as it would a dialog.
 */
function useSidebarOverlay(covers: boolean, close: () => void, opener: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!covers) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [covers, close, opener]);
}
