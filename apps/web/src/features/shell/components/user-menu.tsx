import { Menu, Text } from '@mantine/core';
import { IconCookie, IconLogout, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCurrentUser } from '@service-hub/contracts';
import { roleLabelKey } from '../user-role';
import { accessRequestsLinks } from '../../../lib/routing/access-requests-links';
import { appLinks } from '../../../lib/routing/links';
import type { OpenOnLoad } from '../../../components/ui/deferred/deferred';
import { UserMenuButton } from './user-menu-button';

type ConsentTool = { renew: () => void };

/** The cookie-consent tool, when the tag manager has loaded one (Cookiebot's API). */
function consentTool(): ConsentTool | undefined {
  const tool: unknown = Reflect.get(window, 'Cookiebot');
  return typeof tool === 'object' && tool !== null && 'renew' in tool && typeof tool.renew === 'function'
    ? (tool as ConsentTool)
    : undefined;
}

export type UserMenuProps = { user: TCurrentUser; onSignOut: () => void };

/**
 * The user menu: name, role, cookie settings (only with a consent tool), Account and sign out.
 * Loaded after the first paint (`user-menu-deferred.tsx`).
 */
export function UserMenu({ user, onSignOut, openOnLoad }: UserMenuProps & OpenOnLoad) {
  const { t } = useTranslation();
  const consent = consentTool();
  const { displayName, email } = user;
  return (
    <Menu position="bottom-end" shadow="md" width={240} defaultOpened={openOnLoad}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {displayName}
          </Text>
          <Text size="xs">{email}</Text>
          <Text size="xs">{t(roleLabelKey(user))}</Text>
        </Menu.Label>
        <Menu.Item component={Link} to={appLinks.account()} leftSection={<IconUser size={16} aria-hidden />}>
          {t('titles.account')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={accessRequestsLinks.myRequests()}
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          {t('shell.userMenu.accessRequests')}
        </Menu.Item>
        {consent && (
          <Menu.Item leftSection={<IconCookie size={16} aria-hidden />} onClick={() => consent.renew()}>
            {t('shell.userMenu.cookieSettings')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          {t('common.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
