import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateReportScheduleRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { reportSchedulesKey } from './list-report-schedules';

export function useUpdateReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateReportScheduleRequest & { id: string }) =>
      unwrap(
        api.PATCH('/api/report-schedules/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey(accountId) }),
  });
}
