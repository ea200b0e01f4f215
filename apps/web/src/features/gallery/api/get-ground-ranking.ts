import { pollWhile } from '@/lib/poll';
import type { Observer } from '@camo/shared/concealment';
import type { GroundRanking } from '@camo/shared/ground.schema';
import type { Light } from '@camo/shared/vocabulary';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { filtersToQuery, type GalleryFilters } from '../lib/gallery-filters';
import { queryKeys } from '@/lib/query-keys';

/** What a ranking is for: a ground photo, an eye and a light (the gallery's filters come beside it). */
export type GroundRankingFor = { photoId: string; observer: Observer; distance: number; light: Light };

/** Shares the ground queries' first key, so deleting the photo drops its rankings too. */
export const groundRankingQueryKey = (ground: GroundRankingFor, filters: GalleryFilters) =>
  [
    ...queryKeys.groundPhoto(ground.photoId),
    'ranking',
    {
      observer: ground.observer,
      distance: ground.distance,
      light: ground.light,
      state: filters.state,
      year: filters.year,
      month: filters.month,
    },
  ] as const;

/** While the top designs are still being scored in full, ask again this often (a page's cards update in place). */
export const REFINE_POLL_MS = 1500;
/** And give up after this many answers rather than poll forever. */
const MAX_REFINE_POLLS = 60;

export async function getGroundRankingPage(
  ground: GroundRankingFor,
  filters: GalleryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GroundRanking> {
  const { state, year, month } = filtersToQuery(filters);
  const params = new URLSearchParams({ observer: ground.observer, distance: String(ground.distance) });
  // Daylight's address stays as it was before there were lights (decision 034).
  if (ground.light !== 'daylight') params.set('light', ground.light);
  if (state) params.set('state', state);
  if (year) params.set('year', String(year));
  if (month) params.set('month', String(month));
  if (cursor) params.set('cursor', cursor);
  return requestJson<GroundRanking>(
    `/api/ground-photos/${encodeURIComponent(ground.photoId)}/ranking?${params.toString()}`,
    { signal },
  );
}

export const groundRankingQueryOptions = (ground: GroundRankingFor, filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: groundRankingQueryKey(ground, filters),
    queryFn: ({ pageParam, signal }) => getGroundRankingPage(ground, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: pollWhile(isRefining, { everyMs: REFINE_POLL_MS, atMost: MAX_REFINE_POLLS }),
  });

export const isRefining = (data: InfiniteData<GroundRanking, unknown>) =>
  data.pages.some((page) => page.refining);

/** The gallery ranked by predicted hiding in a ground photo, twelve at a time, with the filters. */
export const useGroundRanking = (ground: GroundRankingFor, filters: GalleryFilters) =>
  useInfiniteQuery(groundRankingQueryOptions(ground, filters));
