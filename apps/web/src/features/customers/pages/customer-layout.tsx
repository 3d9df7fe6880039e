import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { showToast } from '../../../lib/feedback/toasts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { useEntityTitle } from '../../../lib/routing/page-title';
import { getCustomerQueryOptions } from '../api/get-customer';

/**
 * Entering /customers/{id} (spec 2): the customer is loaded first; when it cannot be loaded the
 * user goes back to the customer list with the reason. The address decides which customer is
 * shown: a customer loaded earlier is replaced ("Selected Customer needs to be reloaded to state").
 */
export function CustomerLayout() {
  const { id } = useParams();
  const customerId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const customer = useQuery({ ...getCustomerQueryOptions(customerId ?? 0), enabled: customerId !== null });
  const failed = customerId === null || customer.isError;
  // Its tabs are headed and titled with the customer's name.
  useEntityTitle('customers.customer', customer.data ? { text: customer.data.name } : undefined);

  useEffect(() => {
    if (failed) showToast({ appearance: 'warning', message: 'shell.customer.loadFailed' });
  }, [failed]);

  if (failed) return <Navigate to="/customers" replace />;
  if (customer.isPending) return <LoadingPage />;
  return <Outlet context={customer.data} />;
}
