import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSupportCaseRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { withFiles } from './message-form-data';

/** The form's fields: the request, with the linked items in their text form (`kind:id,…`). */
export type NewCaseFields = Omit<TCreateSupportCaseRequest, 'items'> & { items?: string };

export function useCreateSupportCase(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files }: { fields: NewCaseFields; files: File[] }) =>
      unwrap(
        api.POST('/api/v2/support/cases', {
          params: { query: { activeAccountId: String(accountId) } },
          body: fields,
          bodySerializer: withFiles(files),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'cases'] }),
    meta: { handlesErrors: true },
  });
}
