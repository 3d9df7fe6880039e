import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetScimGroupGrantsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { scimGroupsKey } from './list-scim-groups';

/** Replaces what a directory group grants; every member's access follows on the server at once. */
export function useSetScimGroupGrants(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: TSetScimGroupGrantsRequest }) =>
      unwrap(
        api.PUT('/api/customers/{id}/scim/groups/{groupId}/grants', {
          params: { path: { id: String(customerId), groupId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimGroupsKey(customerId) }),
    meta: { handlesErrors: true },
  });
}
