import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateExpectedDeliveryRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { expectedDeliveriesKey } from './list-expected-deliveries';

/** Creates an expected delivery (no id) or changes one (with its id). */
export function useSaveExpectedDelivery(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TCreateExpectedDeliveryRequest }) => {
      const query = { activeAccountId: String(accountId) };
      return id
        ? unwrap(api.PUT('/api/expected-deliveries/{id}', { params: { path: { id }, query }, body }))
        : unwrap(api.POST('/api/expected-deliveries', { params: { query }, body }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expectedDeliveriesKey(accountId) }),
    meta: { handlesErrors: true },
  });
}
