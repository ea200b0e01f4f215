import type { PrivateProfile } from '@camo/shared/api.schema';
import { messages } from '@camo/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { updateProfile } from './update-profile';
import { queryKeys } from '@/lib/query-keys';

/** The promotions switch: flips at once, and flips back if the server says no. */
export function useUpdatePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowPromo: boolean) => updateProfile({ allowPromo }),
    onMutate: async (allowPromo) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.me });
      const previous = queryClient.getQueryData<PrivateProfile | null>(queryKeys.me);
      if (previous) queryClient.setQueryData(queryKeys.me, { ...previous, allowPromo });
      return { previous };
    },
    onError: (_error, _allowPromo, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.me, context.previous);
      toast.error(messages.promoUpdateFailed);
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.me, profile);
      toast.success(profile.allowPromo ? messages.promoEnabled : messages.promoDisabled);
    },
  });
}
