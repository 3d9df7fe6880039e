import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZRenamePasskeyRequest, PASSKEY_NAME_MAX_LENGTH, type TPasskey } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { formatDateTime } from '../../../lib/format';
import { describeDevice } from '../../../lib/passkeys/default-passkey-name';
import { supportsPasskeys } from '../../../lib/passkeys/passkey-ceremonies';
import { needsFreshSignIn, passkeyErrorKey } from '../../../lib/passkeys/passkey-errors';
import { appLinks } from '../../../lib/routing/links';
import { authSession } from '../../../lib/session/auth-session';
import { usePasskeys } from '../api/list-passkeys';
import { useRegisterPasskey } from '../api/register-passkey';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';

function RenamePasskeyModal({ passkey, onClose }: { passkey: TPasskey; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const form = useContractForm(ZRenamePasskeyRequest, { initialValues: { name: passkey.name } });
  const submit = form.onSubmit((values) =>
    rename.mutate(
      { passkeyId: passkey.id, name: values.name },
      {
        onSuccess: () => {
          showSuccess('passkeys.renamed');
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, t))
            form.setFieldError('name', t(passkeyErrorKey(error, 'register')));
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t('passkeys.renameTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('passkeys.name')}
            required
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemovePasskeyModal({ passkey, onClose }: { passkey: TPasskey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  return (
    <Modal opened onClose={onClose} title={t('passkeys.removeTitle')} withCloseButton={false} centered>
      <Text mb="lg">{t('passkeys.removeConfirm', { name: passkey.name })}</Text>
      {remove.isError && (
        <Alert color="red" role="alert" mb="md">
          {t(passkeyErrorKey(remove.error, 'register'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => {
                showSuccess('passkeys.removed');
                onClose();
              },
            })
          }
        >
          {t('passkeys.remove')}
        </Button>
      </Group>
    </Modal>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: TPasskey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder component="li" padding="sm" aria-label={passkey.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('passkeys.created', { date: formatDateTime(passkey.created, i18n.language) })}
          </Text>
          <Text size="sm" c="dimmed">
            {passkey.lastUsedAt
              ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, i18n.language) })
              : t('passkeys.neverUsed')}
          </Text>
          {passkey.backedUp && (
            <Text size="sm" c="dimmed">
              {t('passkeys.synced')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onRename}
            aria-label={t('passkeys.renameNamed', { name: passkey.name })}
          >
            {t('passkeys.rename')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={onRemove}
            aria-label={t('passkeys.removeNamed', { name: passkey.name })}
          >
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The account page's passkeys: add one (named after this browser and device until renamed),
 * rename, remove. Adding needs a recent sign-in; the page offers signing in again when the API
 * asks for it.
 */
export function PasskeysCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const { data: passkeys } = usePasskeys();
  const register = useRegisterPasskey();
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const supported = supportsPasskeys();
  const add = () => {
    const { browser, system } = describeDevice(navigator.userAgent);
    const name =
      browser && system
        ? t('passkeys.defaultName', { browser, system })
        : browser || system || t('passkeys.defaultNameUnknown');
    register.mutate(name, { onSuccess: () => showSuccess('passkeys.added') });
  };
  return (
    <Card withBorder component="section" aria-labelledby="account-passkeys">
      <Stack>
        <Title order={2} size="h3" id="account-passkeys">
          {t('passkeys.title')}
        </Title>
        <Text>{t('passkeys.description')}</Text>
        {passkeys && passkeys.length === 0 && <Text c="dimmed">{t('passkeys.none')}</Text>}
        {passkeys && passkeys.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="account-passkeys"
          >
            {passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={() => setRenaming(passkey)}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </Stack>
        )}
        {register.isError &&
          (needsFreshSignIn(register.error) ? (
            <Alert color="yellow" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('passkeys.errors.signInAgain')}</Text>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void authSession().signIn({ path: appLinks.account(), query: '' }, email, 'login')
                  }
                >
                  {t('account.signInAgain')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Alert color="red" role="alert">
              {t(passkeyErrorKey(register.error, 'register'))}
            </Alert>
          ))}
        {supported ? (
          <Group>
            <Button variant="default" loading={register.isPending} onClick={add}>
              {t('passkeys.add')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t('passkeys.errors.unsupported')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('passkeys.recoveryNote')}
        </Text>
      </Stack>
      {renaming && <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}
