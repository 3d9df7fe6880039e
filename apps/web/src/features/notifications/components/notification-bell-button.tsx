import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/list-notifications';

/** The red count on the bell. */
export const bellIndicator = (newCount: number) => ({
  label: newCount,
  size: 16,
  disabled: newCount === 0,
  offset: 6,
  color: 'red',
});

/** The bell's button. */
export function NotificationBellButton({
  newCount,
  ...button
}: { newCount: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={t('shell.notifications.open', { count: newCount })}
      {...button}
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
}

/** The bell with its count, shown until the list's code has loaded. */
export function NotificationBellPlaceholder({ onOpen }: { onOpen: () => void }) {
  const { data } = useNotifications();
  const newCount = data?.newCount ?? 0;
  return (
    <Indicator {...bellIndicator(newCount)}>
      <NotificationBellButton newCount={newCount} onClick={onOpen} />
    </Indicator>
  );
}
