import type { DesignCard } from '@camo/shared/api.schema';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';

type CardPages = InfiniteData<{ designs: DesignCard[] }>;

/**
 * A design's card as the gallery (or a ground photo's ranking) last showed it, if this visit has
 * one: the design page reads what only the cards carry (versatility) from it. Nothing is fetched.
 */
export function useCachedCard(designId: string): DesignCard | undefined {
  const queryClient = useQueryClient();
  const cached = [
    ...queryClient.getQueriesData<CardPages>({ queryKey: ['gallery'] }),
    ...queryClient.getQueriesData<CardPages>({ queryKey: ['ground'] }),
  ];
  for (const [, data] of cached) {
    if (!data || !Array.isArray(data.pages)) continue;
    for (const page of data.pages) {
      const card = page.designs?.find((d) => d.id === designId);
      if (card) return card;
    }
  }
  return undefined;
}
