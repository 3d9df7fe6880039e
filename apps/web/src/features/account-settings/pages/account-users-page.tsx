import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerUsersPanel } from '../../../components/user-admin/customer-users-panel';
import { useActiveAccount } from '../../../lib/session/active-account';
import { accountSettingsLinks } from '../account-settings-links';

/** The users of the active account, for its administrators (spec 2, /accountsettings/users). */
export function AccountUsersPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  if (!account) return null;
  return (
    <Stack>
      <CustomerUsersPanel
        key={account.id}
        customerId={account.id}
        heading={`${account.name} · ${t('titles.users')}`}
        userPath={accountSettingsLinks.user}
        invitePath={accountSettingsLinks.invite()}
      />
    </Stack>
  );
}
