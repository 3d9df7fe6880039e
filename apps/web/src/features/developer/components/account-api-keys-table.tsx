import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAccountApiKey } from '@service-hub/contracts';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useRevokeAccountApiKey } from '../api/revoke-account-api-key';
import { scopeLabelKey } from './scope-label';

export type AccountApiKeysTableProps = { customerId: number; keys: readonly TAccountApiKey[] };

/**
 * The account's keys with what they may read, who made them and when they were last used (in the
 * user's locale), and revocation after a confirmation: a revoked key stops working at once.
 */
export function AccountApiKeysTable({ customerId, keys }: AccountApiKeysTableProps) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeAccountApiKey(customerId);
  const [revoking, setRevoking] = useState<TAccountApiKey>();
  const when = (value: string | null) =>
    value ? formatDateTime(value, i18n.language) : t('developer.keys.never');
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showSuccess('developer.keys.revoked', { name: revoking.name });
        setRevoking(undefined);
      },
    });
  };
  return (
    <>
      <ResponsiveTable
        rowKey={(key) => key.id}
        rows={keys}
        columns={[
          { key: 'name', header: t('developer.keys.name'), cell: (key) => key.name },
          {
            key: 'prefix',
            header: t('developer.keys.prefix'),
            cell: (key) => <Text ff="monospace" size="sm">{`${key.keyPrefix}…`}</Text>,
          },
          {
            key: 'scopes',
            header: t('developer.keys.scopes'),
            cell: (key) => key.scopes.map((scope) => t(scopeLabelKey(scope))).join(', '),
          },
          {
            key: 'created',
            header: t('developer.keys.createdColumn'),
            cell: (key) =>
              key.createdBy
                ? t('developer.keys.createdBy', { when: when(key.created), who: key.createdBy })
                : when(key.created),
          },
          { key: 'lastUsed', header: t('developer.keys.lastUsed'), cell: (key) => when(key.lastUsedAt) },
          {
            key: 'status',
            header: t('developer.keys.status'),
            cell: (key) =>
              key.revokedAt ? (
                <Badge color="gray" variant="light" c="dark.8" tt="none">
                  {t('developer.keys.revokedAt', { when: when(key.revokedAt) })}
                </Badge>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Badge color="green" variant="light" c="dark.8" tt="none">
                    {t('developer.keys.active')}
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRevoking(key)}
                    aria-label={t('developer.keys.revokeNamed', { name: key.name })}
                  >
                    {t('developer.keys.revoke')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <Modal
        opened={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={t('developer.keys.revokeTitle')}
        closeButtonProps={{ 'aria-label': t('developer.close') }}
        centered
      >
        <Stack>
          <Text>{t('developer.keys.revokeConfirm', { name: revoking?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={confirmRevoke}>
              {t('developer.keys.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
