import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  SCIM_GRANT_ROLES,
  ZSetScimGroupGrantsRequest,
  type ScimGrantRole,
  type TScimGrantableAccount,
  type TScimGroup,
} from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useContractForm } from '../../../lib/forms/contract-form';
import { useSetScimGroupGrants } from '../api/set-scim-group-grants';

type GrantValues = { accountId: string | null; role: ScimGrantRole; permissionIds: string[] };
type Values = { grants: GrantValues[] };

export type EditGrantsDialogProps = {
  customerId: number;
  group: TScimGroup | undefined;
  accounts: readonly TScimGrantableAccount[];
  onClose: () => void;
};

const toRequest = (values: Values) => ({
  grants: values.grants.map((grant) => ({
    accountId: grant.accountId === null ? undefined : Number(grant.accountId),
    role: grant.role,
    permissionIds: grant.permissionIds.map(Number),
  })),
});

/** What the server's refusal means for the person editing (the message key). */
function refusalOf(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 403) return 'scim.groups.refusedForbidden';
    if (error.body?.errorCode === 'TOO_MANY_ACCOUNTS') return 'scim.groups.refusedTooMany';
    if (error.status === 400) return 'scim.groups.refusedInvalid';
  }
  return 'common.systemFeedback.errorApi';
}

/**
 * Maps one directory group to accounts, a role and service permissions. Only accounts the
 * administrator administers and permissions they may share are offered (the server checks again);
 * saving recomputes every member's access at once.
 */
export function EditGrantsDialog({ customerId, group, accounts, onClose }: EditGrantsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={group !== undefined}
      onClose={onClose}
      title={group?.displayName ?? ''}
      closeButtonProps={{ 'aria-label': t('scim.close') }}
      centered
      size="lg"
    >
      {group && (
        <GrantsForm
          key={group.id}
          customerId={customerId}
          group={group}
          accounts={accounts}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function GrantsForm({
  customerId,
  group,
  accounts,
  onClose,
}: Required<EditGrantsDialogProps> & { group: TScimGroup }) {
  const { t } = useTranslation();
  const save = useSetScimGroupGrants(customerId);
  const form = useContractForm<Values>(
    ZSetScimGroupGrantsRequest,
    {
      initialValues: {
        grants: group.grants.map((grant) => ({
          accountId: String(grant.accountId),
          role: grant.role,
          permissionIds: grant.permissionIds.map(String),
        })),
      },
    },
    toRequest,
  );
  const accountOf = (id: string | null) => accounts.find((account) => String(account.id) === id);
  const submit = form.onSubmit((values) => {
    save.mutate(
      { groupId: group.id, body: ZSetScimGroupGrantsRequest.parse(toRequest(values)) },
      {
        onSuccess: () => {
          showSuccess('scim.groups.saved', { name: group.displayName });
          onClose();
        },
        onError: (error) => form.setFieldError('grants', t(refusalOf(error))),
      },
    );
  });
  const errors = Object.entries(form.errors).filter(([path]) => path.startsWith('grants'));
  return (
    <form onSubmit={submit} noValidate aria-label={t('scim.groups.editNamed', { name: group.displayName })}>
      <Stack>
        <Text size="sm">{t('scim.groups.editHelp')}</Text>
        {form.values.grants.length === 0 && <Text size="sm">{t('scim.groups.noGrants')}</Text>}
        {form.values.grants.map((grant, index) => {
          const account = accountOf(grant.accountId);
          return (
            <Paper key={index} withBorder p="sm">
              <Stack gap="xs">
                <Group align="flex-end" wrap="wrap">
                  <Select
                    label={t('scim.groups.account')}
                    style={{ flex: '1 1 14rem' }}
                    data={accounts.map((a) => ({
                      value: String(a.id),
                      label: `${a.name} (${a.customerNumber})`,
                    }))}
                    searchable
                    required
                    {...form.getInputProps(`grants.${index}.accountId`)}
                    onChange={(value) => {
                      form.setFieldValue(`grants.${index}.accountId`, value);
                      form.setFieldValue(`grants.${index}.permissionIds`, []);
                    }}
                  />
                  <Select
                    label={t('scim.groups.role')}
                    style={{ flex: '1 1 12rem' }}
                    data={SCIM_GRANT_ROLES.map((role) => ({ value: role, label: t(`scim.roles.${role}`) }))}
                    allowDeselect={false}
                    {...form.getInputProps(`grants.${index}.role`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => form.removeListItem('grants', index)}
                    aria-label={t('scim.groups.removeGrant', {
                      account: account?.name ?? t('scim.groups.account'),
                    })}
                  >
                    ×
                  </ActionIcon>
                </Group>
                {account && (
                  <Checkbox.Group
                    label={t('scim.groups.permissions')}
                    {...form.getInputProps(`grants.${index}.permissionIds`)}
                  >
                    <Group gap="sm" mt={4}>
                      {account.permissions.length === 0 && (
                        <Text size="sm">{t('scim.groups.noPermissions')}</Text>
                      )}
                      {account.permissions.map((permission) => (
                        <Checkbox
                          key={permission.id}
                          value={String(permission.id)}
                          label={`${permission.prefix} · ${permission.name}`}
                        />
                      ))}
                    </Group>
                  </Checkbox.Group>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Button
          variant="light"
          onClick={() =>
            form.insertListItem('grants', { accountId: null, role: 'CustomerUser', permissionIds: [] })
          }
          disabled={form.values.grants.length >= accounts.length}
          w="fit-content"
        >
          {t('scim.groups.addGrant')}
        </Button>
        {errors.length > 0 && (
          <Alert color="red" role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {[...new Set(errors.map(([, message]) => String(message)))].join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('scim.groups.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
