import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InviteUserForm } from '../../../components/user-admin/invite-user-form';
import { useActiveAccount } from '../../../lib/session/active-account';
import { accountSettingsLinks } from '../account-settings-links';

/** Invites a user to the active account (spec 2, /accountsettings/users/invite). */
export function AccountInvitePage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  if (!account) return null;
  return (
    <Stack maw={720}>
      <Title order={1}>
        {account.name} · {t('titles.inviteUser')}
      </Title>
      <InviteUserForm
        key={account.id}
        customerId={account.id}
        customerName={account.name}
        usersPath={accountSettingsLinks.users()}
        userPath={accountSettingsLinks.user}
      />
    </Stack>
  );
}
