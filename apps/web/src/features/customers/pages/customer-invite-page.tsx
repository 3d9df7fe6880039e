import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { TCustomer } from '@service-hub/contracts';
import { InviteUserForm } from '../../../components/user-admin/invite-user-form';
import { customersLinks } from '../customers-links';

/** Invites a user to the customer (spec 2, /customers/{id}/users/invite, confirm leave). */
export function CustomerInvitePage() {
  const { t } = useTranslation();
  const customer = useOutletContext<TCustomer>();
  return (
    <Stack maw={720}>
      <Title order={1}>
        {customer.name} · {t('titles.inviteUser')}
      </Title>
      <InviteUserForm
        customerId={customer.id}
        customerName={customer.name}
        usersPath={customersLinks.customer(customer.id, 'users')}
        userPath={(userId) => customersLinks.user(customer.id, userId)}
      />
    </Stack>
  );
}
