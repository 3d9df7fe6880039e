import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCustomerUser } from '@service-hub/contracts';
import { downloadFile } from '../../lib/api/download';
import { handleGlobalError } from '../../lib/feedback/global-error-handler';
import { useAccountPermissions } from './api/list-account-permissions';
import { useCustomerUsers } from './api/list-customer-users';
import { BulkPermissionsModal } from './bulk-permissions-modal';
import { InvitationsTable } from './invitations-table';
import { permissionLabel } from './permission-label';

export type CustomerUsersPanelProps = {
  customerId: number;
  /** The page heading, e.g. "Göta Bostäder AB · Users". */
  heading: string;
  userPath: (userId: string) => string;
  invitePath: string;
};

/**
 * The users of one account with their permissions there, to invite, open, change many at once
 * and export; and the account's invitations. Shared by /customers/{id}/users and /accountsettings.
 */
export function CustomerUsersPanel({ customerId, heading, userPath, invitePath }: CustomerUsersPanelProps) {
  const { t } = useTranslation();
  const users = useCustomerUsers(customerId);
  const permissions = useAccountPermissions(customerId);
  const [selected, setSelected] = useState<TCustomerUser[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const permissionsById = new Map((permissions.data ?? []).map((p) => [p.id, p]));
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/customers/${customerId}/users/export`, `users-${customerId}.csv`);
    } catch (error) {
      handleGlobalError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{heading}</Title>
        <Group>
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
            {t('userAdmin.export')}
          </Button>
          <Button component={Link} to={invitePath}>
            {t('userAdmin.invite.button')}
          </Button>
        </Group>
      </Group>
      <Group>
        <Button
          variant="default"
          disabled={selected.length === 0}
          onClick={() => setBulkOpen(true)}
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          {t('userAdmin.bulk.open', { count: selected.length })}
        </Button>
        <Text size="sm" c="dimmed">
          {t('userAdmin.takesEffect')}
        </Text>
      </Group>
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        // Rows with their permission badges at once: a row does not change height when those arrive.
        records={(!permissions.isPending && users.data) || []}
        fetching={users.isPending || permissions.isPending}
        noRecordsText={t('administration.table.noResults')}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(user) => user.canChangePermissions}
        allRecordsSelectionCheckboxProps={{ 'aria-label': t('userAdmin.selectAll') }}
        getRecordSelectionCheckboxProps={(user) => ({
          'aria-label': t('userAdmin.select', { name: user.displayName }),
        })}
        columns={[
          {
            accessor: 'displayName',
            title: t('userAdmin.fields.name'),
            render: (user) => (
              <Anchor component={Link} to={userPath(user.id)}>
                {user.displayName}
              </Anchor>
            ),
          },
          { accessor: 'email', title: t('userAdmin.fields.email') },
          {
            accessor: 'roles',
            title: t('userAdmin.fields.roles'),
            render: (user) => user.roles.map((role) => t(`userAdmin.roles.${role}`)).join(', '),
          },
          {
            accessor: 'permissionIds',
            title: t('userAdmin.permissions'),
            // The services, compactly; the user's page lists each permission.
            render: (user) => {
              const held = user.permissionIds.flatMap((id) => permissionsById.get(id) ?? []);
              return (
                <Group gap={4} title={held.map(permissionLabel).join('\n')}>
                  {[...new Set(held.map((p) => p.prefix))].map((prefix) => (
                    <Badge key={prefix} variant="outline" size="sm">
                      {prefix}
                    </Badge>
                  ))}
                </Group>
              );
            },
          },
          {
            accessor: 'state',
            title: t('userAdmin.fields.state'),
            render: (user) => (
              <Group gap={4}>
                {!user.enabled && <Badge color="gray">{t('userAdmin.state.disabled')}</Badge>}
                {user.locked && <Badge color="red">{t('userAdmin.state.locked')}</Badge>}
                {user.hasOtherAccounts && (
                  <Badge variant="outline">{t('userAdmin.state.otherAccounts')}</Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
      {/* Below the users once their rows are there (they wait for the permissions too): their
          table's growth would move it (layout shift, seen when the permissions came last). */}
      {!users.isPending && !permissions.isPending && <InvitationsTable customerId={customerId} />}
      {bulkOpen && (
        <BulkPermissionsModal
          opened
          customerId={customerId}
          userIds={selected.map((u) => u.id)}
          onClose={() => {
            setBulkOpen(false);
            setSelected([]);
          }}
        />
      )}
    </Stack>
  );
}
