import type { Calibration } from '@camo/shared/concealment.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const calibrationQueryOptions = queryOptions({
  queryKey: [...queryKeys.hunt, 'calibration'],
  queryFn: () => requestJson<Calibration>('/api/predicted-hiding/calibration'),
  staleTime: 5 * 60_000,
});

/** How the predictor's order of designs agrees with the game's (a scheduled fit). */
export const useCalibration = () => useQuery(calibrationQueryOptions);
