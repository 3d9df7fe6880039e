import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** Asked again every minute, for the browser's clock, so "open now" turns at the hour by itself. */
const REFRESH_MS = 60_000;

export const getSupportContactQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['support', 'contact', language],
    queryFn: () =>
      unwrap(
        api.GET('/api/support/contact', { params: { query: { language, at: new Date().toISOString() } } }),
      ),
    refetchInterval: REFRESH_MS,
  });

export const useSupportContact = (language: Language) => useQuery(getSupportContactQueryOptions(language));
