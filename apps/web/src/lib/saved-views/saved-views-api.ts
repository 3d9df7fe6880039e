import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedViewList, TCreateSavedViewRequest, TSavedView } from '@service-hub/contracts';
import { api, unwrap } from '../api/client';

/*
 * Saved views of a list and the user's columns of a list, stored on the server (the same on every
 * device). Any list of the app can use them: tracking's files and documents, EDI tracking's lists.
 */

const viewsKey = (accountId: number, list: SavedViewList) => ['savedViews', accountId, list] as const;

export function useSavedViews(accountId: number, list: SavedViewList) {
  return useQuery({
    queryKey: viewsKey(accountId, list),
    queryFn: (): Promise<TSavedView[]> =>
      unwrap(
        api.GET('/api/saved-views', { params: { query: { list, activeAccountId: String(accountId) } } }),
      ),
    enabled: accountId > 0,
  });
}

export function useCreateSavedView(accountId: number, list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: Omit<TCreateSavedViewRequest, 'list'>): Promise<TSavedView> =>
      unwrap(
        api.POST('/api/saved-views', {
          params: { query: { activeAccountId: String(accountId) } },
          body: { ...view, list },
        }),
      ),
    // A taken name is shown next to the field.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey(accountId, list) }),
  });
}

export function useDeleteSavedView(accountId: number, list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/saved-views/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewsKey(accountId, list) }),
  });
}

const columnsKey = (list: SavedViewList) => ['listColumns', list] as const;

export function useListColumns(list: SavedViewList) {
  return useQuery({
    queryKey: columnsKey(list),
    queryFn: () => unwrap(api.GET('/api/list-columns/{list}', { params: { path: { list } } })),
    staleTime: Infinity,
  });
}

export function useSaveListColumns(list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: string[]) =>
      unwrap(api.PUT('/api/list-columns/{list}', { params: { path: { list } }, body: { columns } })),
    onSuccess: (saved) => queryClient.setQueryData(columnsKey(list), saved),
  });
}
