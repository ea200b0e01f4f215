import type { PrivateProfile } from '@camo/shared/api.schema';
import type { UpdateProfileRequest } from '@camo/shared/profile.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateProfile(changes: UpdateProfileRequest): Promise<PrivateProfile> {
  return requestJson<PrivateProfile>('/api/me', { method: 'PATCH', body: changes });
}

/** PATCH /api/me; the reply is the whole profile, which becomes the cached session user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.me, profile),
  });
}
