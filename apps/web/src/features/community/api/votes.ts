import type { VoteStatus } from '@camo/shared/community.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const votePath = (designId: string) => `/api/designs/${encodeURIComponent(designId)}/vote`;

export async function getVoteStatus(designId: string): Promise<VoteStatus> {
  return requestJson<VoteStatus>(votePath(designId));
}

export async function castVote(designId: string): Promise<VoteStatus> {
  return requestJson<VoteStatus>(votePath(designId), { method: 'POST', body: {} });
}

export const voteStatusQueryOptions = (designId: string) =>
  queryOptions({ queryKey: queryKeys.designVote(designId), queryFn: () => getVoteStatus(designId) });

/**
 * The viewer's vote on a design. `known` is a status the page already has from the server (a
 * gallery card says whether the viewer has voted), so a card needs no request of its own; the
 * design page asks.
 */
export function useVoteStatus(designId: string, options: { enabled: boolean; known?: VoteStatus }) {
  return useQuery({
    ...voteStatusQueryOptions(designId),
    enabled: options.enabled,
    initialData: options.known,
    // A card's status is as fresh as its gallery page.
    staleTime: options.known ? 30_000 : 0,
  });
}

/**
 * Casting a vote shows at once (the count goes up, the button says Voted) and is rolled back if
 * the server refuses; the server's reply is then the truth to show (a repeat counts once).
 */
export function useCastVote(designId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.designVote(designId);
  return useMutation({
    mutationFn: () => castVote(designId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<VoteStatus>(key);
      if (previous && !previous.hasVoted)
        queryClient.setQueryData<VoteStatus>(key, { voteCount: previous.voteCount + 1, hasVoted: true });
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (status) => {
      queryClient.setQueryData(key, status);
      void queryClient.invalidateQueries({ queryKey: queryKeys.design(designId), exact: true });
      // The gallery's counts and ranks are stale now, but the page in view is not reordered
      // under the voter's finger: it refreshes the next time it is shown.
      void queryClient.invalidateQueries({ queryKey: queryKeys.gallery, refetchType: 'none' });
      // The contest's standings and this design's counted votes move with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.contest });
    },
  });
}
