import type { GalleryPage } from '@camo/shared/community.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import type { EyeChoice } from '@/lib/eye-choice';
import { filtersToQuery, type GalleryFilters } from '../lib/gallery-filters';
import { queryKeys } from '@/lib/query-keys';

/** "Hardest to spot" is ordered for an eye and distance (issue 39); the other sorts have none. */
const eyeFor = (filters: GalleryFilters, eye: EyeChoice) => (filters.sort === 'hiding' ? eye : null);

export const galleryQueryKey = (filters: GalleryFilters, eye: EyeChoice) =>
  [...queryKeys.gallery, filters, eyeFor(filters, eye)] as const;

export async function getGalleryPage(
  filters: GalleryFilters,
  eye: EyeChoice,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToQuery(filters))) {
    if (value !== undefined) params.set(key, String(value));
  }
  const ordered = eyeFor(filters, eye);
  if (ordered) {
    params.set('observer', ordered.observer);
    params.set('distance', String(ordered.distance));
  }
  if (cursor) params.set('cursor', cursor);
  return requestJson<GalleryPage>(`/api/gallery?${params.toString()}`, { signal });
}

/** Twelve designs a page; `fetchNextPage` follows the server's opaque `nextCursor`. */
export const galleryQueryOptions = (filters: GalleryFilters, eye: EyeChoice) =>
  infiniteQueryOptions({
    queryKey: galleryQueryKey(filters, eye),
    queryFn: ({ pageParam, signal }) => getGalleryPage(filters, eye, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useGallery(filters: GalleryFilters, eye: EyeChoice) {
  return useInfiniteQuery(galleryQueryOptions(filters, eye));
}
