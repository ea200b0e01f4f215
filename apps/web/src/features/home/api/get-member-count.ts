import type { MemberCount } from '@camo/shared/api.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMemberCount(): Promise<MemberCount> {
  return requestJson<MemberCount>('/api/members/count');
}

/** "Live": refreshed every minute while the home page is open. */
export const memberCountQueryOptions = queryOptions({
  queryKey: queryKeys.memberCount,
  queryFn: getMemberCount,
  refetchInterval: 60_000,
});

export function useMemberCount() {
  return useQuery(memberCountQueryOptions);
}
