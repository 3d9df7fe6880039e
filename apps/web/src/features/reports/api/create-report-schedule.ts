import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateReportScheduleRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { reportSchedulesKey } from './list-report-schedules';

export function useCreateReportSchedule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateReportScheduleRequest) =>
      unwrap(
        api.POST('/api/report-schedules', {
          params: { query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey(accountId) }),
  });
}
