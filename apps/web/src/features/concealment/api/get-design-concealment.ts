import type { Observer } from '@camo/shared/concealment';
import type { DesignConcealment } from '@camo/shared/concealment.schema';
import type { Light } from '@camo/shared/vocabulary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { pollWhileMissing } from '../lib/predictions';
import { duskMissing } from '@/lib/predictions';
import { queryKeys } from '@/lib/query-keys';

const designConcealmentQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: queryKeys.concealment(designId),
    queryFn: () =>
      requestJson<DesignConcealment>(`/api/designs/${encodeURIComponent(designId)}/predicted-hiding`),
    staleTime: 60_000,
    // A design made (or edited) seconds ago may not have been predicted yet.
    refetchInterval: pollWhileMissing<DesignConcealment>(
      (data) => data.measuring === true || data.predictions.length === 0 || duskMissing(data.predictions),
    ),
  });

export const useDesignConcealment = (designId: string) => useQuery(designConcealmentQueryOptions(designId));

/** The design's photo with a crouching hunter wearing it at `distance`, as `observer` resolves it in `light`. */
export const concealmentViewUrl = (designId: string, observer: Observer, distance: number, light: Light) =>
  `/api/designs/${encodeURIComponent(designId)}/predicted-hiding/view?${new URLSearchParams({
    observer,
    distance: String(distance),
    // A daylight view keeps the address it had before there were lights (kept by browsers' caches).
    ...(light === 'daylight' ? {} : { light }),
  }).toString()}`;
