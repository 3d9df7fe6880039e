import { deferred } from '../../../components/ui/deferred/deferred';
import { AccountSwitcherButton } from './account-switcher-button';
import type { AccountSwitcherProps } from './account-switcher';
import { LanguageMenuButton } from './language-menu-button';
import type { UserMenuProps } from './user-menu';
import { UserMenuButton } from './user-menu-button';

/*
 * The header's menus load right after the first paint: a page shows without their dropdowns, and
 * their buttons are there from the start (docs/performance.md).
 */

export const UserMenu = deferred<UserMenuProps>(
  () => import('./user-menu').then((chunk) => chunk.UserMenu),
  ({ user, onOpen }) => <UserMenuButton user={user} onClick={onOpen} />,
);

export const LanguageMenu = deferred<object>(
  () => import('./language-menu').then((chunk) => chunk.LanguageMenu),
  ({ onOpen }) => <LanguageMenuButton onClick={onOpen} />,
);

export const AccountSwitcher = deferred<AccountSwitcherProps>(
  () => import('./account-switcher').then((chunk) => chunk.AccountSwitcher),
  ({ active, fullWidth, onOpen }) => (
    <AccountSwitcherButton active={active} fullWidth={fullWidth} onClick={onOpen} />
  ),
);
