import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api/client';
import { handleGlobalError } from './feedback/global-error-handler';

/**
 * Failed queries and mutations go to the global error handler (spec 8) unless they declare
 * `meta: { handlesErrors: true }` because the screen shows the error itself. A 401 is never a
 * toast: the sign-in guard takes the user to sign in again.
 */
const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
  if (meta?.handlesErrors) return;
  if (error instanceof ApiRequestError && error.status === 401) return;
  handleGlobalError(error);
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors will not get better by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
