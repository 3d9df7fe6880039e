import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Redirect } from '../ui/redirect';
import { showSuccess, showToast } from '../../lib/feedback/toasts';
import { formatDateTime } from '../../lib/format';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../lib/routing/unsaved-changes';
import { LoadingPage } from '../ui/loading-page';
import { useCurrentUser } from '../../lib/session/current-user';
import { useManagedUser } from './api/get-user';
import { useUnlockUser } from './api/unlock-user';
import { AccountSection } from './account-section';
import { DeleteUserSection } from './delete-user-section';
import { ProfileSection } from './profile-section';
import { SecondFactorsSection } from './second-factors-section';

export type UserEditorProps = {
  userId: string;
  /** The list to return to after deleting, or when the user cannot be shown. */
  backPath: string;
  /** The account the page was opened from: listed first. */
  customerId?: number;
};

/**
 * A user's page for administrators (spec 2: /users/{id}, /customers/{id}/users/{uid},
 * /accountsettings/users/{id}): name, roles, per-account permissions, revoking access to one
 * account, unlocking, resetting second factors, and deleting the user. Each part is shown only when the server allows it.
 */
export function UserEditor({ userId, backPath, customerId }: UserEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useManagedUser(userId);
  const unlock = useUnlockUser(userId);
  const { data: me } = useCurrentUser();
  const [dirtyParts, setDirtyParts] = useState<Record<string, boolean>>({});
  const reportDirty = useCallback(
    (part: string) => (dirty: boolean) =>
      setDirtyParts((current) => (current[part] === dirty ? current : { ...current, [part]: dirty })),
    [],
  );
  useReportUnsavedChanges(Object.values(dirtyParts).some(Boolean));
  useEffect(() => {
    if (user.isError) showToast({ appearance: 'warning', message: 'userAdmin.loadFailed' });
  }, [user.isError]);

  if (user.isError) return <Redirect to={backPath} replace />;
  if (!user.data) return <LoadingPage />;
  const data = user.data;
  const accounts = [...data.accounts].sort(
    (a, b) => Number(b.customerId === customerId) - Number(a.customerId === customerId),
  );
  const leave = () => {
    discardUnsavedChanges();
    void navigate(backPath);
  };
  return (
    <Stack maw={960}>
      <Stack gap={4}>
        <Title order={1}>{data.displayName}</Title>
        <Group gap="xs">
          <Text c="dimmed">{data.email}</Text>
          {!data.enabled && <Badge color="gray">{t('userAdmin.state.disabled')}</Badge>}
          {!data.emailVerified && <Badge variant="outline">{t('userAdmin.state.invited')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t('userAdmin.created', { date: formatDateTime(data.created, i18n.language) })}
        </Text>
      </Stack>
      {(data.lockout.password || data.lockout.mfa) && (
        <Alert color="red" role="status" title={t('userAdmin.lockout.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(data.lockout.password ? 'userAdmin.lockout.password' : 'userAdmin.lockout.mfa')}
            </Text>
            {data.allowed.unlock && (
              <Button
                size="xs"
                variant="default"
                loading={unlock.isPending}
                onClick={() =>
                  unlock.mutate(undefined, { onSuccess: () => showSuccess('userAdmin.lockout.unlocked') })
                }
              >
                {t('userAdmin.lockout.unlock')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <ProfileSection key={`${data.id}-${data.roles.join()}`} user={data} onDirty={reportDirty('profile')} />
      <Stack gap="sm" component="section" aria-labelledby="user-accounts">
        <Title order={2} size="h3" id="user-accounts">
          {t('userAdmin.accounts')}
        </Title>
        {data.otherAccounts > 0 && (
          <Text size="sm" c="dimmed">
            {t('userAdmin.otherAccounts', { count: data.otherAccounts })}
          </Text>
        )}
        {accounts.map((account) => (
          <AccountSection
            // Saved permissions start the editor afresh.
            key={`${account.customerId}-${account.permissionIds.join()}`}
            user={data}
            account={account}
            onDirty={reportDirty(`account-${account.customerId}`)}
            onRevoked={() => {
              // With the last account they administer gone, the user is no longer theirs to see.
              if (data.accounts.length === 1 && data.otherAccounts > 0) leave();
            }}
          />
        ))}
      </Stack>
      {/* Whoever may manage the whole user may reset their second factors; never one's own. */}
      {data.allowed.edit && me && me.id !== data.id && <SecondFactorsSection user={data} />}
      {data.allowed.delete && <DeleteUserSection user={data} onDeleted={leave} />}
    </Stack>
  );
}
