import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManagedUser } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { useResetSecondFactors } from './api/reset-second-factors';

/**
 * For a user who lost a phone or security key: their passkeys and authenticator app go and every
 * session ends; the password and the e-mailed code remain, so they can sign in and enrol again.
 */
export function SecondFactorsSection({ user }: { user: TManagedUser }) {
  const { t } = useTranslation();
  const reset = useResetSecondFactors(user.id);
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder component="section" aria-labelledby="user-second-factors">
      <Stack align="flex-start">
        <Title order={2} size="h3" id="user-second-factors">
          {t('passkeys.reset.title')}
        </Title>
        <Text size="sm">{t('passkeys.reset.description')}</Text>
        <Button variant="default" onClick={() => setOpened(true)}>
          {t('passkeys.reset.button')}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('passkeys.reset.confirmTitle')}
        withCloseButton={false}
        centered
      >
        <Stack>
          <Text>{t('passkeys.reset.confirm', { name: user.displayName })}</Text>
          {reset.isError && (
            <Alert color="red" role="alert">
              {t('common.systemFeedback.generalError')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: (result) => {
                    setOpened(false);
                    showSuccess('passkeys.reset.done', { removed: result.passkeysRemoved });
                  },
                })
              }
            >
              {t('passkeys.reset.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
