import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const getCustomerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['customers', id],
    queryFn: () =>
      unwrap(
        api.GET('/api/legacy/customers/{id}', {
          params: { path: { id: String(id) }, query: { detailed: 'true' } },
        }),
      ),
    meta: { handlesErrors: true },
  });
