import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManagedUser } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { discardUnsavedChanges } from '../../lib/routing/unsaved-changes';
import { useDeleteUser } from './api/delete-user';
import { errorCodeOf } from '../../lib/forms/form-validation';

/**
 * Deletes the user entirely (spec 2: irreversible, removes all permissions, access and data). The
 * administrator types the user's e-mail address to confirm.
 */
export function DeleteUserSection({ user, onDeleted }: { user: TManagedUser; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteUser(user.id);
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const failed = remove.isError;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="user-delete"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack>
        <Title order={2} size="h3" id="user-delete">
          {t('userAdmin.delete.title')}
        </Title>
        <Text size="sm">{t('userAdmin.delete.warning')}</Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            {t('userAdmin.delete.button')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('userAdmin.delete.title')} centered>
        <Stack>
          <Text>{t('userAdmin.delete.confirm', { name: user.displayName })}</Text>
          {failed && (
            <Alert color="red" role="alert">
              {errorCodeOf(remove.error) === 'USER_NOT_DELETED' || errorCodeOf(remove.error) === undefined
                ? t('userAdmin.delete.failed')
                : t('common.systemFeedback.generalError')}
            </Alert>
          )}
          <TextInput
            label={t('userAdmin.delete.typeEmail', { email: user.email })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!matches}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setOpened(false);
                    showSuccess('userAdmin.delete.done', { name: user.displayName });
                    discardUnsavedChanges();
                    onDeleted();
                  },
                })
              }
            >
              {t('userAdmin.delete.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
