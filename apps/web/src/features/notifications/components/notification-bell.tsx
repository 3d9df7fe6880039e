import { Anchor, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { TNotification } from '@service-hub/contracts';
import type { OpenOnLoad } from '../../../components/ui/deferred/deferred';
import { formatDateTime } from '../../../lib/format';
import { accessRequestsLinks } from '../../../lib/routing/access-requests-links';
import { alertsLinks } from '../../../lib/routing/alerts-links';
import { useClearNewNotifications } from '../api/clear-new-notifications';
import { receiveNotification, useNotifications } from '../api/list-notifications';
import { followNotificationStream } from '../api/notification-stream';
import { bellIndicator, NotificationBellButton } from './notification-bell-button';

function notificationText(t: TFunction, notification: TNotification) {
  return t(`shell.notifications.types.${notification.type}`, notification.payload);
}

/**
 * Where a notification leads: an alert to its account's alert page (in that account); an access
 * request to the account's requests, its approval to the account, its refusal to one's requests.
 */
function notificationLink(notification: TNotification): string | undefined {
  const customerId = Number(notification.payload.customerId);
  const hasAccount = Number.isInteger(customerId) && customerId > 0;
  if (notification.type === 'accessRequestReceived')
    return hasAccount
      ? accessRequestsLinks.accountRequestsOf(customerId)
      : accessRequestsLinks.accountRequests();
  if (notification.type === 'accessRequestApproved')
    return hasAccount ? accessRequestsLinks.dashboardOf(customerId) : accessRequestsLinks.myRequests();
  if (notification.type === 'accessRequestDeclined') return accessRequestsLinks.myRequests();
  if (notification.type !== 'alertRaised' && notification.type !== 'alertResolved') return undefined;
  return hasAccount ? alertsLinks.alertsOf(customerId) : alertsLinks.alerts();
}

/**
 * The bell: new notifications counted, the full list on click, pushed live from the server.
 * Loaded after the first paint; until then `NotificationBellPlaceholder` shows the count.
 */
export function NotificationBell({ openOnLoad }: OpenOnLoad) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useNotifications();
  const clearNew = useClearNewNotifications();

  useEffect(
    () => followNotificationStream((notification) => receiveNotification(queryClient, notification)),
    [queryClient],
  );

  const newCount = data?.newCount ?? 0;
  const notifications = data?.notifications ?? [];
  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal defaultOpened={openOnLoad}>
      {/* The target is the button itself: the popover's aria-expanded belongs on it, not on a div. */}
      <Indicator {...bellIndicator(newCount)}>
        <Popover.Target>
          <NotificationBellButton newCount={newCount} />
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            {t('shell.notifications.title')}
          </Text>
          {newCount > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => clearNew.mutate()}
              loading={clearNew.isPending}
            >
              {t('shell.notifications.clearNew')}
            </Button>
          )}
        </Group>
        {notifications.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('shell.notifications.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {notifications.map((notification) => {
                const link = notificationLink(notification);
                return (
                  <Box
                    key={notification.id}
                    component="li"
                    p="xs"
                    bg={notification.isNew ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ borderRadius: 4 }}
                  >
                    {link ? (
                      <Anchor
                        component={Link}
                        to={link}
                        size="sm"
                        fw={notification.isNew ? 600 : 400}
                        display="block"
                      >
                        {notificationText(t, notification)}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={notification.isNew ? 600 : 400}>
                        {notificationText(t, notification)}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(notification.created, i18n.language)}
                      {notification.isNew ? ` · ${t('shell.notifications.new')}` : ''}
                    </Text>
                  </Box>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
