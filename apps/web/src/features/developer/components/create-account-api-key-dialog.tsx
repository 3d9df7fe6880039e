import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateAccountApiKeyRequest,
  type ApiKeyScope,
  type TCreateAccountApiKeyResponse,
} from '@service-hub/contracts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useCreateAccountApiKey } from '../api/create-account-api-key';
import { CopyableCode } from '../../../components/ui/copyable-code';
import { scopeLabelKey } from './scope-label';
import { shareableScopes } from './shareable-scopes';

type Values = { name: string; scopes: ApiKeyScope[] };

export type CreateAccountApiKeyDialogProps = {
  customerId: number;
  opened: boolean;
  onClose: () => void;
};

/**
 * Creates a key for the account with a name and what it may read. The key is in the answer only
 * (the server keeps its hash), so the dialog then shows it with a copy button until it is closed,
 * and says it will not be shown again. Only the scopes the user may share are offered (the server
 * refuses the others); with none, the dialog says why instead of offering a form that cannot work.
 */
export function CreateAccountApiKeyDialog({ customerId, opened, onClose }: CreateAccountApiKeyDialogProps) {
  const { t } = useTranslation();
  const create = useCreateAccountApiKey(customerId);
  const { data: user } = useCurrentUser();
  const scopes = shareableScopes(user, customerId);
  const [created, setCreated] = useState<TCreateAccountApiKeyResponse>();
  const form = useContractForm<Values>(ZCreateAccountApiKeyRequest, {
    initialValues: { name: '', scopes: scopes.slice(0, 1) },
  });
  const close = () => {
    setCreated(undefined);
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        if (!showServerFieldErrors(form, error, t))
          form.setFieldError('name', t('common.systemFeedback.errorApi'));
      },
    });
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(created ? 'developer.keys.createdTitle' : 'developer.keys.createTitle')}
      // A click beside the dialog must not throw away a key that is shown only once.
      closeOnClickOutside={!created}
      closeButtonProps={{ 'aria-label': t('developer.close') }}
      centered
    >
      {created ? (
        <Stack>
          <Alert color="yellow" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Stack gap={4}>
              <Text fw={700}>{t('developer.keys.created', { name: created.name })}</Text>
              <Text size="sm">{t('developer.keys.shownOnce')}</Text>
            </Stack>
          </Alert>
          <CopyableCode value={created.key} label={t('developer.keys.theKey')} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('developer.keys.done')}</Button>
          </Group>
        </Stack>
      ) : scopes.length === 0 ? (
        <Stack>
          <Text>{t('developer.keys.noShareableScopes')}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('developer.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('developer.keys.createTitle')}>
          <Stack>
            <TextInput
              label={t('developer.keys.name')}
              description={t('developer.keys.nameHelp')}
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Checkbox.Group
              label={t('developer.keys.scopes')}
              description={t('developer.keys.scopesHelp')}
              required
              {...form.getInputProps('scopes')}
            >
              <Stack gap="xs" mt="xs">
                {scopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={t(scopeLabelKey(scope))} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('developer.keys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
