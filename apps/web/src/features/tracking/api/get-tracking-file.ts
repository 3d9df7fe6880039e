import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetTrackingFileResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { LIVE_REFRESH_MS } from './live-refresh';

export const getTrackingFileQueryOptions = (accountId: number, fileId: number) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'file', fileId],
    queryFn: (): Promise<TGetTrackingFileResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/files/{fileId}', {
          params: { path: { fileId: String(fileId) }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    // The page shows a refusal (403) itself.
    meta: { handlesErrors: true },
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingFile = (accountId: number, fileId: number) =>
  useQuery(getTrackingFileQueryOptions(accountId, fileId));
