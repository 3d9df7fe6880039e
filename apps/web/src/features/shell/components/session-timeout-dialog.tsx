import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../lib/session/idle-timeout';

export type SessionTimeoutDialogProps = { msLeft: number; onStay: () => void; onSignOut: () => void };

/** The warning before an idle session ends (see `SessionTimeoutWarning`, which decides when). */
export function SessionTimeoutDialog({ msLeft, onStay, onSignOut }: SessionTimeoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onStay} title={t('shell.sessionTimeout.title')} withCloseButton={false} centered>
      <Text mb="xs">{t('shell.sessionTimeout.message')}</Text>
      <Text mb="lg" fw={700} aria-live="off">
        {t('shell.sessionTimeout.countdown', { time: formatCountdown(msLeft) })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSignOut}>
          {t('shell.sessionTimeout.signOutNow')}
        </Button>
        <Button onClick={onStay} data-autofocus>
          {t('shell.sessionTimeout.staySignedIn')}
        </Button>
      </Group>
    </Modal>
  );
}
