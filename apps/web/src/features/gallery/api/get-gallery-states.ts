import type { GalleryStates } from '@camo/shared/community.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getGalleryStates(signal?: AbortSignal): Promise<GalleryStates> {
  return requestJson<GalleryStates>('/api/gallery/states', { signal });
}

/** Submitted designs per state, for the map: a code -> count lookup (states without designs are absent). */
export const galleryStatesQueryOptions = queryOptions({
  queryKey: queryKeys.galleryStates,
  queryFn: ({ signal }) => getGalleryStates(signal),
});

export function useGalleryStates() {
  return useQuery({
    ...galleryStatesQueryOptions,
    select: (reply) => new Map(reply.states.map(({ state, count }) => [state.toUpperCase(), count])),
  });
}
