import type { PrivateProfile } from '@camo/shared/api.schema';
import { messages } from '@camo/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { meQueryKey } from '@/lib/me';
import { updateProfile } from './update-profile';

/** The promotions switch: flips at once, and flips back if the server says no. */
export function useUpdatePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowPromo: boolean) => updateProfile({ allowPromo }),
    onMutate: async (allowPromo) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<PrivateProfile | null>(meQueryKey);
      if (previous) queryClient.setQueryData(meQueryKey, { ...previous, allowPromo });
      return { previous };
    },
    onError: (_error, _allowPromo, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
      toast.error(messages.promoUpdateFailed);
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryKey, profile);
      toast.success(profile.allowPromo ? messages.promoEnabled : messages.promoDisabled);
    },
  });
}
