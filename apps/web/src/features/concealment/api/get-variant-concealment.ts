import type { VariantConcealment } from '@camo/shared/concealment.schema';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { MAX_POLLS, pollWhileMissing } from '../lib/predictions';
import { duskMissing } from '@/lib/predictions';
import { queryKeys } from '@/lib/query-keys';

const missing = (data: VariantConcealment) => data.A.length === 0 || data.B.length === 0;
/** Asked again while daylight's figures are missing, and then dawn or dusk's (decision 034). */
const incomplete = (data: VariantConcealment) => missing(data) || duskMissing(data.A) || duskMissing(data.B);

const variantConcealmentQueryOptions = (designId: string) =>
  queryOptions({
    queryKey: queryKeys.variantConcealment(designId),
    queryFn: () =>
      requestJson<VariantConcealment>(
        `/api/designs/${encodeURIComponent(designId)}/predicted-hiding/variants`,
      ),
    refetchInterval: pollWhileMissing(incomplete),
  });

/**
 * A and B's predictions on the choose screen, asked again while either is missing. `gaveUp` is
 * true once the polling has stopped with one still missing.
 */
export function useVariantConcealment(designId: string) {
  const options = variantConcealmentQueryOptions(designId);
  const query = useQuery(options);
  const answers = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  const gaveUp = query.data !== undefined && missing(query.data) && answers >= MAX_POLLS;
  return { ...query, gaveUp };
}
