import type { BredDesignPage, GroundCard, GroundPage, StartGround } from '@camo/shared/breeding.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { pollWhile } from '@/lib/poll';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/breeding/grounds (groundListSchema). */
export type GroundList = { grounds: GroundCard[] };

const groundPath = (id: string) => `/api/breeding/grounds/${encodeURIComponent(id)}`;

/** Every ground, newest first (public). */
export const groundsQueryOptions = queryOptions({
  queryKey: [...queryKeys.breeding, 'grounds'],
  queryFn: ({ signal }) => requestJson<GroundList>('/api/breeding/grounds', { signal }),
  staleTime: 30_000,
});

/**
 * A ground's page. While the server draws a generation (the first, or the next once one is
 * judged), the page asks again every few seconds until it is judging; for at most ten minutes.
 */
export const groundQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.breedingGround(id),
    queryFn: ({ signal }) => requestJson<GroundPage>(groundPath(id), { signal }),
    staleTime: 15_000,
    refetchInterval: pollWhile((ground: GroundPage) => ground.status !== 'judging', {
      everyMs: 4000,
      atMost: 150,
    }),
  });

export const bredDesignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.bredDesign(id),
    queryFn: ({ signal }) =>
      requestJson<BredDesignPage>(`/api/breeding/designs/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });

export const useGrounds = () => useQuery(groundsQueryOptions);
export const useGround = (id: string | null) =>
  useQuery({ ...groundQueryOptions(id ?? ''), enabled: Boolean(id) });
export const useBredDesign = (id: string) => useQuery(bredDesignQueryOptions(id));

/** Starts a ground (signed in): 201 with its id; a 400 says why in the server's words. */
export const startGround = (body: StartGround) =>
  requestJson<{ id: string }>('/api/breeding/grounds', { method: 'POST', body });

export function useStartGround() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startGround,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groundsQueryOptions.queryKey }),
  });
}

/** Takes a bred design into the gallery under a name (signed in): 201 with the gallery design's id. */
export function useTakeToGallery(bredDesignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      requestJson<{ designId: string }>(`/api/breeding/designs/${encodeURIComponent(bredDesignId)}/gallery`, {
        method: 'POST',
        body: { name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bredDesign(bredDesignId) }),
  });
}
