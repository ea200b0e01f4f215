import type { TrophyWinner } from '@camo/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

export async function getContestWinners(): Promise<TrophyWinner[]> {
  return (await requestJson<{ winners: TrophyWinner[] }>('/api/contest/winners')).winners;
}

export const contestWinnersQueryOptions = queryOptions({
  queryKey: ['contest', 'winners'],
  queryFn: getContestWinners,
  staleTime: 5 * 60_000,
});

export function useContestWinners() {
  return useQuery(contestWinnersQueryOptions);
}
