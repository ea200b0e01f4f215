import { voteStatusSchema, type VoteStatus } from '@camo/shared/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { designQueryKey } from '@/features/designs/api/design-actions';
import { requestJson } from '@/lib/api-client';

const votePath = (designId: string) => `/api/designs/${encodeURIComponent(designId)}/vote`;

export const voteQueryKey = (designId: string) => ['designs', designId, 'vote'] as const;

export async function getVoteStatus(designId: string): Promise<VoteStatus> {
  return voteStatusSchema.parse(await requestJson(votePath(designId)));
}

export async function castVote(designId: string): Promise<VoteStatus> {
  return voteStatusSchema.parse(await requestJson(votePath(designId), { method: 'POST', body: {} }));
}

export function useVoteStatus(designId: string, enabled: boolean) {
  return useQuery({ queryKey: voteQueryKey(designId), queryFn: () => getVoteStatus(designId), enabled });
}

/** The server counts a repeat vote once, so the reply is the truth to show. */
export function useCastVote(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => castVote(designId),
    onSuccess: (status) => {
      queryClient.setQueryData(voteQueryKey(designId), status);
      // The detail page's own count and the gallery's cards and ranks.
      void queryClient.invalidateQueries({ queryKey: designQueryKey(designId), exact: true });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
    },
  });
}
