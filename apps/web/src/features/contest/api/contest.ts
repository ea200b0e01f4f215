import type {
  ContestOverview,
  ContestResults,
  ContestStandings,
  DesignContest,
  DesignerWins,
  TrophyClub,
} from '@camo/shared/contest.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const contestOverviewQueryOptions = queryOptions({
  queryKey: [...queryKeys.contest, 'overview'],
  queryFn: () => requestJson<ContestOverview>('/api/contest'),
  staleTime: 15_000,
});

export const contestStandingsQueryOptions = queryOptions({
  queryKey: [...queryKeys.contest, 'standings'],
  queryFn: () => requestJson<ContestStandings>('/api/contest/standings'),
  staleTime: 15_000,
});

export const contestResultsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...queryKeys.contest, 'results', month],
    queryFn: () => requestJson<ContestResults>(`/api/contest/months/${encodeURIComponent(month)}`),
    // A closed month's result does not change.
    staleTime: Infinity,
  });

export const trophyClubQueryOptions = queryOptions({
  queryKey: [...queryKeys.contest, 'trophy-club'],
  queryFn: () => requestJson<TrophyClub>('/api/contest/winners'),
  staleTime: 5 * 60_000,
});

export const designContestQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: [...queryKeys.contest, 'design', designId],
    queryFn: () => requestJson<DesignContest>(`/api/designs/${encodeURIComponent(designId)}/contest`),
  });

export const designerWinsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.contest, 'wins', userId],
    queryFn: () => requestJson<DesignerWins>(`/api/users/${encodeURIComponent(userId)}/wins`),
    staleTime: 5 * 60_000,
  });

export const useContestOverview = () => useQuery(contestOverviewQueryOptions);
export const useTrophyClub = () => useQuery(trophyClubQueryOptions);
export const useDesignContest = (designId: string) => useQuery(designContestQueryOptions(designId));
export const useDesignerWins = (userId: string) => useQuery(designerWinsQueryOptions(userId));
