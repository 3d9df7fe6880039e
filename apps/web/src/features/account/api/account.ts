import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZPasswordChangeRequest, ZUpdateProfileRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user';

export const getMfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['current-user', 'mfa'], queryFn: () => unwrap(api.GET('/api/v3/user/mfa')) });

export const useMfaStatus = () => useQuery(getMfaStatusQueryOptions());

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof ZUpdateProfileRequest>) => unwrap(api.POST('/api/v3/user', { body })),
    onSuccess: (user) => queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user),
    meta: { handlesErrors: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.infer<typeof ZPasswordChangeRequest>) =>
      unwrap(api.POST('/api/auth/password', { body })),
    meta: { handlesErrors: true },
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { userId: string; email: string }) =>
      unwrap(api.POST('/api/administration/update-email', { body })),
    meta: { handlesErrors: true },
  });
}
