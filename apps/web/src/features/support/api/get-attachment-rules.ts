import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const getAttachmentRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'attachment-rules'],
    queryFn: () => unwrap(api.GET('/api/support/attachment-rules')),
    staleTime: Infinity,
  });

export const useAttachmentRules = () => useQuery(getAttachmentRulesQueryOptions());
