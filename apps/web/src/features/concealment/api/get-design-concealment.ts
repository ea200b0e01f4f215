import type { Observer } from '@camo/shared/concealment';
import type { DesignConcealment } from '@camo/shared/concealment.schema';
import type { Light } from '@camo/shared/vocabulary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { pollWhileMissing } from '../lib/predictions';
import { duskMissing, lightQuery } from '@/lib/predictions';
import { queryKeys } from '@/lib/query-keys';

const designConcealmentQueryOptions = (designId: string, light: Light) =>
  queryOptions({
    queryKey: queryKeys.designConcealment(designId, light),
    // Asking at dawn or dusk has the server measure that light if it has not (decision 034).
    queryFn: () =>
      requestJson<DesignConcealment>(
        `/api/designs/${encodeURIComponent(designId)}/predicted-hiding${lightQuery(light)}`,
      ),
    staleTime: 60_000,
    // A design made (or edited) seconds ago may not have been predicted yet; dusk's figures follow.
    refetchInterval: pollWhileMissing<DesignConcealment>(
      (data) =>
        data.measuring === true ||
        data.predictions.length === 0 ||
        (light === 'twilight' && duskMissing(data.predictions)),
    ),
    // The same design's daylight figures stay on screen while dusk's are asked for (the page says they are coming).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === designId ? previous : undefined,
  });

export const useDesignConcealment = (designId: string, light: Light) =>
  useQuery(designConcealmentQueryOptions(designId, light));

/** The design's photo with a crouching hunter wearing it at `distance`, as `observer` resolves it in `light`. */
export const concealmentViewUrl = (designId: string, observer: Observer, distance: number, light: Light) =>
  `/api/designs/${encodeURIComponent(designId)}/predicted-hiding/view?${new URLSearchParams({
    observer,
    distance: String(distance),
    // A daylight view keeps the address it had before there were lights (kept by browsers' caches).
    ...(light === 'daylight' ? {} : { light }),
  }).toString()}`;
