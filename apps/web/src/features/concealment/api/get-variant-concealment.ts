import type { VariantConcealment } from '@camo/shared/concealment.schema';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { MAX_POLLS, pollWhileMissing } from '../lib/predictions';
import type { Light } from '@camo/shared/vocabulary';
import { duskMissing, lightQuery } from '@/lib/predictions';
import { queryKeys } from '@/lib/query-keys';

const missing = (data: VariantConcealment) => data.A.length === 0 || data.B.length === 0;

const variantConcealmentQueryOptions = (designId: string, light: Light) =>
  queryOptions({
    queryKey: queryKeys.variantConcealment(designId, light),
    // Asking at dawn or dusk has the server measure that light if it has not (decision 034).
    queryFn: () =>
      requestJson<VariantConcealment>(
        `/api/designs/${encodeURIComponent(designId)}/predicted-hiding/variants${lightQuery(light)}`,
      ),
    // Asked again while daylight's figures are missing, and at dawn or dusk while that light's are.
    refetchInterval: pollWhileMissing(
      (data: VariantConcealment) =>
        missing(data) || (light === 'twilight' && (duskMissing(data.A) || duskMissing(data.B))),
    ),
    // The same design's daylight figures stay on screen while dusk's are asked for (the page says they are coming).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === designId ? previous : undefined,
  });

/**
 * A and B's predictions on the choose screen in a light, asked again while either is missing.
 * `gaveUp` is true once the polling has stopped with one still missing.
 */
export function useVariantConcealment(designId: string, light: Light) {
  const options = variantConcealmentQueryOptions(designId, light);
  const query = useQuery(options);
  const answers = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  const gaveUp = query.data !== undefined && missing(query.data) && answers >= MAX_POLLS;
  return { ...query, gaveUp };
}
