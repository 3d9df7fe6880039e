import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiKey } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { AdministrationNav } from '../components/administration-nav';
import { CreateApiKeyForm } from '../components/create-api-key-form';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';

/**
 * API keys of the production and print systems that deliver tracking data (POST /api/ingest):
 * provider staff create them for named customers, see their last use and revoke them.
 */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<TApiKey>();
  const when = (value: string | null) =>
    value ? formatDateTime(value, i18n.language) : t('administration.apiKeys.never');
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showSuccess('administration.apiKeys.revoked', { name: revoking.name });
        setRevoking(undefined);
      },
    });
  };
  return (
    <Stack>
      <Title order={1}>{t('titles.apiKeys')}</Title>
      <AdministrationNav active="api-keys" />
      <Text maw={720}>{t('administration.apiKeys.intro')}</Text>
      <CreateApiKeyForm />
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={keys.data ?? []}
        fetching={keys.isPending}
        noRecordsText={t('administration.apiKeys.empty')}
        aria-label={t('titles.apiKeys')}
        scrollAreaProps={KEYBOARD_SCROLLABLE}
        columns={[
          { accessor: 'name', title: t('administration.apiKeys.name') },
          {
            accessor: 'keyPrefix',
            title: t('administration.apiKeys.prefix'),
            render: (key) => <Text ff="monospace" size="sm">{`${key.keyPrefix}…`}</Text>,
          },
          {
            accessor: 'customers',
            title: t('administration.apiKeys.customers'),
            render: (key) => key.customers.map((c) => `${c.name} (${c.customerNumber})`).join(', '),
          },
          {
            accessor: 'created',
            title: t('administration.apiKeys.createdColumn'),
            render: (key) =>
              key.createdBy
                ? t('administration.apiKeys.createdBy', { when: when(key.created), who: key.createdBy })
                : when(key.created),
          },
          {
            accessor: 'lastUsedAt',
            title: t('administration.apiKeys.lastUsed'),
            render: (key) => when(key.lastUsedAt),
          },
          {
            accessor: 'revokedAt',
            title: t('administration.apiKeys.status'),
            render: (key) =>
              key.revokedAt ? (
                <Badge color="gray" variant="light" c="dark.8" tt="none">
                  {t('administration.apiKeys.revokedAt', { when: when(key.revokedAt) })}
                </Badge>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Badge color="green" variant="light" c="dark.8" tt="none">
                    {t('administration.apiKeys.active')}
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRevoking(key)}
                    aria-label={t('administration.apiKeys.revokeNamed', { name: key.name })}
                  >
                    {t('administration.apiKeys.revoke')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <Modal
        opened={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={t('administration.apiKeys.revokeTitle')}
        centered
      >
        <Stack>
          <Text>{t('administration.apiKeys.revokeConfirm', { name: revoking?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={confirmRevoke}>
              {t('administration.apiKeys.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
