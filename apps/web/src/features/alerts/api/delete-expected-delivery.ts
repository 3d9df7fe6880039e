import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { alertsKey } from './list-alerts';
import { expectedDeliveriesKey } from './list-expected-deliveries';

/** Deletes an expected delivery; its open alert is resolved, so the alerts are read again too. */
export function useDeleteExpectedDelivery(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/expected-deliveries/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: expectedDeliveriesKey(accountId) });
      await queryClient.invalidateQueries({ queryKey: alertsKey(accountId) });
    },
    meta: { handlesErrors: true },
  });
}
