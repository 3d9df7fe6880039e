import { Avatar, Button, Text } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCurrentUser } from '@service-hub/contracts';

/** The user menu's button, also shown alone until the menu's code has loaded. */
export function UserMenuButton({
  user,
  ...button
}: { user: TCurrentUser } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="sm"
      px="xs"
      aria-label={t('shell.userMenu.open', { name: user.displayName })}
      {...button}
    >
      {/* A person icon, not initials: visible text must be part of the button's name (WCAG 2.5.3). */}
      <Avatar size={28} radius="xl" color="blue" aria-hidden />
      <Text span size="sm" ml={8} visibleFrom="md">
        {user.displayName}
      </Text>
    </Button>
  );
}
