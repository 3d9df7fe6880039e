import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { TCustomer } from '@service-hub/contracts';
import { CustomerUsersPanel } from '../../../components/user-admin/customer-users-panel';
import { customersLinks } from '../customers-links';

/** The users tab of a customer (spec 2): invite, open, change, revoke; invitations and export. */
export function CustomerUsersPage() {
  const { t } = useTranslation();
  const customer = useOutletContext<TCustomer>();
  return (
    <CustomerUsersPanel
      customerId={customer.id}
      heading={`${customer.name} · ${t('titles.users')}`}
      userPath={(userId) => customersLinks.user(customer.id, userId)}
      invitePath={customersLinks.invite(customer.id)}
    />
  );
}
