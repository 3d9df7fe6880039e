import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** The active account's e-mail domains and their automatic approval. */
export const listEmailDomainsQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: accessRequestKeys.domains(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/email-domains', { params: { query: { activeAccountId: String(customerId) } } })),
  });

export const useEmailDomains = (customerId: number) => useQuery(listEmailDomainsQueryOptions(customerId));
