import { Alert, Button, Loader, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TScimGroup, TListScimGroupsResponse } from '@service-hub/contracts';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatNumber } from '../../../lib/format';
import { useScimGroups } from '../api/list-scim-groups';
import { EditGrantsDialog } from './edit-grants-dialog';

export type ScimGroupsSectionProps = { customerId: number };

/** What a group's grants give, in words: "Mälardalens Vatten AB: Customer user, 2 permissions". */
function grantsText(group: TScimGroup, data: TListScimGroupsResponse, t: TFunction) {
  if (group.grants.length === 0) return t('scim.groups.noAccess');
  return group.grants
    .map((grant) => {
      const account = data.accounts.find((a) => a.id === grant.accountId);
      return t('scim.groups.grantSummary', {
        account: account?.name ?? t('scim.groups.otherAccount', { id: grant.accountId }),
        role: t(`scim.roles.${grant.role}`),
        count: grant.permissionIds.length,
      });
    })
    .join('; ');
}

/** The groups the directory pushed, and what membership of each gives in the Hub. */
export function ScimGroupsSection({ customerId }: ScimGroupsSectionProps) {
  const { t, i18n } = useTranslation();
  const groups = useScimGroups(customerId);
  const [editing, setEditing] = useState<TScimGroup>();
  return (
    <section aria-labelledby="scim-groups">
      <Title order={2} size="h3" id="scim-groups" mb="xs">
        {t('scim.groups.heading')}
      </Title>
      <Text maw={720} mb="sm">
        {t('scim.groups.intro')}
      </Text>
      {groups.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : groups.isError ? (
        <Alert
          color="red"
          role="alert"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('common.systemFeedback.generalError')}
        >
          <Button size="xs" variant="default" onClick={() => void groups.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : groups.data.groups.length === 0 ? (
        <Text>{t('scim.groups.empty')}</Text>
      ) : (
        <ResponsiveTable
          rowKey={(group) => group.id}
          rows={groups.data.groups}
          columns={[
            { key: 'name', header: t('scim.groups.name'), cell: (group) => group.displayName },
            {
              key: 'members',
              header: t('scim.groups.members'),
              cell: (group) => formatNumber(group.memberCount, i18n.language),
            },
            {
              key: 'grants',
              header: t('scim.groups.grants'),
              cell: (group) => grantsText(group, groups.data, t),
            },
            {
              key: 'edit',
              header: t('scim.groups.actions'),
              cell: (group) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setEditing(group)}
                  aria-label={t('scim.groups.editNamed', { name: group.displayName })}
                >
                  {t('scim.groups.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <EditGrantsDialog
        customerId={customerId}
        group={editing}
        accounts={groups.data?.accounts ?? []}
        onClose={() => setEditing(undefined)}
      />
    </section>
  );
}
