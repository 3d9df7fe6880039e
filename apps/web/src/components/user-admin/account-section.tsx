import { Badge, Button, Card, Checkbox, Fieldset, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManagedUser } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { useRevokeAccess } from './api/revoke-access';
import { useSetAccountPermissions } from './api/set-account-permissions';
import { permissionLabel } from './permission-label';

type Account = TManagedUser['accounts'][number];

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** One account of a user: their permissions there, and taking their access away ('access revoked'). */
export function AccountSection({
  user,
  account,
  onDirty,
  onRevoked,
}: {
  user: TManagedUser;
  account: Account;
  onDirty: (dirty: boolean) => void;
  onRevoked: () => void;
}) {
  const { t } = useTranslation();
  const setPermissions = useSetAccountPermissions(user.id);
  const revoke = useRevokeAccess(user.id);
  const [chosen, setChosen] = useState<number[]>(account.permissionIds);
  const [confirming, setConfirming] = useState(false);
  const dirty = !sameIds(chosen, account.permissionIds);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const headingId = `account-${account.customerId}`;
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id={headingId}>
            {account.name}
          </Title>
          <Badge variant="outline">{account.customerNumber}</Badge>
        </Group>
        <Fieldset
          variant="unstyled"
          legend={t('userAdmin.permissions')}
          disabled={!account.canChangePermissions}
        >
          <Stack gap={6} mt={4}>
            {account.available.map((permission) => (
              <Checkbox
                key={permission.id}
                label={permissionLabel(permission)}
                checked={chosen.includes(permission.id)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.currentTarget.checked
                      ? [...current, permission.id]
                      : current.filter((id) => id !== permission.id),
                  )
                }
              />
            ))}
            {account.available.length === 0 && <Text c="dimmed">{t('userAdmin.noPermissions')}</Text>}
          </Stack>
        </Fieldset>
        <Group>
          {account.canChangePermissions && (
            <Button
              disabled={!dirty}
              loading={setPermissions.isPending}
              onClick={() =>
                setPermissions.mutate(
                  { customerId: account.customerId, permissionIds: chosen },
                  { onSuccess: () => showSuccess('common.changesSaved') },
                )
              }
            >
              {t('userAdmin.savePermissions')}
            </Button>
          )}
          {account.canRevoke && (
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              {t('userAdmin.revoke.button')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('userAdmin.revoke.title')}
        centered
      >
        <Stack>
          <Text>{t('userAdmin.revoke.confirm', { name: user.displayName, customer: account.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(account.customerId, {
                  onSuccess: () => {
                    setConfirming(false);
                    showSuccess('userAdmin.revoke.done');
                    onRevoked();
                  },
                })
              }
            >
              {t('userAdmin.revoke.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
