import { useOutletContext, useParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import type { TCustomer } from '@service-hub/contracts';
import { UserEditor } from '../../../components/user-admin/user-editor';
import { customersLinks } from '../customers-links';

/** A user of the customer (spec 2, /customers/{id}/users/{uid}: loads the user first, confirm leave). */
export function CustomerUserPage() {
  const customer = useOutletContext<TCustomer>();
  const { uid } = useParams();
  const usersPath = customersLinks.customer(customer.id, 'users');
  if (!uid) return <Redirect to={usersPath} replace />;
  return <UserEditor key={uid} userId={uid} backPath={usersPath} customerId={customer.id} />;
}
