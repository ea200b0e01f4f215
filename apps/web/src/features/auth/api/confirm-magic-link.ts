import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { emailForSignInKey } from './send-magic-link';
import { queryKeys } from '@/lib/query-keys';

/** `signUp`: confirmed on /signup, whose link was asked for with the terms agreed. */
export type ConfirmMagicLinkInput = { token: string; email: string; signUp?: boolean };

/** Spends the e-mailed token. Only an explicit click calls this: mail scanners open links too. */
export async function confirmMagicLink(input: ConfirmMagicLinkInput): Promise<void> {
  await requestJson('/api/auth/magic-link/confirm', { method: 'POST', body: input });
}

export function useConfirmMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMagicLink,
    onSuccess: async () => {
      try {
        localStorage.removeItem(emailForSignInKey);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
