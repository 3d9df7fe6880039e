import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkSetAccountPermissionsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useBulkPermissions(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkSetAccountPermissionsRequest) =>
      unwrap(
        api.POST('/api/customers/{id}/users/permissions', {
          params: { path: { id: String(customerId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
