import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { reportSchedulesKey } from './list-report-schedules';

export function useDeleteReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/report-schedules/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey(accountId) }),
  });
}
