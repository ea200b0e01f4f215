import type { PublicConfig } from '@camo/shared/api.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getConfig(): Promise<PublicConfig> {
  return requestJson<PublicConfig>('/api/config');
}

/** Public settings never change while the server runs: load once per page load. */
export const configQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: getConfig,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
