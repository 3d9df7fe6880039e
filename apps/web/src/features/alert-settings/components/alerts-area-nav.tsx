import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHandleAllowed } from '../../../lib/access/route-access';
import {
  ALERT_NOTIFICATIONS_HANDLE,
  ALERT_SETTINGS_HANDLE,
  alertsLinks,
} from '../../../lib/routing/alerts-links';
import { withQuery } from '../../../lib/routing/link-query';
import type { RouteHandle } from '../../../lib/routing/route-definition';
import { useAccessSubject, useActiveAccount } from '../../../lib/session/active-account';

export type AlertsAreaPage = 'alerts' | 'settings' | 'notifications';

const PAGES: readonly { page: AlertsAreaPage; path: string; label: string; handle: RouteHandle }[] = [
  // The account's alerts (features/alerts): every user of the account, as its route says.
  { page: 'alerts', path: alertsLinks.alerts(), label: 'titles.alerts', handle: { activeAccount: true } },
  {
    page: 'settings',
    path: alertsLinks.settings(),
    label: 'titles.alertSettings',
    handle: ALERT_SETTINGS_HANDLE,
  },
  {
    page: 'notifications',
    path: alertsLinks.notifications(),
    label: 'titles.alertNotifications',
    handle: ALERT_NOTIFICATIONS_HANDLE,
  },
];

/** The pages of the alerts area this user may open in the active account, the current one marked. */
export function AlertsAreaNav({ active }: { active: AlertsAreaPage }) {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const subject = useAccessSubject();
  const pages = PAGES.filter(({ handle }) => isHandleAllowed(handle, subject));
  return (
    <Group component="nav" aria-label={t('titles.alerts')} gap="xs">
      {pages.map(({ page, path, label }) => (
        <Button
          key={page}
          component={Link}
          to={withQuery(path, account?.id)}
          variant={page === active ? 'light' : 'subtle'}
          aria-current={page === active ? 'page' : undefined}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
