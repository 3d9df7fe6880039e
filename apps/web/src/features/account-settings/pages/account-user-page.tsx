import { useParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { UserEditor } from '../../../components/user-admin/user-editor';
import { useActiveAccount } from '../../../lib/session/active-account';
import { accountSettingsLinks } from '../account-settings-links';

/** A user of the administrator's accounts (spec 2, /accountsettings/users/{id}: loads the user first). */
export function AccountUserPage() {
  const { id } = useParams();
  const { account } = useActiveAccount();
  if (!id) return <Redirect to={accountSettingsLinks.users()} replace />;
  return <UserEditor key={id} userId={id} backPath={accountSettingsLinks.users()} customerId={account?.id} />;
}
