import type {
  BestHiding,
  Concealment,
  HuntBoard,
  HuntHiddenResult,
  HuntInsights,
  HuntNothingToPlay,
  HuntPlayer,
  HuntRound,
  HuntRoundStart,
  HuntTapResult,
} from '@camo/shared/hunt.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Starts a round made for `viewport`: the room the page has for the picture (CSS pixels) and the
 * pixel ratio; of one breeding ground's current generation when `groundId` is given (decision
 * 038). `round: null` when nothing is left to play, with the words to say so.
 */
export const startRound = (viewport: HuntRoundStart['viewport'], groundId?: string) =>
  requestJson<HuntRound | HuntNothingToPlay>('/api/hunt/rounds', {
    method: 'POST',
    body: { viewport, ...(groundId ? { groundId } : {}) } satisfies HuntRoundStart,
  });

export const sendTap = (roundId: string, tap: { x: number; y: number }) =>
  requestJson<HuntTapResult>(`/api/hunt/rounds/${encodeURIComponent(roundId)}/taps`, {
    method: 'POST',
    body: tap,
  });

export const sendTimeout = (roundId: string) =>
  requestJson<Extract<HuntTapResult, { result: 'timeout' }>>(
    `/api/hunt/rounds/${encodeURIComponent(roundId)}/timeout`,
    { method: 'POST' },
  );

/** The page's tab was hidden during the round: the server makes it void. */
export const sendHidden = (roundId: string) =>
  requestJson<HuntHiddenResult>(`/api/hunt/rounds/${encodeURIComponent(roundId)}/hidden`, {
    method: 'POST',
    keepalive: true,
  });

/** The round's image, fetched once (the server serves it once and starts the clock). */
export async function fetchRoundImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`image ${response.status}`);
  return response.blob();
}

export const concealmentQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: [...queryKeys.hunt, 'concealment', designId],
    queryFn: () => requestJson<Concealment>(`/api/designs/${encodeURIComponent(designId)}/hunt`),
    staleTime: 30_000,
  });

export const playerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.hunt, 'player', userId],
    queryFn: () => requestJson<HuntPlayer>(`/api/users/${encodeURIComponent(userId)}/hunt`),
    staleTime: 30_000,
  });

export const boardQueryOptions = queryOptions({
  queryKey: [...queryKeys.hunt, 'board'],
  queryFn: () => requestJson<HuntBoard>('/api/hunt/board'),
  staleTime: 30_000,
});

export const useConcealment = (designId: string) => useQuery(concealmentQueryOptions(designId));
export const usePlayer = (userId: string | undefined) =>
  useQuery({ ...playerQueryOptions(userId ?? ''), enabled: Boolean(userId) });
export const useBoard = () => useQuery(boardQueryOptions);

/** Seconds with one decimal: 3.4 s. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const bestHidingQueryOptions = queryOptions({
  queryKey: [...queryKeys.hunt, 'best-hiding'],
  queryFn: () => requestJson<BestHiding>('/api/hunt/best-hiding'),
  staleTime: 5 * 60_000,
});
export const useBestHiding = () => useQuery(bestHidingQueryOptions);

export const insightsQueryOptions = queryOptions({
  queryKey: [...queryKeys.hunt, 'insights'],
  queryFn: () => requestJson<HuntInsights>('/api/hunt/insights'),
  staleTime: 60_000,
});
export const useInsights = () => useQuery(insightsQueryOptions);
