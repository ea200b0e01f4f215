import type { GalleryPage } from '@camo/shared/community.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { filtersToQuery, type GalleryFilters } from '../lib/gallery-filters';

export const galleryQueryKey = (filters: GalleryFilters) => ['gallery', filters] as const;

export async function getGalleryPage(
  filters: GalleryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToQuery(filters))) {
    if (value !== undefined) params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return requestJson<GalleryPage>(`/api/gallery?${params.toString()}`, { signal });
}

/** Twelve designs a page; `fetchNextPage` follows the server's opaque `nextCursor`. */
export const galleryQueryOptions = (filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: galleryQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getGalleryPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useGallery(filters: GalleryFilters) {
  return useInfiniteQuery(galleryQueryOptions(filters));
}
