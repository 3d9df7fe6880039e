import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { reportSchedulesKey } from './list-report-schedules';

export function useUpdateReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      unwrap(
        api.PATCH('/api/report-schedules/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
          body: { paused },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey(accountId) }),
  });
}
